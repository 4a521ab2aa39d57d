/**
 * The insurance of a checkout: each checked device line the country's plan covers, priced per unit by the server
 * from sites/insurance.json (the line's unit price picks the band), and whether the shopper chose it in the cart.
 * A pre-order's line is not offered (its deposit order carries no plan); the business checkout offers none.
 */
import type { CheckoutLine } from '../orders/checkout-lines';
import { planFor, type CountryInsurance, type InsurancePlan } from '../../sites/insurance';

/** A device line the plan can cover, one plan per unit; `insured` when the shopper chose it. */
export interface InsuranceOffer {
  commodityId: string;
  name: string;
  plan: InsurancePlan;
  quantity: number;
  subtotal: number;
  insured: boolean;
}

/** The offers of a checkout's lines; `insured` names the commodities the cart has insured. */
export function insuranceOffers(
  lines: readonly CheckoutLine[],
  insured: ReadonlySet<string>,
  country: CountryInsurance | null,
): InsuranceOffer[] {
  return lines.flatMap((line) => {
    const plan = line.preOrder ? null : planFor(country, line.category, line.unitPrice);
    return plan
      ? [
          {
            commodityId: line.commodityId,
            name: line.name,
            plan,
            quantity: line.quantity,
            subtotal: plan.price * line.quantity,
            insured: insured.has(line.commodityId),
          },
        ]
      : [];
  });
}

/** What the insured plans add to the order's items. */
export const insuredTotal = (offers: readonly InsuranceOffer[]): number =>
  offers.reduce((sum, o) => sum + (o.insured ? o.subtotal : 0), 0);
