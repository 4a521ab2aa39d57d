import { riskRules } from '../../../sites/risk-rules';
import { orderStepIn } from '../../orders/order-steps';
import { billingCountryOf, reviewReasons } from '../../review/risk';
import { priced, written, type PlacementStep } from '../placement';

/** Orders in review block a new order, as an unpaid one does: staff decide on the first before the shopper goes on. */
export const inReviewOrder: PlacementStep = {
  name: 'inReviewOrder',
  async run(p) {
    const held = await p.repos.orderReview.inReviewIn(p.tx, p.input.userId);
    if (held) return { ok: false, reason: 'in_review_exists', orderId: held.id };
  },
};

/**
 * The country's risk rules over what placement knows (the account's and the address's recent orders, the account's
 * age, the total, the invoice's country), counted before this order is written; the names of those that fire.
 */
export const assessRisk: PlacementStep = {
  name: 'assessRisk',
  async run(p) {
    const { input } = p;
    const rules = riskRules(input.local);
    const facts = await p.repos.orderReview.factsIn(p.tx, {
      userId: input.userId,
      local: input.local,
      address: input.address,
      windowMinutes: rules.windowMinutes,
    });
    p.review = reviewReasons(rules, {
      ...facts,
      local: input.local,
      total: priced(p).total,
      company: input.flow === 'company',
      billingCountry: billingCountryOf(p.invoice),
    });
  },
};

/**
 * An order a risk rule fired on is written in review instead of unpaid: it cannot be paid and has no payment window
 * running until staff clear it. The 'in_review' step names the rules (the shopper's message is the step's).
 */
export const holdForReview: PlacementStep = {
  name: 'holdForReview',
  async run(p) {
    if (p.review.length === 0) return;
    const order = written(p);
    await p.repos.orderReview.holdIn(p.tx, order.id, p.review);
    p.order = { ...order, state: 'in_review' };
    await orderStepIn(p.tx, p.order, 'in_review', { detail: { reasons: p.review }, actor: 'system' });
  },
};
