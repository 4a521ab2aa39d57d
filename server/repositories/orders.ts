import type { Database, Queryable } from '../db/types';
import type { CartLine } from './cart';
import { loadSql } from './load-sql';
import { quote, type CheckoutLine, type FcodeGate, type Quote } from '../orders/pricing';
import type { CommerceRules, DeliveryMethodId } from '../../sites/commerce';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { couponsRepository, toCheckoutCoupon } from './coupons';
import { pointsRepository } from './points';
import { fcodesRepository } from './fcodes';
import { pointsRules } from '../orders/points';

export type OrderState = 'unpaid' | 'processing' | 'paid' | 'shipped' | 'cancelled';

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
  invoice: Record<string, string> | null;
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

const ORDER_COLUMNS = `id::text AS id, user_id, local, url_local, flow, state, currency, items_total::float8 AS items_total,
  discount::float8 AS discount, shipping_fee::float8 AS shipping_fee, tax::float8 AS tax, tax_inclusive, tax_rate_bp,
  net_amount::float8 AS net_amount, total::float8 AS total, delivery_method, address, address_changes, points_used,
  points_discount::float8 AS points_discount, invoice, pay_before,
  paid_at, cancelled_at, cancel_reason, created_at`;
const LINE_COLUMNS = `line_no, commodity_id, product_id, name, spec, image, quantity, unit_price::float8 AS unit_price,
  market_price::float8 AS market_price, subtotal::float8 AS subtotal`;

const CART_LINES_SQL = loadSql('cart-lines');

export interface PlaceInput {
  userId: number;
  cartId: string;
  local: string;
  urlLocal: string;
  flow: 'consumer' | 'company';
  rules: CommerceRules;
  deliveryMethod: DeliveryMethodId;
  address: Record<string, string>;
  invoice: Record<string, string> | null;
  idempotencyKey: string;
  /** A claimed coupon to use (one per purchase). */
  userCouponId?: string | undefined;
  /** Mi Points to use, checked against the balance inside the transaction. */
  points?: number | undefined;
  /** The confirmation mail, written once the order number is known; queued in the order's transaction. */
  mail: (order: OrderRow, lines: OrderLineRow[]) => OutgoingMail;
}

export type PlaceResult =
  | { ok: true; order: OrderRow; replayed: boolean }
  | { ok: false; reason: 'unpaid_exists'; orderId: string }
  | { ok: false; reason: 'blocked'; quote: Quote }
  | { ok: false; reason: 'stock'; commodityId: string }
  | { ok: false; reason: 'coupon' };

class Rollback extends Error {
  constructor(readonly result: PlaceResult) {
    super('rollback');
  }
}

/**
 * Orders: placing one is a single transaction that reads the checked cart lines, reserves stock line by line
 * (never below zero), writes the order, its lines and stock movements, and queues the confirmation mail. A retry
 * with the same idempotency key returns the first order; the database allows one unpaid order per user.
 */
