import type { Database, Queryable } from '../db/types';
import type { CheckoutLine } from '../orders/checkout-lines';
import type { DeliveryMethodId } from '../../sites/commerce';
import type { OrderAmounts } from '../orders/amounts';
import type { PresaleState } from '../orders/presale';
import { moveStock } from '../stock/move-stock';
import type { OrderState } from '../schemas/order';

export type { OrderState };

export interface OrderRow {
  id: string;
  user_id: number;
  local: string;
  url_local: string;
  flow: 'consumer' | 'company';
  state: OrderState;
  currency: string;
  items_total: number;
  discount: number;
  shipping_fee: number;
  tax: number;
  tax_inclusive: boolean;
  tax_rate_bp: number;
  net_amount: number;
  total: number;
  delivery_method: DeliveryMethodId;
  address: Record<string, string>;
  address_changes: number;
  points_used: number;
  points_discount: number;
  /** Paid by gift cards; the rest is charged. */
  gift_card_amount: number;
  kind: 'standard' | 'deposit' | 'final';
  presale_id: string | null;
  parent_order_id: string | null;
  deposit_credit: number;
  presale_state: PresaleState | null;
  invoice: Record<string, string> | null;
  /** A company order: the enterprise account that placed it, and the VAT not charged to an exempt account. */
  company_account_id: string | null;
  vat_exempt: boolean;
  vat_exempted: number;
  pay_before: Date;
  paid_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_at: Date;
}

export interface OrderLineRow {
  line_no: number;
  commodity_id: string;
  product_id: string;
  name: string;
  spec: string;
  image: string;
  quantity: number;
  unit_price: number;
  market_price: number;
  subtotal: number;
}

const ORDER_COLUMNS = `id::text AS id, user_id, local, url_local, flow, state, currency,
  items_total::float8 AS items_total,
  discount::float8 AS discount, shipping_fee::float8 AS shipping_fee, tax::float8 AS tax, tax_inclusive, tax_rate_bp,
  net_amount::float8 AS net_amount, total::float8 AS total, delivery_method, address, address_changes, points_used,
  points_discount::float8 AS points_discount, gift_card_amount::float8 AS gift_card_amount, kind, presale_id,
  parent_order_id::text AS parent_order_id,
  deposit_credit::float8 AS deposit_credit, presale_state, invoice, company_account_id::text AS company_account_id,
  vat_exempt,
  vat_exempted::float8 AS vat_exempted, pay_before,
  paid_at, cancelled_at, cancel_reason, created_at`;
const LINE_COLUMNS = `line_no, commodity_id, product_id, name, spec, image, quantity, unit_price::float8 AS unit_price,
  market_price::float8 AS market_price, subtotal::float8 AS subtotal`;

/** What cancelling an order did: `in_flight` when a payment of it is still with its provider. */
export type CancelResult = 'cancelled' | 'not_unpaid' | 'in_flight';

/** The row of a just-cancelled order, as the cancellation's follow-ups need it. */
export type CancelledOrder = Pick<OrderRow, 'local' | 'kind' | 'id' | 'user_id' | 'url_local' | 'total' | 'currency'>;

/** An order locked for a refund or a cancellation after payment. */
export type LockedOrder = Pick<
  OrderRow,
  | 'id'
  | 'user_id'
  | 'local'
  | 'url_local'
  | 'state'
  | 'kind'
  | 'parent_order_id'
  | 'total'
  | 'currency'
  | 'paid_at'
  | 'presale_state'
>;

/** The money and choices of a new order, as checkout priced them (minor units). */
export interface NewOrder extends OrderAmounts {
  userId: number;
  local: string;
  urlLocal: string;
  flow: OrderRow['flow'];
  deliveryMethod: DeliveryMethodId;
  address: Record<string, string>;
  invoice: Record<string, string> | null;
  idempotencyKey: string;
  paymentWindowMinutes: number;
  couponId: string | null;
  pointsUsed: number;
  pointsDiscount: number;
  giftCardAmount: number;
  presaleId: string | null;
  /** The end of the payment window when it is not `paymentWindowMinutes` from now (a flash sale place's own). */
  payBefore?: Date;
}

/** A paid order as what follows payment reads it. */
export type PaidOrder = Pick<
  OrderRow,
  | 'id'
  | 'user_id'
  | 'url_local'
  | 'local'
  | 'currency'
  | 'total'
  | 'gift_card_amount'
  | 'kind'
  | 'parent_order_id'
  | 'paid_at'
