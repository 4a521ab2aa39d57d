import { priced, type PlacementStep } from '../placement';

/**
 * What stops the order as priced (lines that cannot be ordered, discounts that do not apply, a total past the
 * country's maximum), and a pre-order whose deposit window closed since the shopper agreed to it.
 */
export const checkBlockers: PlacementStep = {
  name: 'checkBlockers',
  async run(p) {
    const q = priced(p);
    if (q.blockers.length > 0) return { ok: false, reason: 'blocked', quote: q };
    if (
      p.input.agreedPreOrder &&
      !q.presale &&
      (await p.repos.presales.depositClosed(
        p.tx,
        p.input.local,
        q.lines.map((l) => l.productId),
      ))
    ) {
      return { ok: false, reason: 'presale_closed' };
    }
  },
};
