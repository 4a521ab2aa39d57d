import type { Database } from '../db/types';
import type { OrderRow } from './orders';

/** An order as support staff look it up: its money facts and who placed it. */
export interface StaffOrderRow
  extends Pick<
    OrderRow,
    | 'id'
    | 'user_id'
    | 'local'
    | 'url_local'
    | 'flow'
    | 'state'
    | 'currency'
    | 'total'
    | 'gift_card_amount'
    | 'pay_before'
    | 'paid_at'
    | 'cancelled_at'
    | 'cancel_reason'
    | 'created_at'
  > {
  /** The owner's sign-in address. */
  email: string;
}

/**
 * Orders as support staff see them: any shopper's order, by its number, within the country of the storefront the
 * console runs in (as the other staff panes are), so a number from another country is "not found".
 */
export function staffOrdersRepository(db: Database) {
  return {
    /** The order with its owner's address, or null. */
    async get(orderId: string, local: string): Promise<StaffOrderRow | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      return (
        (
          await db.query<StaffOrderRow>(
            `SELECT o.id::text AS id, o.user_id, o.local, o.url_local, o.flow, o.state, o.currency,
           o.total::float8 AS total,
           o.gift_card_amount::float8 AS gift_card_amount, o.pay_before, o.paid_at, o.cancelled_at, o.cancel_reason,
           o.created_at, u.email
         FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1 AND o.local = $2`,
            [orderId, local],
          )
        )[0] ?? null
      );
    },
  };
}

export type StaffOrdersRepository = ReturnType<typeof staffOrdersRepository>;
