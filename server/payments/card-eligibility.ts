import { BFL_CARD_PATTERN, isBflPrefix, type InstalmentPlan } from '../../region-config/instalments';
import type { CardIssuer } from './card-issuers';

/**
 * Why a card cannot pay a plan: a BFL plan without the BFL card, the BFL card on another plan, a bank outside the plan,
 * a debit card the bank gives no EMI on.
 */
export type PlanCardRefusal = 'bfl_card_needed' | 'only_bfl_plans' | 'bank' | 'debit';

/** The card a plan is charged to, as recorded with the plan. */
export interface PlanCard {
  bank: string;
  cardKind: 'credit' | 'debit' | 'emi';
}

/**
 * A number with the BFL card's prefix but not its format (16 digits). Such a number is refused with the BFL card's
 * own message before the general card checks, which would only call it an invalid card.
 */
export const malformedBflCard = (digits: string): boolean => isBflPrefix(digits) && !BFL_CARD_PATTERN.test(digits);

/**
 * Whether the card of `issuer` (null: no known issuer) can pay `plan`: the BFL EMI card pays its own plans and
 * nothing else, other plans take the cards of their banks, and debit cards only of the banks that give EMI on them.
 * @example cardForPlan(plan, issuers.issuer(digits)) // { ok: true, card: { bank: 'hdfc', cardKind: 'credit' } }
 */
export function cardForPlan(
  plan: Pick<InstalmentPlan, 'network' | 'banks' | 'debitBanks'>,
  issuer: CardIssuer | null,
): { ok: true; card: PlanCard } | { ok: false; refusal: PlanCardRefusal } {
  if (plan.network === 'bfl')
    return issuer?.bank === 'bfl'
      ? { ok: true, card: { bank: 'bfl', cardKind: 'emi' } }
      : { ok: false, refusal: 'bfl_card_needed' };
  if (issuer?.bank === 'bfl') return { ok: false, refusal: 'only_bfl_plans' };
  if (!issuer || !plan.banks.includes(issuer.bank)) return { ok: false, refusal: 'bank' };
  if (issuer.kind === 'debit' && !plan.debitBanks.includes(issuer.bank)) return { ok: false, refusal: 'debit' };
  return { ok: true, card: { bank: issuer.bank, cardKind: issuer.kind } };
}
