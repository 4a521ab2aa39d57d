import { priced, written, type PlacementStep } from '../placement';

/** A pre-order needs the shopper's agreement; the invoice is checked against what the order costs. */
export const checkAgreements: PlacementStep = {
  name: 'checkAgreements',
  async run(p) {
    const q = priced(p);
    if (q.preOrder && !p.input.agreedPreOrder) return { ok: false, reason: 'pre_order_agreement' };
    p.invoice = p.input.invoiceFor(q.total);
  },
};

/**
 * Records with the new order which versions of the terms of sale and the privacy policy the shopper agreed to (and
 * in which language each was shown), in the placement's transaction: no order without its agreement.
 */
export const recordAgreements: PlacementStep = {
  name: 'recordAgreements',
  async run(p) {
    await p.repos.legalAcceptances.recordIn(p.tx, written(p).id, p.input.legal);
  },
};
