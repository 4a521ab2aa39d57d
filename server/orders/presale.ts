import type { CommerceRules } from '../../sites/commerce';
import { deliveryOptions, orderAmounts, type OrderAmounts } from './amounts';

/** A pre-sale campaign as checkout and the order pages use it (minor units of the country's currency). */
export interface PresaleTerms {
  campaignId: string;
  productId: string;
  depositMinor: number;
  depositEndsAt: Date;
  finalStartsAt: Date;
  finalEndsAt: Date;
}

/** Where a pre-order stands for its shopper; `lapsed` follows the stated rule: units released, deposit refunded. */
export type PresaleState = 'deposit_unpaid' | 'deposit_paid' | 'completed' | 'lapsed';

/** The refund promise, 15 working days: three calendar weeks is the date promised. */
export const REFUND_DAYS = 21;

/**
 * What the final payment takes: the full price of the units less the deposit (counted towards the total), plus
 * standard delivery, which is charged now rather than with the deposit.
 */
export function finalPaymentAmounts(
  rules: CommerceRules,
  fullTotal: number,
  depositPaid: number,
): OrderAmounts & { depositCredit: number } {
  const depositCredit = Math.min(depositPaid, fullTotal);
  const shipping = deliveryOptions(rules, fullTotal).find((d) => d.id === 'standard')!.fee;
  return { ...orderAmounts(rules, fullTotal, shipping, depositCredit), depositCredit };
}