export function ordersRepository(db: Database) {
  const coupons = couponsRepository(db);
  const points = pointsRepository(db);
  const fcodes = fcodesRepository(db);

  /** The F-code gate of a cart: what needs a code here and what the buyer holds. */
  async function fcodeGate(q: Queryable, userId: number, local: string, cart: CartLine[]): Promise<FcodeGate> {
    return { required: await fcodes.required(q, local, [...new Set(cart.map((l) => l.product_id))]), held: await fcodes.held(q, userId, local) };
  }
  async function byKey(q: Queryable, userId: number, key: string): Promise<OrderRow | null> {
    return (await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND idempotency_key = $2`, [userId, key]))[0] ?? null;
  }

  /** Cancels one unpaid order and puts its stock back, in the caller's transaction. */
  async function cancelIn(tx: Queryable, orderId: string, reason: string): Promise<boolean> {
    const rows = await tx.query<{ local: string }>(
      `UPDATE orders SET state = 'cancelled', cancelled_at = now(), cancel_reason = $2 WHERE id = $1 AND state = 'unpaid' RETURNING local`,
      [orderId, reason],
    );
    if (!rows[0]) return false;
    await coupons.release(tx, orderId);
    await points.returnIn(tx, orderId);
    await fcodes.releaseIn(tx, orderId);
    const lines = await tx.query<{ commodity_id: string; quantity: number }>(`SELECT commodity_id, quantity FROM order_lines WHERE order_id = $1 ORDER BY commodity_id`, [orderId]);
    for (const line of lines) {
      await tx.query(`UPDATE offers SET stock = stock + $3 WHERE commodity_id = $1 AND local = $2`, [line.commodity_id, rows[0].local, line.quantity]);
      await tx.query(`INSERT INTO stock_movements (commodity_id, local, order_id, delta, reason) VALUES ($1, $2, $3, $4, 'cancel')`, [line.commodity_id, rows[0].local, orderId, line.quantity]);
    }
    return true;
  }

  return {
    fcodeGate,

    async place(input: PlaceInput): Promise<PlaceResult> {
      const earlier = await byKey(db, input.userId, input.idempotencyKey);
      if (earlier) return { ok: true, order: earlier, replayed: true };
      try {
        return await db.transaction(async (tx) => {
          // Serialise this user's placements: the unpaid rule and the key are then checked without races.
          await tx.query(`SELECT pg_advisory_xact_lock(hashtext('place-order'), $1::int)`, [input.userId]);
          const replay = await byKey(tx, input.userId, input.idempotencyKey);
          if (replay) return { ok: true, order: replay, replayed: true } as const;
          // An unpaid order past its window no longer blocks: it is cancelled here rather than waiting for the sweep.
          const unpaid = (await tx.query<{ id: string; due: boolean }>(`SELECT id::text AS id, pay_before <= now() AS due FROM orders WHERE user_id = $1 AND state = 'unpaid'`, [input.userId]))[0];
          if (unpaid?.due) await cancelIn(tx, unpaid.id, 'payment_window');
          else if (unpaid) return { ok: false, reason: 'unpaid_exists', orderId: unpaid.id } as const;

          const cart = await tx.query<CartLine>(CART_LINES_SQL, [input.cartId, input.local]);
          const coupon = input.userCouponId ? await coupons.usable(tx, input.userId, input.local, input.userCouponId) : null;
          if (input.userCouponId && !coupon) return { ok: false, reason: 'coupon' } as const;
          const wish = input.points ? { wanted: input.points, balance: await points.balance(tx, input.userId, input.local), rules: pointsRules(input.local, input.rules) } : null;
          const gate = await fcodeGate(tx, input.userId, input.local, cart);
          const q = quote(cart, input.rules, input.deliveryMethod, coupon ? toCheckoutCoupon(coupon) : null, wish, gate);
          if (q.blockers.length > 0) return { ok: false, reason: 'blocked', quote: q } as const;

          // Stock rows are locked in one order (by commodity) so two placements never wait on each other crosswise.
          const lines = [...q.lines].sort((a, b) => a.commodityId.localeCompare(b.commodityId));
          for (const line of lines) {
            const taken = await tx.query(`UPDATE offers SET stock = stock - $3 WHERE commodity_id = $1 AND local = $2 AND stock >= $3 RETURNING stock`, [
              line.commodityId, input.local, line.quantity,
            ]);
            if (taken.length === 0) throw new Rollback({ ok: false, reason: 'stock', commodityId: line.commodityId });
          }
          const order = (await tx.query<OrderRow>(
            `INSERT INTO orders (user_id, local, url_local, flow, state, currency, items_total, discount, shipping_fee, tax, tax_inclusive, tax_rate_bp,
                                 net_amount, total, delivery_method, address, invoice, idempotency_key, pay_before, coupon_id, points_used, points_discount)
             VALUES ($1, $2, $3, $4, 'unpaid', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now() + make_interval(mins => $18), $19, $20, $21)
             RETURNING ${ORDER_COLUMNS}`,
            [
              input.userId, input.local, input.urlLocal, input.flow, q.currency, q.itemsTotal, q.discount, q.shippingFee, q.tax, q.taxInclusive, q.taxRateBp,
              q.netAmount, q.total, q.deliveryMethod, JSON.stringify(input.address), input.invoice ? JSON.stringify(input.invoice) : null, input.idempotencyKey,
              input.rules.paymentWindowMinutes, coupon?.id ?? null, q.points?.use.ok ? q.points.use.points : 0, q.points?.use.ok ? q.points.use.discount : 0,
            ],
          ))[0]!;
          if (coupon && !(await coupons.redeem(tx, coupon.user_coupon_id, order.id))) throw new Rollback({ ok: false, reason: 'coupon' });
          if (q.points?.use.ok && q.points.use.points > 0) await points.redeemIn(tx, input.userId, input.local, order.id, q.points.use.points);
          // One of the buyer's F-codes per unit of a product that needs one.
          for (const productId of gate.required) {
            const units = q.lines.filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0);
            if (units > 0 && !(await fcodes.useIn(tx, input.userId, input.local, productId, units, order.id))) throw new Rollback({ ok: false, reason: 'blocked', quote: q });
          }
          const written: OrderLineRow[] = [];
          for (const [i, line] of q.lines.entries()) written.push(await insertLine(tx, order.id, i + 1, line, input.local));
          await mailOutbox.enqueue(tx, { ...input.mail(order, written), dedupeKey: `order-confirmation:${order.id}` });
          return { ok: true, order, replayed: false } as const;
        });
      } catch (err) {
        if (err instanceof Rollback) return err.result;
        throw err;
      }
    },

    async list(userId: number, local: string, limit = 50): Promise<OrderRow[]> {
      return db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND local = $2 ORDER BY created_at DESC, id DESC LIMIT $3`, [userId, local, limit]);
    },

    /** One order of the user with its lines; another user's order is "not found". */
    async detail(userId: number, orderId: string): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      const order = (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`, [orderId, userId]))[0];
      if (!order) return null;
      const lines = await db.query<OrderLineRow>(`SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = $1 ORDER BY line_no`, [orderId]);
      return { order, lines };
    },

    /** The shopper cancels an unpaid order: stock goes back at once. */
    async cancel(userId: number, orderId: string): Promise<'cancelled' | 'not_found' | 'not_unpaid'> {
      if (!/^\d{1,18}$/.test(orderId)) return 'not_found';
      return db.transaction(async (tx) => {
        const row = (await tx.query<{ state: OrderState }>(`SELECT state FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE`, [orderId, userId]))[0];
        if (!row) return 'not_found';
        return (await cancelIn(tx, orderId, 'shopper')) ? 'cancelled' : 'not_unpaid';
      });
    },

    /** §4: the address of an order may be changed once, before it ships. */
    async changeAddress(userId: number, orderId: string, address: Record<string, string>): Promise<'changed' | 'not_found' | 'used' | 'shipped'> {
      if (!/^\d{1,18}$/.test(orderId)) return 'not_found';
      return db.transaction(async (tx) => {
        const row = (await tx.query<{ state: OrderState; address_changes: number }>(`SELECT state, address_changes FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE`, [orderId, userId]))[0];
        if (!row) return 'not_found';
        if (row.state === 'shipped' || row.state === 'cancelled') return 'shipped';
        if (row.address_changes >= 1) return 'used';
        await tx.query(`UPDATE orders SET address = $2, address_changes = address_changes + 1 WHERE id = $1`, [orderId, JSON.stringify(address)]);
        return 'changed';
      });
    },

    /** Cancels unpaid orders past their payment window and releases their stock; returns how many. */
    async expireUnpaid(limit = 100): Promise<number> {
      const due = await db.query<{ id: string }>(`SELECT id::text AS id FROM orders WHERE state = 'unpaid' AND pay_before <= now() ORDER BY pay_before LIMIT $1`, [limit]);
      let n = 0;
      for (const { id } of due) if (await db.transaction((tx) => cancelIn(tx, id, 'payment_window'))) n++;
      return n;
    },

    /** The user's unpaid order, if any (the checkout points to it instead of placing another). */
    async unpaid(userId: number): Promise<OrderRow | null> {
      return (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND state = 'unpaid' AND pay_before > now()`, [userId]))[0] ?? null;
    },
  };
}

async function insertLine(tx: Queryable, orderId: string, lineNo: number, line: CheckoutLine, local: string): Promise<OrderLineRow> {
  await tx.query(`INSERT INTO stock_movements (commodity_id, local, order_id, delta, reason) VALUES ($1, $2, $3, $4, 'order')`, [line.commodityId, local, orderId, -line.quantity]);
  return (await tx.query<OrderLineRow>(
    `INSERT INTO order_lines (order_id, line_no, commodity_id, product_id, name, spec, image, quantity, unit_price, market_price, subtotal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${LINE_COLUMNS}`,
    [orderId, lineNo, line.commodityId, line.productId, line.name, line.spec, line.image, line.quantity, line.unitPrice, line.marketPrice, line.subtotal],
  ))[0]!;
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
