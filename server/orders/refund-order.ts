import type { Queryable } from '../db/types';
import type { OrderActor } from '../schemas/order-events';
import type { OrdersRepository } from '../repositories/orders';
import type { GiftCardsRepository } from '../repositories/gift-cards';
import {
  insertRefundIn,
  refundSourcesIn,
  type RefundReason,
  type RefundRow,
  type RefundSource,
} from '../repositories/refunds';
import { orderStepIn } from './order-steps';

/** What refundOrderIn gives back through. */
export interface RefundRepos {
  orders: Pick<OrdersRepository, 'lockPaidIn'>;
  giftCards: Pick<GiftCardsRepository, 'creditIn'>;
}

export interface RefundOrderRequest {
  orderId: string;
  /** Minor units of `currency`, or `all`: whatever of the order is still refundable. */
  amount: number | 'all';
  currency: string;
  reason: RefundReason;
  actor: OrderActor;
  /** The return the refund pays for, if any (recorded on each part). */
  returnId?: string;
  /** False when the caller's own message already tells the shopper of the refund (a lapsed pre-order's). */
  notify?: boolean;
}

/** One refund row refundOrderIn wrote: where from, how much, and its state (done at once for a gift card). */
export interface RefundPart {
  refundId: string;
  kind: RefundSource['kind'];
  amount: number;
  state: RefundRow['state'];
}

/**
 * What a refund did. Refused (`ok: false`): no such order, never paid, another currency, an amount that is not a
 * positive whole number of minor units, more than is still refundable (`refundable` says how much is), or nothing
 * left. Either way `refunded` and `parts` say what was owed back by this call.
 */
export type RefundOrderResult =
  | { ok: true; refunded: number; parts: RefundPart[]; remaining: number }
  | {
      ok: false;
      reason: 'not_found' | 'not_paid' | 'currency' | 'invalid_amount' | 'over_refundable' | 'nothing_left';
      refundable: number;
      refunded: 0;
      parts: [];
    };

/** The order refunds are taken from the sources of an order's money: provider charges, transfers, gift cards. */
const KIND_ORDER: Record<RefundSource['kind'], number> = { provider: 0, transfer: 1, gift_card: 2 };

/**
 * The refund allocation rule: a refund is taken from the provider charges first (card, instalments, pay-later, card
 * parts of a split payment), then from money staff pay back (bank-transfer parts), then from gift cards; within
 * each, oldest source first; never more from a source than it took less what was already owed back from it.
 * @example allocateRefund([{ kind: 'gift_card', paid: 300, refunded: 0, … }, { kind: 'provider', paid: 700, … }], 800)
 *   // → 700 from the provider charge, 100 back to the gift card
 */
export function allocateRefund(
  sources: readonly RefundSource[],
  amount: number,
): { source: RefundSource; amount: number }[] {
  const ordered = [...sources].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || Number(a.id) - Number(b.id));
  const parts: { source: RefundSource; amount: number }[] = [];
  let left = amount;
  for (const source of ordered) {
    if (left <= 0) break;
    const take = Math.min(left, source.paid - source.refunded);
    if (take <= 0) continue;
    parts.push({ source, amount: take });
    left -= take;
  }
  return parts;
}

const refused = (reason: Extract<RefundOrderResult, { ok: false }>['reason'], refundable = 0): RefundOrderResult => ({
  ok: false,
  reason,
  refundable,
  refunded: 0,
  parts: [],
});

/**
 * Refunds money of a paid order in the caller's transaction: locks the order's row (so parallel refunds of one
 * order queue and each sees the others' parts), sums in SQL what each source of its money took and what was
 * already owed back, and owes back `amount` (or all that remains) by the refund allocation rule. Provider parts are
 * paid by the refund job, transfer parts by staff; gift-card parts go straight back to the card's balance. Records
 * the `refund_due` step for what is paid later and the `refunded` step for what went back at once.
 */
export async function refundOrderIn(
  tx: Queryable,
  repos: RefundRepos,
  request: RefundOrderRequest,
): Promise<RefundOrderResult> {
  const order = await repos.orders.lockPaidIn(tx, request.orderId);
  if (!order) return refused('not_found');
  if (!order.paid_at) return refused('not_paid');
  if (request.currency !== order.currency) return refused('currency');
  const sources = await refundSourcesIn(tx, order.id);
  const refundable = sources.reduce((sum, s) => sum + Math.max(0, s.paid - s.refunded), 0);
  const amount = request.amount === 'all' ? refundable : request.amount;
  if (!Number.isSafeInteger(amount) || amount < 0 || (request.amount !== 'all' && amount === 0))
    return refused('invalid_amount', refundable);
  if (amount === 0) return refused('nothing_left');
  if (amount > refundable) return refused('over_refundable', refundable);

  const parts: RefundPart[] = [];
  for (const part of allocateRefund(sources, amount)) {
    const row = await insertRefundIn(tx, {
      orderId: order.id,
      amount: part.amount,
      currency: order.currency,
      reason: request.reason,
      actor: request.actor,
      returnId: request.returnId ?? null,
      source: part.source,
    });
    if (part.source.kind === 'gift_card') await repos.giftCards.creditIn(tx, part.source.id, part.amount);
    parts.push({ refundId: row.id, kind: part.source.kind, amount: part.amount, state: row.state });
  }

  const ref = {
    id: order.id,
    user_id: order.user_id,
    url_local: order.url_local,
    total: amount,
    currency: order.currency,
  };
  const detail = { reason: request.reason, ...(request.returnId ? { returnId: request.returnId } : {}) };
  const later = parts.filter((p) => p.state === 'pending');
  const now = parts.filter((p) => p.state === 'done');
  const sum = (ps: RefundPart[]) => ps.reduce((s, p) => s + p.amount, 0);
  if (later.length > 0)
    await orderStepIn(tx, ref, 'refund_due', {
      amount: sum(later),
      actor: request.actor,
      notice: request.notify === false ? null : 'refund_started',
      detail: { ...detail, refundIds: later.map((p) => p.refundId) },
    });
  if (now.length > 0)
    await orderStepIn(tx, ref, 'refunded', {
      amount: sum(now),
      actor: request.actor,
      notice: request.notify === false ? null : 'refunded_gift_card',
      detail: { ...detail, refundIds: now.map((p) => p.refundId), to: 'gift_card' },
    });
  return { ok: true, refunded: amount, parts, remaining: refundable - amount };
}
