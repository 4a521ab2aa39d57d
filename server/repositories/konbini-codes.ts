import type { Queryable } from '../db/types';

/** The store's copy of a konbini payment's counter code, with the state of its payment. */
export interface KonbiniCodeRow {
  payment_id: string;
  order_id: string;
  store: string;
  code: string;
  confirmation: string | null;
  fee: number;
  amount: number;
  currency: string;
  state: string;
  expires_at: Date;
}

const COLUMNS = `k.payment_id::text AS payment_id, p.order_id::text AS order_id, k.store, k.code, k.confirmation,
  k.fee::float8 AS fee, p.amount::float8 AS amount, p.currency, p.state, p.expires_at`;

/**
 * The counter codes of konbini payments (konbini_codes, migration 040): kept by the store so the result and order
 * pages show the code until the payment is paid or lapses, without asking the provider on every view.
 */
export function konbiniCodesRepository(db: Queryable) {
  return {
    /** Notes the provider's code of a payment (once: a retried start keeps the first). */
    async record(
      paymentId: string,
      c: { store: string; code: string; confirmation: string | null; fee: number },
    ): Promise<void> {
      await db.query(
        `INSERT INTO konbini_codes (payment_id, store, code, confirmation, fee) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (payment_id) DO NOTHING`,
        [paymentId, c.store, c.code, c.confirmation, c.fee],
      );
    },

    /** The code of one of the user's payments, or null. */
    async ofPayment(userId: number, paymentId: string): Promise<KonbiniCodeRow | null> {
      if (!/^\d{1,18}$/.test(paymentId)) return null;
      const rows = await db.query<KonbiniCodeRow>(
        `SELECT ${COLUMNS} FROM konbini_codes k JOIN payments p ON p.id = k.payment_id
         JOIN orders o ON o.id = p.order_id WHERE k.payment_id = $1 AND o.user_id = $2`,
        [paymentId, userId],
      );
      return rows[0] ?? null;
    },

    /** The code still waiting at the counter for one of the user's orders (its pending payment), or null. */
    async openOfOrder(userId: number, orderId: string): Promise<KonbiniCodeRow | null> {
      const rows = await db.query<KonbiniCodeRow>(
        `SELECT ${COLUMNS} FROM konbini_codes k JOIN payments p ON p.id = k.payment_id
         JOIN orders o ON o.id = p.order_id
         WHERE p.order_id = $1 AND o.user_id = $2 AND p.state = 'pending' AND p.expires_at > now()
         ORDER BY k.payment_id DESC LIMIT 1`,
        [orderId, userId],
      );
      return rows[0] ?? null;
    },
  };
}

export type KonbiniCodesRepository = ReturnType<typeof konbiniCodesRepository>;
