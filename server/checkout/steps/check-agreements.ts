import { priced, type PlacementStep } from '../placement';

/** A pre-order needs the shopper's agreement; the invoice is checked against what the order costs. */
export const checkAgreements: PlacementStep = {
  name: 'checkAgreements',
  async run(p) {
    const q = priced(p);
    if (q.preOrder && !p.input.agreedPreOrder) return { ok: false, reason: 'pre_order_agreement' };
    p.invoice = p.input.invoiceFor(q.total);
  },
};
