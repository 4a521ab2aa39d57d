import type { Database } from '../db/types';
import type { AsyncPayment } from '../payments/async-provider';
import type { RowState } from '../payments/payment-states';
import type { VaBank } from '../schemas/bank-transfers';
import { oweTransferBackIn } from './refunds';
import { orderStepIn } from '../orders/order-steps';

/** A payment's virtual account as the store knows it, with the payment's own state. */
export interface BankTransferRow {
  payment_id: string;
  order_id: string;
  state: RowState;
  failure_code: string | null;
  amount: number;
  currency: string;
  expires_at: Date | null;
  bank: VaBank;
  number: string;
  provider_ref: string;
  amount_received: number;
  amount_returned: number;
}

const COLUMNS = `b.payment_id::text AS payment_id, p.order_id::text AS order_id, p.state, p.failure_code,
  p.amount::float8 AS amount, p.currency, p.expires_at, b.bank, b.number, b.provider_ref,
  b.amount_received::float8 AS amount_received, b.amount_returned::float8 AS amount_returned`;

/**
 * The transfer rule: of the money the bank received on an account, what the order does not take goes back. A paid
 * account keeps the amount (the order's, or the late-success refund's when the order had closed) and returns the
 * excess; a closed account (cancelled, expired) returns everything; a pending one returns nothing yet (a partial
 * transfer waits for the rest until the deadline).
 */
export function owedBack(status: AsyncPayment['status'], amount: number, received: number): number {
  if (status === 'pending') return 0;
  if (status === 'paid') return Math.max(0, received - amount);
  return received;
}

/** The virtual accounts of bank-transfer payments: what was shown, what the feed reported, what went back. */
export function bankTransfersRepository(db: Database) {
  return {
    /** Notes the account the provider opened for a payment (once: a retry answers the same account). */
    async open(paymentId: string, account: { bank: VaBank; number: string; providerRef: string }): Promise<void> {
      await db.query(
        `INSERT INTO bank_transfer_payments (payment_id, bank, number, provider_ref) VALUES ($1, $2, $3, $4)
         ON CONFLICT (payment_id) DO NOTHING`,
        [paymentId, account.bank, account.number, account.providerRef],
      );
    },

    /** The bank-transfer payment of one of the user's orders, or null. */
    async ofUser(userId: number, paymentId: string): Promise<BankTransferRow | null> {
      if (!/^\d{1,18}$/.test(paymentId)) return null;
      const rows = await db.query<BankTransferRow>(
        `SELECT ${COLUMNS} FROM bank_transfer_payments b JOIN payments p ON p.id = b.payment_id
         JOIN orders o ON o.id = p.order_id WHERE b.payment_id = $1 AND o.user_id = $2`,
        [paymentId, userId],
      );
      return rows[0] ?? null;
    },

    /** The pending bank-transfer payment of one of the user's orders, if one is open. */
    async pendingOfOrder(userId: number, orderId: string): Promise<BankTransferRow | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      const rows = await db.query<BankTransferRow>(
        `SELECT ${COLUMNS} FROM bank_transfer_payments b JOIN payments p ON p.id = b.payment_id
         JOIN orders o ON o.id = p.order_id
         WHERE p.order_id = $1 AND o.user_id = $2 AND p.state = 'pending' AND p.provider_ref IS NOT NULL`,
        [orderId, userId],
      );
      return rows[0] ?? null;
    },

    /**
     * Records what the provider's books say of a payment's account: the money received so far, and a refund for
     * whatever of it the transfer rule now owes back beyond what was owed before. Under the order's and the
     * account's row locks, so any number of webhooks and polls at once owe each amount once.
     */
    async recordFeed(payment: { id: string; order_id: string }, known: AsyncPayment, provider: string) {
      if (known.method !== 'bank_va' || known.amountReceivedMinor === undefined) return;
      const received = known.amountReceivedMinor;
      await db.transaction(async (tx) => {
        const order = (
          await tx.query<{ id: string; user_id: number; url_local: string }>(
            `SELECT id::text AS id, user_id, url_local FROM orders WHERE id = $1 FOR UPDATE`,
            [payment.order_id],
          )
        )[0];
        const row = (
          await tx.query<{ amount_received: number; amount_returned: number }>(
            `SELECT amount_received::float8 AS amount_received, amount_returned::float8 AS amount_returned
             FROM bank_transfer_payments WHERE payment_id = $1 FOR UPDATE`,
            [payment.id],
          )
        )[0];
        if (!order || !row) return;
        // The bank's total only grows; an older read arriving late changes nothing.
        const total = Math.max(row.amount_received, received);
        const owed = owedBack(known.status, known.amountMinor, total);
        const due = owed - row.amount_returned;
        if (due > 0) {
          const refundId = await oweTransferBackIn(tx, {
            orderId: order.id,
            amount: due,
            currency: known.currency,
            provider,
            providerRef: known.providerRef,
          });
          await orderStepIn(tx, { ...order, total: due, currency: known.currency }, 'refund_due', {
            amount: due,
            detail: { reason: 'unapplied_transfer', refundIds: [refundId] },
          });
        }
        await tx.query(
          `UPDATE bank_transfer_payments SET amount_received = $2, amount_returned = greatest(amount_returned, $3),
             updated_at = now() WHERE payment_id = $1`,
          [payment.id, total, owed],
        );
      });
    },
  };
}

export type BankTransfersRepository = ReturnType<typeof bankTransfersRepository>;