>;

const PAID_COLUMNS = `id::text AS id, user_id, url_local, local, currency, total::float8 AS total,
                      gift_card_amount::float8 AS gift_card_amount, kind, parent_order_id::text AS parent_order_id,
                      paid_at`;

/**
 * Orders and their lines. Reads and writes of order rows only: placing an order (server/checkout/), cancelling one
 * with what it used (orders/cancel-order.ts) and paying one (orders/paid.ts) compose this with the other
 * repositories, in their own transactions; the `…In` functions run in the caller's.
 */
export function ordersRepository(db: Database) {
  return {
    /** The order a placement with this idempotency key made, if any. */
    async byKey(q: Queryable, userId: number, key: string): Promise<OrderRow | null> {
      return (
        (
          await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND idempotency_key = $2`, [
            userId,
            key,
          ])
        )[0] ?? null
      );
    },

    /**
     * Takes the per-user placement lock: the unpaid-order rule and the idempotency key are then checked without races.
     */
    async lockPlacementsIn(tx: Queryable, userId: number): Promise<void> {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('place-order'), $1::int)`, [userId]);
    },

    /**
     * Holds the storefront's served release until the order is written: the order takes its release id from it
     * (orders_served_release, migration 028), and applyServedRelease waits for this share lock, so the prices the
     * order was priced at and the release it names are one release's.
     */
    async holdServedReleaseIn(tx: Queryable, urlLocal: string): Promise<void> {
      await tx.query(`SELECT 1 FROM storefront_releases WHERE local = $1 FOR SHARE`, [urlLocal]);
    },

    /** The user's unpaid order, locked, and whether its payment window has passed. */
    async unpaidForUpdateIn(tx: Queryable, userId: number): Promise<{ id: string; due: boolean } | null> {
      return (
        (
          await tx.query<{ id: string; due: boolean }>(
            `SELECT id::text AS id, pay_before <= now() AS due FROM orders WHERE user_id = $1 AND state = 'unpaid'
             FOR UPDATE`,
            [userId],
          )
        )[0] ?? null
      );
    },

    /** Writes a new unpaid order (a deposit order when it is a pre-order's deposit). */
    async insertIn(tx: Queryable, o: NewOrder): Promise<OrderRow> {
      return (
        await tx.query<OrderRow>(
          `INSERT INTO orders (user_id, local, url_local, flow, state, currency, items_total, discount, shipping_fee,
                             tax, tax_inclusive, tax_rate_bp,
                             net_amount, total, delivery_method, address, invoice, idempotency_key, pay_before,
                             coupon_id, points_used, points_discount,
                             gift_card_amount, kind, presale_id, presale_state)
         VALUES ($1, $2, $3, $4, 'unpaid', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
                 coalesce($26::timestamptz, now() + make_interval(mins => $18)), $19, $20, $21,
                 $22, $23, $24, $25)
         RETURNING ${ORDER_COLUMNS}`,
          [
            o.userId,
            o.local,
            o.urlLocal,
            o.flow,
            o.currency,
            o.itemsTotal,
            o.discount,
            o.shippingFee,
            o.tax,
            o.taxInclusive,
            o.taxRateBp,
            o.netAmount,
            o.total,
            o.deliveryMethod,
            JSON.stringify(o.address),
            o.invoice ? JSON.stringify(o.invoice) : null,
            o.idempotencyKey,
            o.paymentWindowMinutes,
            o.couponId,
            o.pointsUsed,
            o.pointsDiscount,
            o.giftCardAmount,
            o.presaleId ? 'deposit' : 'standard',
            o.presaleId,
            o.presaleId ? 'deposit_unpaid' : null,
            o.payBefore ?? null,
          ],
        )
      )[0]!;
    },

    /** Marks an order a company purchase: the enterprise account, its VAT exemption and the VAT left out. */
    async setCompanyIn(
      tx: Queryable,
      orderId: string,
      accountId: string,
      vatExempt: boolean,
      vatExempted: number,
    ): Promise<Pick<OrderRow, 'company_account_id' | 'vat_exempt' | 'vat_exempted'>> {
      return (
        await tx.query<Pick<OrderRow, 'company_account_id' | 'vat_exempt' | 'vat_exempted'>>(
          `UPDATE orders SET company_account_id = $2, vat_exempt = $3, vat_exempted = $4 WHERE id = $1
         RETURNING company_account_id::text AS company_account_id, vat_exempt, vat_exempted::float8 AS vat_exempted`,
          [orderId, accountId, vatExempt, vatExempted],
        )
      )[0]!;
    },

    /** Writes one line of a new order. */
    async insertLineIn(tx: Queryable, orderId: string, lineNo: number, line: CheckoutLine): Promise<OrderLineRow> {
      return (
        await tx.query<OrderLineRow>(
          `INSERT INTO order_lines (order_id, line_no, commodity_id, product_id, name, spec, image, quantity,
             unit_price, market_price, subtotal)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${LINE_COLUMNS}`,
          [
            orderId,
            lineNo,
            line.commodityId,
            line.productId,
            line.name,
            line.spec,
            line.image,
            line.quantity,
            line.unitPrice,
            line.marketPrice,
            line.subtotal,
          ],
        )
      )[0]!;
    },

    /** A line of a deposit order on its final-payment order (no stock movement: the deposit holds the units). */
    async copyLineIn(tx: Queryable, orderId: string, line: OrderLineRow): Promise<OrderLineRow> {
      return (
        await tx.query<OrderLineRow>(
          `INSERT INTO order_lines (order_id, line_no, commodity_id, product_id, name, spec, image, quantity,
             unit_price, market_price, subtotal)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${LINE_COLUMNS}`,
          [
            orderId,
            line.line_no,
            line.commodity_id,
            line.product_id,
            line.name,
            line.spec,
            line.image,
            line.quantity,
            line.unit_price,
            line.market_price,
            line.subtotal,
          ],
        )
      )[0]!;
    },

    /** The lines of one order, in the caller's transaction. */
    async linesIn(q: Queryable, orderId: string): Promise<OrderLineRow[]> {
      return q.query<OrderLineRow>(`SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = $1 ORDER BY line_no`, [
        orderId,
      ]);
    },

    /** A deposit order of the user, locked (null when it is not theirs or not a deposit). */
    async depositForUpdateIn(tx: Queryable, userId: number, orderId: string): Promise<OrderRow | null> {
      return (
        (
          await tx.query<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2 AND kind = 'deposit' FOR UPDATE`,
            [orderId, userId],
          )
        )[0] ?? null
      );
    },

    /** The final-payment order of a deposit that is not cancelled, if any. */
    async liveFinalIn(q: Queryable, depositOrderId: string): Promise<OrderRow | null> {
      return (
        (
          await q.query<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM orders WHERE parent_order_id = $1 AND kind = 'final'
               AND state <> 'cancelled'`,
            [depositOrderId],
          )
        )[0] ?? null
      );
    },

    /** The user's unpaid order still in its payment window, if any. */
    async unpaidIn(q: Queryable, userId: number): Promise<OrderRow | null> {
      return (
        (
          await q.query<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND state = 'unpaid' AND pay_before > now()`,
            [userId],
          )
        )[0] ?? null
      );
    },

    /**
     * Writes the final-payment order of a deposit: due before the final window closes, its amounts already worked out.
     */
    async insertFinalIn(
      tx: Queryable,
      deposit: OrderRow,
      a: OrderAmounts & { depositCredit: number },
      o: { userId: number; paymentWindowMinutes: number; finalEndsAt: Date },
    ): Promise<OrderRow> {
      return (
        await tx.query<OrderRow>(
          `INSERT INTO orders (user_id, local, url_local, flow, state, currency, items_total, discount, shipping_fee,
                             tax, tax_inclusive, tax_rate_bp, net_amount, total,
                             delivery_method, address, invoice, idempotency_key, pay_before, kind, presale_id,
                             parent_order_id, deposit_credit)
         VALUES ($1, $2, $3, $4, 'unpaid', $5, $6, 0, $7, $8, $9, $10, $11, $12, 'standard', $13, $14, $15,
           least(now() + make_interval(mins => $16), $17), 'final', $18, $19, $20)
         RETURNING ${ORDER_COLUMNS}`,
          [
            o.userId,
            deposit.local,
            deposit.url_local,
            deposit.flow,
            a.currency,
            a.itemsTotal,
            a.shippingFee,
            a.tax,
            a.taxInclusive,
            a.taxRateBp,
            a.netAmount,
            a.total,
            JSON.stringify(deposit.address),
            deposit.invoice ? JSON.stringify(deposit.invoice) : null,
            `final:${deposit.id}:${Date.now()}`,
            o.paymentWindowMinutes,
            o.finalEndsAt,
            deposit.presale_id,
            deposit.id,
            a.depositCredit,
          ],
        )
      )[0]!;
    },

    /** Locks an order's row; its owner, or null when there is no such order. */
    async lockIn(tx: Queryable, orderId: string): Promise<{ user_id: number } | null> {
      return (
        (await tx.query<{ user_id: number }>(`SELECT user_id FROM orders WHERE id = $1 FOR UPDATE`, [orderId]))[0] ??
        null
      );
    },

    /** Locks an order's row for a refund or a cancellation after payment; the order as those read it, or null. */
    async lockPaidIn(tx: Queryable, orderId: string): Promise<LockedOrder | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      return (
        (
          await tx.query<LockedOrder>(
            `SELECT id::text AS id, user_id, local, url_local, state, kind, parent_order_id::text AS parent_order_id,
               total::float8 AS total, currency, paid_at, presale_state FROM orders WHERE id = $1 FOR UPDATE`,
            [orderId],
          )
        )[0] ?? null
      );
    },

    /** The Mi Points an order redeemed, in the caller's transaction. */
    async pointsUsedIn(tx: Queryable, orderId: string): Promise<number> {
      return (await tx.query<{ n: number }>(`SELECT points_used AS n FROM orders WHERE id = $1`, [orderId]))[0]?.n ?? 0;
    },

    /**
     * Cancels a paid order's row that has not shipped (in one of `states`: the lifecycle's cancellable paid states),
     * in the caller's transaction which holds its row lock; false when it is in another state.
     */
    async cancelPaidRowIn(
      tx: Queryable,
      orderId: string,
      reason: string,
      states: readonly OrderState[],
    ): Promise<boolean> {
      const rows = await tx.query(
        `UPDATE orders SET state = 'cancelled', cancelled_at = now(), cancel_reason = $2
         WHERE id = $1 AND state = ANY($3::text[]) RETURNING id`,
        [orderId, reason, states],
      );
      return rows.length > 0;
    },

    /**
     * Cancels one unpaid order's row (or one in review: nothing was paid on it either) in the caller's transaction
     * (which holds the order's row lock). The caller checks first that no payment of it is in flight
     * (orders/cancel-order.ts).
     */
    async cancelRowIn(tx: Queryable, orderId: string, reason: string): Promise<CancelledOrder | 'not_unpaid'> {
      const rows = await tx.query<CancelledOrder>(
        `UPDATE orders SET state = 'cancelled', cancelled_at = now(), cancel_reason = $2
         WHERE id = $1 AND state IN ('unpaid', 'in_review')
         RETURNING local, kind, id::text AS id, user_id, url_local, total::float8 AS total, currency`,
        [orderId, reason],
      );
      return rows[0] ?? 'not_unpaid';
    },

    /**
     * Puts back on sale the units the order took from stock and has not put back: what the ledger says, not its
     * lines, so an order whose units were never the offer's (a flash sale's own units) gives nothing to the offer,
     * and a second release gives nothing twice.
     */
    async releaseStockIn(tx: Queryable, orderId: string, local: string): Promise<void> {
      const lines = await tx.query<{ commodity_id: string; quantity: number }>(
        `SELECT commodity_id, (-sum(delta))::int AS quantity FROM stock_movements
         WHERE order_id = $1 AND reason IN ('sale', 'cancellation') GROUP BY commodity_id HAVING sum(delta) < 0
         ORDER BY commodity_id`,
        [orderId],
      );
      for (const line of lines) {
        await moveStock(tx, {
          commodityId: line.commodity_id,
          local,
          delta: line.quantity,
          reason: 'cancellation',
          orderId,
        });
      }
    },

    /** Paid deposits whose final window has closed without their final payment, oldest first. */
    async depositsToLapse(limit: number): Promise<string[]> {
      const due = await db.query<{ id: string }>(
        `SELECT o.id::text AS id FROM orders o JOIN presale_campaigns c ON c.id = o.presale_id
         WHERE o.kind = 'deposit' AND o.presale_state = 'deposit_paid' AND c.final_ends_at <= now() ORDER BY o.id
         LIMIT $1`,
        [limit],
      );
      return due.map((r) => r.id);
    },

    /** A paid deposit, locked, while it still waits for its final payment. */
    async paidDepositForUpdateIn(tx: Queryable, orderId: string): Promise<OrderRow | null> {
      return (
        (
          await tx.query<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND presale_state = 'deposit_paid' FOR UPDATE`,
            [orderId],
          )
        )[0] ?? null
      );
    },

    /** The unpaid final-payment order of a deposit, locked, if any. */
    async unpaidFinalForUpdateIn(tx: Queryable, depositOrderId: string): Promise<{ id: string } | null> {
      return (
        (
          await tx.query<{ id: string }>(
            `SELECT id::text AS id FROM orders WHERE parent_order_id = $1 AND kind = 'final' AND state = 'unpaid'
             FOR UPDATE`,
            [depositOrderId],
          )
        )[0] ?? null
      );
    },

    /** A missed final payment: the pre-order lapses (the caller owes its deposit back: orders/lapse-presales.ts). */
    async lapseIn(tx: Queryable, depositOrderId: string): Promise<void> {
      await tx.query(
        `UPDATE orders SET presale_state = 'lapsed', cancel_reason = 'final_payment_missed' WHERE id = $1`,
        [depositOrderId],
      );
    },

    /**
     * Marks an unpaid order paid; its row as what follows payment reads it (typed as a whole row for the receipt
     * writers, which read only the paid columns).
     */
    async markPaidIn(tx: Queryable, orderId: string): Promise<OrderRow> {
      return (
        await tx.query<OrderRow>(
          `UPDATE orders SET state = 'paid', paid_at = now() WHERE id = $1 AND state = 'unpaid'
           RETURNING ${PAID_COLUMNS}`,
          [orderId],
        )
      )[0]!;
    },

    /**
     * Stamps a cash-on-delivery order paid when its cash was collected, leaving its state (delivered) as it is; null
     * when it was already paid.
     */
    async markPaidOnDeliveryIn(tx: Queryable, orderId: string): Promise<OrderRow | null> {
      return (
        (
          await tx.query<OrderRow>(
            `UPDATE orders SET paid_at = now() WHERE id = $1 AND paid_at IS NULL RETURNING ${PAID_COLUMNS}`,
            [orderId],
          )
        )[0] ?? null
      );
    },

    /** A paid pre-order moves on: the deposit waits for its final payment; a final payment completes it. */
    async advancePresaleIn(tx: Queryable, order: Pick<OrderRow, 'id' | 'kind' | 'parent_order_id'>): Promise<void> {
      if (order.kind === 'deposit')
        await tx.query(`UPDATE orders SET presale_state = 'deposit_paid' WHERE id = $1`, [order.id]);
      if (order.kind === 'final')
        await tx.query(
          `UPDATE orders SET presale_state = 'completed' WHERE id = $1 AND presale_state = 'deposit_paid'`,
          [order.parent_order_id],
        );
    },

    /**
     * What an order bought that leaves the cart when it is paid; none for a final payment (its lines left with the
     * deposit).
     */
    async boughtLinesIn(tx: Queryable, orderId: string): Promise<{ commodity_id: string; quantity: number }[]> {
      return tx.query<{ commodity_id: string; quantity: number }>(
        `SELECT l.commodity_id, l.quantity FROM order_lines l JOIN orders o ON o.id = l.order_id
         WHERE l.order_id = $1 AND o.kind <> 'final'`,
        [orderId],
      );
    },

    /** The final-payment order of a deposit (the live or paid one), if any. */
    async finalOf(depositOrderId: string): Promise<OrderRow | null> {
      return (
        (
          await db.query<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM orders WHERE parent_order_id = $1 AND kind = 'final'
             ORDER BY (state = 'cancelled'), created_at DESC, id DESC LIMIT 1`,
            [depositOrderId],
          )
        )[0] ?? null
      );
    },

    async list(userId: number, local: string, limit = 50): Promise<OrderRow[]> {
      return db.query<OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND local = $2 ORDER BY created_at DESC, id DESC
         LIMIT $3`,
        [userId, local, limit],
      );
    },

    /** The lines of several orders at once (the order list), by order id. */
    async linesOf(orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
      const byOrder = new Map<string, OrderLineRow[]>();
      if (orderIds.length === 0) return byOrder;
      const rows = await db.query<OrderLineRow & { order_id: string }>(
        `SELECT order_id::text AS order_id, ${LINE_COLUMNS} FROM order_lines WHERE order_id = ANY($1::bigint[])
         ORDER BY order_id, line_no`,
        [orderIds],
      );
      for (const { order_id, ...line } of rows) byOrder.set(order_id, [...(byOrder.get(order_id) ?? []), line]);
      return byOrder;
    },

    /** One order of the user with its lines; another user's order is "not found". */
    async detail(userId: number, orderId: string): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      const order = (
        await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`, [
          orderId,
          userId,
        ])
      )[0];
      if (!order) return null;
      const lines = await db.query<OrderLineRow>(
        `SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = $1 ORDER BY line_no`,
        [orderId],
      );
      return { order, lines };
    },

    /** The owner and state of an order, or null. */
    async head(orderId: string): Promise<{ user_id: number; state: OrderState; due: boolean } | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      return (
        (
          await db.query<{ user_id: number; state: OrderState; due: boolean }>(
            `SELECT user_id, state, pay_before <= now() AS due FROM orders WHERE id = $1`,
            [orderId],
          )
        )[0] ?? null
      );
    },

    /** An address may be changed once, and only before the order ships. */
    async changeAddress(
      userId: number,
      orderId: string,
      address: Record<string, string>,
    ): Promise<'changed' | 'not_found' | 'used' | 'shipped'> {
      if (!/^\d{1,18}$/.test(orderId)) return 'not_found';
      return db.transaction(async (tx) => {
        const row = (
          await tx.query<{ state: OrderState; address_changes: number }>(
            `SELECT state, address_changes FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE`,
            [orderId, userId],
          )
        )[0];
        if (!row) return 'not_found';
        if (row.state === 'shipped' || row.state === 'cancelled') return 'shipped';
        if (row.address_changes >= 1) return 'used';
        await tx.query(`UPDATE orders SET address = $2, address_changes = address_changes + 1 WHERE id = $1`, [
          orderId,
          JSON.stringify(address),
        ]);
        return 'changed';
      });
    },

    /**
     * Unpaid orders past their payment window, oldest first, skipping those with a payment sent to its provider
     * within `graceMs` (the payment may still win; the reconciliation settles it if its process died).
     */
    async dueUnpaid(graceMs: number, limit = 100): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT o.id::text AS id FROM orders o WHERE o.state = 'unpaid' AND o.pay_before <= now()
           AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'pending'
           AND p.updated_at > now() - make_interval(secs => $1 / 1000.0))
         ORDER BY o.pay_before LIMIT $2`,
        [graceMs, limit],
      );
      return rows.map((r) => r.id);
    },

    /** The user's unpaid order, if any (the checkout points to it instead of placing another). */
    async unpaid(userId: number): Promise<OrderRow | null> {
      return (
        (
          await db.query<OrderRow>(
            `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND state = 'unpaid' AND pay_before > now()`,
            [userId],
          )
        )[0] ?? null
      );
    },

    /** Locks an order's row for a step of its life after payment (orders/lifecycle.ts); null when there is none. */
    async forUpdateIn(tx: Queryable, orderId: string): Promise<OrderRow | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      return (
        (await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [orderId]))[0] ?? null
      );
    },

    /**
     * Moves a locked order from one of `from` to `to` and stamps the time of the states that have one (processing,
     * shipped, delivered); null when it was in none of `from`.
     */
    async moveStateIn(
      tx: Queryable,
      orderId: string,
      from: readonly OrderState[],
      to: OrderState,
    ): Promise<OrderRow | null> {
      return (
        (
          await tx.query<OrderRow>(
            `UPDATE orders SET state = $2,
               processing_at = CASE WHEN $2 = 'processing' THEN now() ELSE processing_at END,
               shipped_at = CASE WHEN $2 = 'shipped' THEN now() ELSE shipped_at END,
               delivered_at = CASE WHEN $2 = 'delivered' THEN now() ELSE delivered_at END
             WHERE id = $1 AND state = ANY($3::text[]) RETURNING ${ORDER_COLUMNS}`,
            [orderId, to, from],
          )
        )[0] ?? null
      );
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
