import type { Database } from '../db/types';

/** What the sandbox gateway's books and the store's agree on, after races or crashes. */
export interface PaymentBooks {
  /** Charges the gateway made (succeeded) for whole-order payments. */
  charges: number;
  /** Charges that paid their order: the order is paid, by that very payment. */
  paidOrders: number;
  /** Charges reversed by a refund the gateway made in full. */
  refunded: number;
  /**
   * Money taken for nothing: a charge that pays no order and is not refunded (on a cancelled order, or a second one).
   */
  keptWithoutOrder: number;
  /** Orders charged more than once, not counting refunded charges. */
  chargedTwice: number;
  /** Orders the store says a card paid that the gateway never charged. */
  paidWithoutCharge: number;
  /** Refunds owed through the provider and not paid yet. */
  refundsOwed: number;
}

/**
 * Reads both books: the gateway's charges (matched to our payments by the reference it was given) and the store's
 * orders, payments and refunds. A shopper's money is safe when keptWithoutOrder, chargedTwice and paidWithoutCharge
 * are all 0 and every reversed charge is refunded.
 */
export async function readPaymentBooks(db: Database): Promise<PaymentBooks> {
  const row = (
    await db.query<Record<keyof PaymentBooks, number>>(
      `WITH charges AS (
       SELECT c.amount, c.amount_refunded, p.state AS payment_state, o.id AS order_id, o.state AS order_state
       FROM sandbox_gateway_charges c JOIN payments p ON c.reference = 'pay_' || p.id JOIN orders o ON o.id = p.order_id
       WHERE c.status = 'succeeded')
     SELECT
       (SELECT count(*)::int FROM charges) AS charges,
       (SELECT count(*)::int FROM charges WHERE payment_state = 'succeeded' AND order_state = 'paid') AS "paidOrders",
       (SELECT count(*)::int FROM charges WHERE amount_refunded = amount) AS refunded,
       (SELECT count(*)::int FROM charges WHERE NOT (payment_state = 'succeeded' AND order_state = 'paid')
         AND amount_refunded < amount) AS "keptWithoutOrder",
       (SELECT count(*)::int FROM (SELECT order_id FROM charges WHERE amount_refunded < amount GROUP BY order_id HAVING
         count(*) > 1) t) AS "chargedTwice",
       (SELECT count(*)::int FROM payments p WHERE p.state = 'succeeded' AND p.provider = 'sandbox'
          AND NOT EXISTS (SELECT 1 FROM sandbox_gateway_charges c WHERE c.reference = 'pay_' || p.id
         AND c.status = 'succeeded')) AS "paidWithoutCharge",
       (SELECT count(*)::int FROM refunds WHERE provider IS NOT NULL AND state = 'pending') AS "refundsOwed"`,
    )
  )[0]!;
  return row;
}
