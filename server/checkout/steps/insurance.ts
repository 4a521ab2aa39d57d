import { insertInsuranceIn } from '../../repositories/insurance';
import { priced, written, type PlacementStep } from '../placement';

/**
 * Writes the insured plans of the order: one insurance line beside each insured device line (the quote's price and
 * cover) and one policy per unit, whose cover starts at the unit's delivery.
 */
export const writeInsurance: PlacementStep = {
  name: 'writeInsurance',
  async run(p) {
    const order = written(p);
    for (const offer of priced(p).insurance) {
      if (!offer.insured) continue;
      const line = p.lines.find((l) => l.commodity_id === offer.commodityId);
      if (!line) throw new Error(`checkout: the insured line ${offer.commodityId} was not written`);
      await insertInsuranceIn(p.tx, order.id, {
        lineNo: line.line_no,
        planId: offer.plan.planId,
        quantity: line.quantity,
        unitPrice: offer.plan.price,
        coverMonths: offer.plan.coverMonths,
        claimsPerYear: offer.plan.claimsPerYear,
        withdrawalDays: offer.plan.withdrawalDays,
      });
    }
  },
};
