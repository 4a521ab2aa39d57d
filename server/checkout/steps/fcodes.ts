import { Refusal, priced, written, type PlacementStep } from '../placement';

/** Uses one of the buyer's F-codes per unit of a product that needs one; codes gone meanwhile roll the order back. */
export const useFcodes: PlacementStep = {
  name: 'useFcodes',
  async run(p) {
    const q = priced(p);
    for (const productId of p.gate.required) {
      const units = q.lines.filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0);
      if (
        units > 0 &&
        !(await p.repos.fcodes.redeemIn(p.tx, p.input.userId, p.input.local, productId, units, written(p).id))
      )
        throw new Refusal({ ok: false, reason: 'blocked', quote: q });
    }
  },
};
