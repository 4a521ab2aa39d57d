import type { Database, Queryable } from '../db/types';
import type { CancelResult, OrdersRepository } from '../repositories/orders';
import type { CouponsRepository } from '../repositories/coupons';
import type { PointsRepository } from '../repositories/points';
import type { FcodesRepository } from '../repositories/fcodes';
import type { GiftCardsRepository } from '../repositories/gift-cards';
import type { TradeInsRepository } from '../repositories/trade-ins';
import { postOrderMessageIn } from './order-messages';
import { paymentInFlightIn } from '../repositories/payments';
import { cardPartInFlightIn, closePartsIn } from '../repositories/split-payments';
import { owePaymentBackIn, oweRefundIn } from '../repositories/refunds';

export type { CancelResult } from '../repositories/orders';

/** The repositories a cancellation gives things back through. */
export interface CancelRepos {
  orders: OrdersRepository;
  coupons: Pick<CouponsRepository, 'release' | 'releaseIfValidIn'>;
  points: Pick<PointsRepository, 'returnIn' | 'takeBackEarnedIn'>;
  fcodes: Pick<FcodesRepository, 'releaseIn'>;
  giftCards: Pick<GiftCardsRepository, 'returnIn' | 'creditIn' | 'voidBoughtIn'>;
  tradeIns: Pick<TradeInsRepository, 'releaseIn'>;
}

/**
 * Cancels one unpaid order in the caller's transaction (which holds the order's row lock) and gives back what it
 * used: its coupon, points, F-codes, gift-card amounts, trade-in, split parts and stock. A payment in flight keeps
 * the order open (`in_flight`): the caller settles it with its provider first (orders/closing.ts).
 */
export async function cancelOrderIn(
  tx: Queryable,
  repos: CancelRepos,
  orderId: string,
  reason: string,
): Promise<CancelResult> {
  if ((await paymentInFlightIn(tx, orderId)) || (await cardPartInFlightIn(tx, orderId))) return 'in_flight';
  const row = await repos.orders.cancelRowIn(tx, orderId, reason);
  if (typeof row === 'string') return row;
  // The shopper did not cancel it: their inbox says the payment window closed, or that a flash sale's order took
  // its place (one unpaid order per shopper; server/checkout/flash-order.ts).
  if (reason === 'payment_window') await postOrderMessageIn(tx, 'expired', row);
  if (reason === 'flash_sale') await postOrderMessageIn(tx, 'cancelled', row);
  await repos.coupons.release(tx, orderId);
  await repos.points.returnIn(tx, orderId);
  await repos.fcodes.releaseIn(tx, orderId);
  await repos.giftCards.returnIn(tx, orderId);
  await repos.tradeIns.releaseIn(tx, orderId);
  await giveSplitPartsBackIn(tx, orderId);
  // A final payment's units stay reserved by its deposit order: the shopper may start the final payment again.
  if (row.kind === 'final') return 'cancelled';
  await repos.orders.releaseStockIn(tx, orderId, row.local);
  return 'cancelled';
}

/**
 * Cancels an unpaid order (of `userId` when given: another user's is not found) unless a payment of it is in
 * flight; stock goes back at once. Callers settle payments in flight with their providers first (orders/closing.ts).
 */
export async function cancelIdle(
  db: Database,
  repos: CancelRepos,
  orderId: string,
  reason: string,
  userId?: number,
): Promise<CancelResult | 'not_found'> {
  if (!/^\d{1,18}$/.test(orderId)) return 'not_found';
  return db.transaction(async (tx) => {
    const row = await repos.orders.lockIn(tx, orderId);
    if (!row || (userId !== undefined && row.user_id !== userId)) return 'not_found';
    return cancelOrderIn(tx, repos, orderId, reason);
  });
}

/**
 * Parts of a split payment on a cancelled order: announced transfers that never arrived stop; parts paid are owed
 * back, a card part through its gateway, transfers by staff (one refund for them, within the refund promise).
 */
async function giveSplitPartsBackIn(tx: Queryable, orderId: string): Promise<void> {
  const paid = await closePartsIn(tx, orderId);
  const byStaff = [];
  for (const part of paid) {
    if (part.method === 'card' && part.provider && part.provider_ref) {
      await owePaymentBackIn(tx, {
        orderId,
        amount: part.amount,
        currency: part.currency,
        reason: 'split_parts_paid',
        provider: part.provider,
        providerRef: part.provider_ref,
        source: { splitPartId: part.id },
      });
    } else byStaff.push(part);
  }
  const amount = byStaff.reduce((sum, part) => sum + part.amount, 0);
  if (amount > 0) {
    await oweRefundIn(tx, { orderId, amount, currency: byStaff[0]!.currency, reason: 'split_parts_paid' });
  }
}
