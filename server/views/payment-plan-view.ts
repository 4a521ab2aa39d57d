import type { FromSchema } from 'json-schema-to-ts';
import { translate as t } from '../i18n';
import type { Storefront } from '../storefront';
import { money } from '../mail/order-mails';
import {
  BANKS,
  bnplOffers,
  bnplRefusal,
  instalmentSchedule,
  plansFor,
  type BnplOffer,
  type BnplRefusal,
} from '../../region-config/instalments';
import type { PlannedPayment } from '../repositories/payments';
import type { BnplOfferView, InstalmentPlanOffer, PlanView, planOffersProperties } from '../schemas/payment-plans';

type PlanOffers = { [K in keyof typeof planOffersProperties]: FromSchema<(typeof planOffersProperties)[K]> };

/** Banks by id with their names, in the order given. */
export const bankNames = (ids: readonly string[]) => ids.map((id) => ({ id, name: BANKS[id]?.name ?? id }));

/** The catalogue message of a pay-later provider that cannot take the order. */
export function refusalMessage(storefront: Storefront, offer: BnplOffer, refusal: BnplRefusal): string {
  switch (refusal) {
    case 'below_minimum':
      return t(storefront, 'payment.bnpl.refused.belowMinimum', {
        provider: offer.name,
        amount: money(storefront, offer.minAmount, offer.currency),
      });
    case 'above_maximum':
      return t(storefront, 'payment.bnpl.refused.aboveMaximum', {
        provider: offer.name,
        amount: money(storefront, offer.maxAmount, offer.currency),
      });
    case 'account_too_new':
      return t(storefront, 'payment.bnpl.refused.accountTooNew', {
        provider: offer.name,
        count: offer.minAccountAgeDays,
      });
    case 'currency':
      return t(storefront, 'payment.bnpl.refused.currency', { provider: offer.name });
  }
}

/** The message when no pay-later provider of the country takes the order. */
export const noEligibleBnpl = (storefront: Storefront) => t(storefront, 'payment.bnpl.error.noEligible');

/**
 * What an order of `due` (minor units) may be paid with besides a card: the plans it reaches and the pay-later offers.
 */
export function planOffers(
  storefront: Storefront,
  due: number,
  currency: string,
  accountAgeDays: number,
): PlanOffers & { methods: string[] } {
  const plans = due > 0 ? plansFor(storefront.local, due, currency) : [];
  const instalmentPlans = plans.map((p): InstalmentPlanOffer => {
    const s = instalmentSchedule(due, p.months, p.monthlyRateBp);
    return {
      id: p.id,
      network: p.network,
      months: p.months,
      monthly_rate_bp: p.monthlyRateBp,
      monthly: s.monthly,
      last_monthly: s.last,
      interest: s.interest,
      total: s.total,
      min_amount: p.minAmount,
      banks: bankNames(p.banks),
      debit_banks: bankNames(p.debitBanks),
    };
  });
  const bnpl = bnplOffers(storefront.local).map((o): BnplOfferView => {
    const refusal = due > 0 ? bnplRefusal(o, due, currency, accountAgeDays) : 'below_minimum';
    const s = due > 0 ? instalmentSchedule(due, o.parts, 0) : null;
    return {
      id: o.id,
      name: o.name,
      parts: o.parts,
      every_days: o.everyDays,
      min_amount: o.minAmount,
      max_amount: o.maxAmount,
      eligible: refusal === null,
      reason: refusal ? refusalMessage(storefront, o, refusal) : null,
      part_amount: s?.monthly ?? 0,
      last_part_amount: s?.last ?? 0,
      total: s?.total ?? 0,
    };
  });
  const methods = [
    ...(instalmentPlans.some((p) => p.network === 'card') ? ['instalment'] : []),
    ...(instalmentPlans.some((p) => p.network === 'bfl') ? ['bfl'] : []),
    ...(bnpl.some((b) => b.eligible) ? ['bnpl'] : []),
  ];
  return {
    methods,
    instalment_plans: instalmentPlans,
    bnpl,
    bnpl_message: bnpl.some((b) => b.eligible) ? null : noEligibleBnpl(storefront),
  };
}

/** A recorded plan as the shopper's status page shows it. */
export const planView = (p: PlannedPayment): PlanView => ({
  kind: p.kind,
  plan_id: p.plan_id,
  bank: p.bank,
  card_kind: p.card_kind,
  months: p.months,
  monthly_rate_bp: p.monthly_rate_bp,
  monthly: p.monthly_amount,
  last_monthly: p.last_amount,
  interest: p.interest,
  total: p.total,
  currency: p.currency,
});

/** Who a recorded plan was paid with: the pay-later provider, or the card's bank. */
export function planProvider(storefront: Storefront, p: PlannedPayment): { id: string; name: string } {
  if (p.kind === 'bnpl')
    return { id: p.plan_id, name: bnplOffers(storefront.local).find((o) => o.id === p.plan_id)?.name ?? p.plan_id };
  return { id: p.bank ?? '', name: BANKS[p.bank ?? '']?.name ?? p.bank ?? '' };
}
