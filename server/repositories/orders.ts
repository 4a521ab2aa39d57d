import type { Database, Queryable } from '../db/types';
import { postOrderMessageIn } from '../orders/order-messages';
import type { CartLine } from './cart';
import { loadSql } from './load-sql';
import { quote, type CheckoutLine, type FcodeGate, type Quote } from '../orders/pricing';
import type { CommerceRules, DeliveryMethodId } from '../../sites/commerce';
import { mailOutbox, type OutgoingMail } from '../mail/outbox';
import { couponsRepository, toCheckoutCoupon } from './coupons';
import { pointsRepository } from './points';
import { fcodesRepository } from './fcodes';
import { pointsRules } from '../../sites/points';
import { giftCardsRepository, type GiftCardProblem } from './gift-cards';
import { presalesRepository } from './presales';
import { tradeInsRepository } from './trade-ins';
import { finalPaymentAmounts, REFUND_DAYS, type PresaleState } from '../orders/presale';
import { markPaidIn, type IssuedGiftCard } from '../orders/paid';
import { paidEffects } from './payments';
import { owePaymentBackIn } from './refunds';
import { moveStock } from '../stock/move-stock';

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

const ORDER_COLUMNS = `id::text AS id, user_id, local, url_local, flow, state, currency, items_total::float8 AS items_total,
  discount::float8 AS discount, shipping_fee::float8 AS shipping_fee, tax::float8 AS tax, tax_inclusive, tax_rate_bp,
  net_amount::float8 AS net_amount, total::float8 AS total, delivery_method, address, address_changes, points_used,
  points_discount::float8 AS points_discount, gift_card_amount::float8 AS gift_card_amount, kind, presale_id, parent_order_id::text AS parent_order_id,
  deposit_credit::float8 AS deposit_credit, presale_state, invoice, company_account_id::text AS company_account_id, vat_exempt,
  vat_exempted::float8 AS vat_exempted, pay_before,
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
  /** The shopper's evaluated trade-in to take off a new phone. */
  tradeInId?: string | undefined;
  /** Gift card codes paying part of the order (§9: at most 10). */
  giftCards?: readonly string[] | undefined;
  /**
   * The shopper agreed to a pre-order (the checkout showed a deposit): if the deposit window has closed meanwhile,
   * the order is refused rather than placed at the full price they never saw.
   */
  expectsPreOrder?: boolean | undefined;
  /** A company purchase by a GOOD enterprise account: tiers and business limits, its VAT exemption. */
  business?: { accountId: string; vatExempt: boolean } | null;
  /** The confirmation mail, written once the order number is known; queued in the order's transaction. */
  mail: (order: OrderRow, lines: OrderLineRow[]) => OutgoingMail;
  /** The receipt, when gift cards pay the whole order at once. */
  receipt: (order: OrderRow, giftCards: IssuedGiftCard[]) => OutgoingMail;
}

export type PlaceResult =
  | { ok: true; order: OrderRow; replayed: boolean }
  | { ok: false; reason: 'unpaid_exists'; orderId: string }
  | { ok: false; reason: 'blocked'; quote: Quote }
  | { ok: false; reason: 'stock'; commodityId: string }
  | { ok: false; reason: 'coupon' }
  | { ok: false; reason: 'trade_in' }
  | { ok: false; reason: 'gift_card'; code: string; problem: GiftCardProblem | 'changed' }
  | { ok: false; reason: 'presale_closed' };

/** What cancelling an order did: `in_flight` when a payment of it is still with its provider. */
export type CancelResult = 'cancelled' | 'not_unpaid' | 'in_flight';

export type FinalResult =
  | { ok: true; order: OrderRow; replayed: boolean }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'not_payable'; state: PresaleState | null }
  | { ok: false; reason: 'window'; opensAt: Date; closesAt: Date }
  | { ok: false; reason: 'unpaid_exists'; orderId: string };

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
  const giftCards = giftCardsRepository(db);
  const presales = presalesRepository(db);
  const tradeIns = tradeInsRepository(db);

  /** The F-code gate of a cart: what needs a code here and what the buyer holds. */
  async function fcodeGate(q: Queryable, userId: number, local: string, cart: CartLine[]): Promise<FcodeGate> {
    return { required: await fcodes.required(q, local, [...new Set(cart.map((l) => l.product_id))]), held: await fcodes.held(q, userId, local) };
  }
  async function byKey(q: Queryable, userId: number, key: string): Promise<OrderRow | null> {
    return (await q.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND idempotency_key = $2`, [userId, key]))[0] ?? null;
  }

  /**
   * Cancels one unpaid order and puts its stock back, in the caller's transaction (which holds the order's row
   * lock). A payment in flight (sent to its provider, or waiting for its one-time password) keeps the order open:
   * the caller settles it with the provider first (orders/closing.ts), so the money never moves on a closed order.
   */
  async function cancelIn(tx: Queryable, orderId: string, reason: string): Promise<CancelResult> {
    const inFlight = await tx.query(
      `SELECT 1 FROM payments WHERE order_id = $1 AND state IN ('pending', 'otp_required')
       UNION ALL SELECT 1 FROM split_payment_parts WHERE order_id = $1 AND state = 'pending' AND method = 'card' LIMIT 1`,
      [orderId],
    );
    if (inFlight.length > 0) return 'in_flight';
    const rows = await tx.query<{ local: string; kind: OrderRow['kind']; id: string; user_id: number; url_local: string; total: number; currency: string }>(
      `UPDATE orders SET state = 'cancelled', cancelled_at = now(), cancel_reason = $2 WHERE id = $1 AND state = 'unpaid'
       RETURNING local, kind, id::text AS id, user_id, url_local, total::float8 AS total, currency`,
      [orderId, reason],
    );
    if (!rows[0]) return 'not_unpaid';
    // The shopper did not cancel it: their inbox says the payment window closed.
    if (reason === 'payment_window') await postOrderMessageIn(tx, 'expired', rows[0]);
    await coupons.release(tx, orderId);
    await points.returnIn(tx, orderId);
    await fcodes.releaseIn(tx, orderId);
    await giftCards.returnIn(tx, orderId);
    await tradeIns.releaseIn(tx, orderId);
    await closeSplitPartsIn(tx, orderId);
    // A final payment's units stay reserved by its deposit order: the shopper may start the final payment again.
    if (rows[0].kind === 'final') return 'cancelled';
    await releaseStock(tx, orderId, rows[0].local);
    return 'cancelled';
  }

  /**
   * Parts of a split payment on a cancelled order: announced transfers that never arrived stop; parts paid are owed
   * back, a card part through its gateway, transfers by staff (one refund for them, within 15 working days).
   */
  async function closeSplitPartsIn(tx: Queryable, orderId: string): Promise<void> {
    await tx.query(`UPDATE split_payment_parts SET state = 'failed', failure_code = 'order_closed', updated_at = now() WHERE order_id = $1 AND state = 'pending'`, [orderId]);
    const paid = await tx.query<{ id: string; method: 'card' | 'bank_transfer'; amount: number; currency: string; provider: string | null; provider_ref: string | null }>(
      `SELECT id::text AS id, method, amount::float8 AS amount, currency, provider, provider_ref FROM split_payment_parts WHERE order_id = $1 AND state = 'succeeded' ORDER BY id`,
      [orderId],
    );
    for (const part of paid.filter((p) => p.method === 'card' && p.provider && p.provider_ref)) {
      await owePaymentBackIn(tx, { orderId, amount: part.amount, currency: part.currency, reason: 'split_parts_paid', provider: part.provider!, providerRef: part.provider_ref!, source: { splitPartId: part.id } });
    }
    await tx.query(
      `INSERT INTO refunds (order_id, amount, currency, reason, due_by)
       SELECT $1, sum(amount), min(currency), 'split_parts_paid', now() + make_interval(days => $2) FROM split_payment_parts
       WHERE order_id = $1 AND state = 'succeeded' AND NOT (method = 'card' AND provider IS NOT NULL AND provider_ref IS NOT NULL) HAVING sum(amount) > 0 ON CONFLICT DO NOTHING`,
      [orderId, REFUND_DAYS],
    );
  }

  /** Puts an order's units back on sale. */
  async function releaseStock(tx: Queryable, orderId: string, local: string): Promise<void> {
    const lines = await tx.query<{ commodity_id: string; quantity: number }>(`SELECT commodity_id, quantity FROM order_lines WHERE order_id = $1 ORDER BY commodity_id`, [orderId]);
    for (const line of lines) {
      await moveStock(tx, { commodityId: line.commodity_id, local, delta: line.quantity, reason: 'cancellation', orderId });
    }
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
          const unpaid = (await tx.query<{ id: string; due: boolean }>(`SELECT id::text AS id, pay_before <= now() AS due FROM orders WHERE user_id = $1 AND state = 'unpaid' FOR UPDATE`, [input.userId]))[0];
          // One whose payment is still with its provider waits for the reconciliation like any other unpaid order.
          if (unpaid && !(unpaid.due && (await cancelIn(tx, unpaid.id, 'payment_window')) === 'cancelled')) return { ok: false, reason: 'unpaid_exists', orderId: unpaid.id } as const;

          // The served release of the storefront cannot change until this order is placed: its prices and its release id
          // (orders_served_release, migration 028) are one release's (applyServedRelease waits for this row).
          await tx.query(`SELECT 1 FROM storefront_releases WHERE local = $1 FOR SHARE`, [input.urlLocal]);
          const cart = (await tx.query<{ lines: CartLine[] }>(CART_LINES_SQL, [input.cartId, input.local]))[0]!.lines;
          const coupon = input.userCouponId ? await coupons.usable(tx, input.userId, input.local, input.userCouponId) : null;
          if (input.userCouponId && !coupon) return { ok: false, reason: 'coupon' } as const;
          const wish = input.points ? { wanted: input.points, balance: await points.balance(tx, input.userId, input.local), rules: pointsRules(input.local, input.rules) } : null;
          const gate = await fcodeGate(tx, input.userId, input.local, cart);
          const tradeIn = input.tradeInId ? await tradeIns.usable(tx, input.userId, input.local, input.tradeInId) : null;
          if (input.tradeInId && !tradeIn) return { ok: false, reason: 'trade_in' } as const;
          const cards = await giftCards.resolve(tx, input.userId, input.local, input.giftCards ?? []);
          if (!cards.ok) return { ok: false, reason: 'gift_card', code: cards.code, problem: cards.problem } as const;
          const q = quote(cart, input.rules, {
            method: input.deliveryMethod, coupon: coupon ? toCheckoutCoupon(coupon) : null, points: wish, fcode: gate, giftCards: cards.cards, tradeIn, presales: await presales.openDeposits(tx, input.local),
            business: input.business ? { vatExempt: input.business.vatExempt } : null,
          });
          if (q.blockers.length > 0) return { ok: false, reason: 'blocked', quote: q } as const;
          if (input.expectsPreOrder && !q.presale && (await presales.depositClosed(tx, input.local, q.lines.map((l) => l.productId)))) {
            return { ok: false, reason: 'presale_closed' } as const;
          }

          const order = (await tx.query<OrderRow>(
            `INSERT INTO orders (user_id, local, url_local, flow, state, currency, items_total, discount, shipping_fee, tax, tax_inclusive, tax_rate_bp,
                                 net_amount, total, delivery_method, address, invoice, idempotency_key, pay_before, coupon_id, points_used, points_discount,
                                 gift_card_amount, kind, presale_id, presale_state)
             VALUES ($1, $2, $3, $4, 'unpaid', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now() + make_interval(mins => $18), $19, $20, $21,
                     $22, $23, $24, $25)
             RETURNING ${ORDER_COLUMNS}`,
            [
              input.userId, input.local, input.urlLocal, input.flow, q.currency, q.itemsTotal, q.discount, q.shippingFee, q.tax, q.taxInclusive, q.taxRateBp,
              q.netAmount, q.total, q.deliveryMethod, JSON.stringify(input.address), input.invoice ? JSON.stringify(input.invoice) : null, input.idempotencyKey,
              input.rules.paymentWindowMinutes, coupon?.id ?? null, q.points?.use.ok ? q.points.use.points : 0, q.points?.use.ok ? q.points.use.discount : 0,
              q.giftCardAmount, q.presale ? 'deposit' : 'standard', q.presale?.campaignId ?? null, q.presale ? 'deposit_unpaid' : null,
            ],
          ))[0]!;
          // The units are reserved once the order exists, since each ledger row names its order; a line short of stock
          // rolls everything back. Stock rows are locked in one order (by commodity) so two placements never wait on
          // each other crosswise.
          const lines = [...q.lines].sort((a, b) => a.commodityId.localeCompare(b.commodityId));
          for (const line of lines) {
            const after = await moveStock(tx, { commodityId: line.commodityId, local: input.local, delta: -line.quantity, reason: 'sale', orderId: order.id });
            if (after === null) throw new Rollback({ ok: false, reason: 'stock', commodityId: line.commodityId });
          }
          if (input.business) {
            Object.assign(order, (await tx.query<Pick<OrderRow, 'company_account_id' | 'vat_exempt' | 'vat_exempted'>>(
              `UPDATE orders SET company_account_id = $2, vat_exempt = $3, vat_exempted = $4 WHERE id = $1
               RETURNING company_account_id::text AS company_account_id, vat_exempt, vat_exempted::float8 AS vat_exempted`,
              [order.id, input.business.accountId, input.business.vatExempt, q.business?.vatExempted ?? 0],
            ))[0]);
          }
          if (coupon && !(await coupons.redeem(tx, coupon.user_coupon_id, order.id))) throw new Rollback({ ok: false, reason: 'coupon' });
          if (q.points?.use.ok && q.points.use.points > 0) await points.redeemIn(tx, input.userId, input.local, order.id, q.points.use.points);
          // One of the buyer's F-codes per unit of a product that needs one.
          for (const productId of gate.required) {
            const units = q.lines.filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0);
            if (units > 0 && !(await fcodes.useIn(tx, input.userId, input.local, productId, units, order.id))) throw new Rollback({ ok: false, reason: 'blocked', quote: q });
          }
          if (q.tradeIn?.ok && !(await tradeIns.redeemIn(tx, input.userId, q.tradeIn.id, order.id, q.tradeIn.productId))) throw new Rollback({ ok: false, reason: 'trade_in' });
          // Gift cards in the order chosen; a card another order emptied meanwhile rolls this one back.
          for (const use of q.giftCards.filter((u) => u.applied > 0)) {
            if (!(await giftCards.spendIn(tx, input.userId, use.id, order.id, use.applied))) throw new Rollback({ ok: false, reason: 'gift_card', code: use.code, problem: 'changed' });
          }
          const written: OrderLineRow[] = [];
          for (const [i, line] of q.lines.entries()) written.push(await insertLine(tx, order.id, i + 1, line));
          await mailOutbox.enqueue(tx, { ...input.mail(order, written), dedupeKey: `order-confirmation:${order.id}` });
          if (q.amountDue === 0 && q.giftCardAmount > 0) {
            // Gift cards paid it all: the order is paid now, with the gift cards as its payment.
            await tx.query(`INSERT INTO payments (order_id, provider, method, state, amount, currency) VALUES ($1, 'gift_card', 'gift_card', 'succeeded', $2, $3)`, [order.id, q.giftCardAmount, q.currency]);
            const paid = await markPaidIn(tx, paidEffects(db), order.id);
            await mailOutbox.enqueue(tx, { ...input.receipt(paid.order, paid.giftCards), dedupeKey: `payment-receipt:${order.id}` });
            return { ok: true, order: (await byKey(tx, input.userId, input.idempotencyKey))!, replayed: false } as const;
          }
          return { ok: true, order, replayed: false } as const;
        });
      } catch (err) {
        if (err instanceof Rollback) return err.result;
        throw err;
      }
    },

    /**
     * The final payment of a paid deposit, in its window: an order for the rest (full price less the deposit, plus
     * delivery) with the deposit's lines and address; its units are already reserved. Asking again returns the live one.
     */
    async placeFinal(input: { userId: number; depositOrderId: string; rules: CommerceRules; mail: (order: OrderRow, lines: OrderLineRow[]) => OutgoingMail }): Promise<FinalResult> {
      if (!/^\d{1,18}$/.test(input.depositOrderId)) return { ok: false, reason: 'not_found' };
      return db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('place-order'), $1::int)`, [input.userId]);
        const deposit = (await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2 AND kind = 'deposit' FOR UPDATE`, [input.depositOrderId, input.userId]))[0];
        if (!deposit) return { ok: false, reason: 'not_found' } as const;
        if (deposit.presale_state !== 'deposit_paid') return { ok: false, reason: 'not_payable', state: deposit.presale_state } as const;
        const terms = (await presales.terms(tx, deposit.presale_id!))!;
        if (!(await presales.finalOpen(tx, deposit.presale_id!))) return { ok: false, reason: 'window', opensAt: terms.finalStartsAt, closesAt: terms.finalEndsAt } as const;
        const live = (await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE parent_order_id = $1 AND kind = 'final' AND state <> 'cancelled'`, [deposit.id]))[0];
        if (live) return { ok: true, order: live, replayed: true } as const;
        const unpaid = (await tx.query<{ id: string }>(`SELECT id::text AS id FROM orders WHERE user_id = $1 AND state = 'unpaid' AND pay_before > now()`, [input.userId]))[0];
        if (unpaid) return { ok: false, reason: 'unpaid_exists', orderId: unpaid.id } as const;
        const lines = await tx.query<OrderLineRow>(`SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = $1 ORDER BY line_no`, [deposit.id]);
        const fullTotal = lines.reduce((sum, l) => sum + l.subtotal, 0);
        const a = finalPaymentAmounts(input.rules, fullTotal, deposit.total);
        const order = (await tx.query<OrderRow>(
          `INSERT INTO orders (user_id, local, url_local, flow, state, currency, items_total, discount, shipping_fee, tax, tax_inclusive, tax_rate_bp, net_amount, total,
                               delivery_method, address, invoice, idempotency_key, pay_before, kind, presale_id, parent_order_id, deposit_credit)
           VALUES ($1, $2, $3, $4, 'unpaid', $5, $6, 0, $7, $8, $9, $10, $11, $12, 'standard', $13, $14, $15, least(now() + make_interval(mins => $16), $17), 'final', $18, $19, $20)
           RETURNING ${ORDER_COLUMNS}`,
          [
            input.userId, deposit.local, deposit.url_local, deposit.flow, a.currency, a.itemsTotal, a.shippingFee, a.tax, a.taxInclusive, a.taxRateBp, a.netAmount, a.total,
            JSON.stringify(deposit.address), deposit.invoice ? JSON.stringify(deposit.invoice) : null, `final:${deposit.id}:${Date.now()}`, input.rules.paymentWindowMinutes,
            terms.finalEndsAt, deposit.presale_id, deposit.id, a.depositCredit,
          ],
        ))[0]!;
        const written: OrderLineRow[] = [];
        for (const line of lines) written.push(await copyLine(tx, order.id, line));
        await mailOutbox.enqueue(tx, { ...input.mail(order, written), dedupeKey: `order-confirmation:${order.id}` });
        return { ok: true, order, replayed: false } as const;
      });
    },

    /**
     * The stated rule of a missed final payment: when the final window has closed without it, the pre-order lapses,
     * its units go back on sale and the deposit is refunded within 15 working days. Returns how many lapsed.
     */
    async lapsePresales(limit = 100): Promise<number> {
      const due = await db.query<{ id: string }>(
        `SELECT o.id::text AS id FROM orders o JOIN presale_campaigns c ON c.id = o.presale_id
         WHERE o.kind = 'deposit' AND o.presale_state = 'deposit_paid' AND c.final_ends_at <= now() ORDER BY o.id LIMIT $1`,
        [limit],
      );
      let n = 0;
      for (const { id } of due) {
        const lapsed = await db.transaction(async (tx) => {
          const row = (await tx.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND presale_state = 'deposit_paid' FOR UPDATE`, [id]))[0];
          if (!row) return false;
          const live = (await tx.query<{ id: string }>(`SELECT id::text AS id FROM orders WHERE parent_order_id = $1 AND kind = 'final' AND state = 'unpaid' FOR UPDATE`, [id]))[0];
          // A final payment still with its provider may yet complete the pre-order: the next run decides.
          if (live && (await cancelIn(tx, live.id, 'final_window')) === 'in_flight') return false;
          await tx.query(`UPDATE orders SET presale_state = 'lapsed', cancel_reason = 'final_payment_missed' WHERE id = $1`, [id]);
          await postOrderMessageIn(tx, 'presale_lapsed', row);
          await releaseStock(tx, id, row.local);
          await tx.query(
            `INSERT INTO refunds (order_id, amount, currency, reason, due_by) VALUES ($1, $2, $3, 'presale_lapsed', now() + make_interval(days => $4)) ON CONFLICT DO NOTHING`,
            [id, row.total, row.currency, REFUND_DAYS],
          );
          return true;
        });
        if (lapsed) n++;
      }
      return n;
    },

    /** The final-payment order of a deposit (the live or paid one), if any. */
    async finalOf(depositOrderId: string): Promise<OrderRow | null> {
      return (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE parent_order_id = $1 AND kind = 'final' ORDER BY (state = 'cancelled'), created_at DESC, id DESC LIMIT 1`, [depositOrderId]))[0] ?? null;
    },

    async list(userId: number, local: string, limit = 50): Promise<OrderRow[]> {
      return db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND local = $2 ORDER BY created_at DESC, id DESC LIMIT $3`, [userId, local, limit]);
    },

    /** The lines of several orders at once (the order list), by order id. */
    async linesOf(orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
      const byOrder = new Map<string, OrderLineRow[]>();
      if (orderIds.length === 0) return byOrder;
      const rows = await db.query<OrderLineRow & { order_id: string }>(
        `SELECT order_id::text AS order_id, ${LINE_COLUMNS} FROM order_lines WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, line_no`,
        [orderIds],
      );
      for (const { order_id, ...line } of rows) byOrder.set(order_id, [...(byOrder.get(order_id) ?? []), line]);
      return byOrder;
    },

    /** One order of the user with its lines; another user's order is "not found". */
    async detail(userId: number, orderId: string): Promise<{ order: OrderRow; lines: OrderLineRow[] } | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      const order = (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`, [orderId, userId]))[0];
      if (!order) return null;
      const lines = await db.query<OrderLineRow>(`SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = $1 ORDER BY line_no`, [orderId]);
      return { order, lines };
    },

    /**
     * Cancels an unpaid order (of `userId` when given: another user's is not found) unless a payment of it is in
     * flight; stock goes back at once. Callers settle payments in flight with their providers first (orders/closing.ts).
     */
    async cancelIdle(orderId: string, reason: string, userId?: number): Promise<CancelResult | 'not_found'> {
      if (!/^\d{1,18}$/.test(orderId)) return 'not_found';
      return db.transaction(async (tx) => {
        const row = (await tx.query<{ user_id: number }>(`SELECT user_id FROM orders WHERE id = $1 FOR UPDATE`, [orderId]))[0];
        if (!row || (userId !== undefined && row.user_id !== userId)) return 'not_found';
        return cancelIn(tx, orderId, reason);
      });
    },

    /** The owner and state of an order, or null. */
    async head(orderId: string): Promise<{ user_id: number; state: OrderState; due: boolean } | null> {
      if (!/^\d{1,18}$/.test(orderId)) return null;
      return (await db.query<{ user_id: number; state: OrderState; due: boolean }>(`SELECT user_id, state, pay_before <= now() AS due FROM orders WHERE id = $1`, [orderId]))[0] ?? null;
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

    /**
     * Unpaid orders past their payment window, oldest first, skipping those with a payment sent to its provider
     * within `graceMs` (the payment may still win; the reconciliation settles it if its process died).
     */
    async dueUnpaid(graceMs: number, limit = 100): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT o.id::text AS id FROM orders o WHERE o.state = 'unpaid' AND o.pay_before <= now()
           AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'pending' AND p.updated_at > now() - make_interval(secs => $1 / 1000.0))
         ORDER BY o.pay_before LIMIT $2`,
        [graceMs, limit],
      );
      return rows.map((r) => r.id);
    },

    /** The user's unpaid order, if any (the checkout points to it instead of placing another). */
    async unpaid(userId: number): Promise<OrderRow | null> {
      return (await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND state = 'unpaid' AND pay_before > now()`, [userId]))[0] ?? null;
    },
  };
}

/** A line of a deposit order on its final-payment order (no stock movement: the deposit holds the units). */
async function copyLine(tx: Queryable, orderId: string, line: OrderLineRow): Promise<OrderLineRow> {
  return (await tx.query<OrderLineRow>(
    `INSERT INTO order_lines (order_id, line_no, commodity_id, product_id, name, spec, image, quantity, unit_price, market_price, subtotal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${LINE_COLUMNS}`,
    [orderId, line.line_no, line.commodity_id, line.product_id, line.name, line.spec, line.image, line.quantity, line.unit_price, line.market_price, line.subtotal],
  ))[0]!;
}

async function insertLine(tx: Queryable, orderId: string, lineNo: number, line: CheckoutLine): Promise<OrderLineRow> {
  return (await tx.query<OrderLineRow>(
    `INSERT INTO order_lines (order_id, line_no, commodity_id, product_id, name, spec, image, quantity, unit_price, market_price, subtotal)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${LINE_COLUMNS}`,
    [orderId, lineNo, line.commodityId, line.productId, line.name, line.spec, line.image, line.quantity, line.unitPrice, line.marketPrice, line.subtotal],
  ))[0]!;
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
