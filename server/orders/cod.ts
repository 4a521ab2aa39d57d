/**
 * Cash on delivery: the order is confirmed without payment and goes to the warehouse at once (unpaid → processing,
 * with a cod_orders row saying what the courier collects); it is paid only when the courier collects the cash, which
 * the delivered step records (orders/cod-collect.ts). Before it ships the shopper may cancel it, and a parcel refused
 * at the door cancels it: nothing was paid either way, so nothing is refunded and everything the order used comes back.
 */
import type { Database, Queryable } from '../db/types';
import type { OrderActor } from '../schemas/order-events';
import type { OrderRow, OrderState } from '../repositories/orders';
import type { CancelRepos } from './cancel-order';
import { codOrders, type CodOrderRow } from '../repositories/cod-orders';
import { paymentInFlightIn } from '../repositories/payments';
import { cardPartInFlightIn } from '../repositories/split-payments';
import type { CartRepository } from '../repositories/cart';
import { orderStepIn } from './order-steps';

/** The open-COD limit: a shopper has at most this many cash-on-delivery orders on their way, cash not collected. */
export const MAX_OPEN_COD_ORDERS = 3;

/** The states a COD order may be cancelled by its shopper in: nothing has left the warehouse. */
const CANCELLABLE: readonly OrderState[] = ['processing'];
/** The states a parcel may come back refused in: something left and the cash was not collected. */
const REFUSABLE: readonly OrderState[] = ['processing', 'partially_shipped', 'shipped'];

/** Why a COD step was refused; the routes turn each into its errno. */
export type CodRefusal = 'not_found' | 'not_unpaid' | 'in_flight' | 'open_limit' | 'not_cod' | 'closed' | 'shipped';

export type CodResult = { ok: true; cod: CodOrderRow; replayed: boolean } | { ok: false; refusal: CodRefusal };

const refuse = (refusal: CodRefusal) => ({ ok: false, refusal }) as const;

/** What confirming writes to besides the COD row: the order, and the cart its bought lines leave. */
export interface CodRepos extends CancelRepos {
  cart: Pick<CartRepository, 'removeBoughtIn'>;
}

/**
 * Confirms an unpaid order by cash on delivery: under the shopper's placement lock (so parallel confirmations of
 * their orders count each other for the open-COD limit) and the order's row lock (so parallel confirmations of one
 * order take one step), the order moves to processing, its COD row records the amount to collect (amount due plus
 * `fee`), its lines leave the cart, and the shopper is told what to have ready. A confirmed order answers again as it
 * is (`replayed`). The caller has checked the method is offered for this order (requireMethodOffered).
 */
export async function confirmCod(
  db: Database,
  repos: CodRepos,
  request: { orderId: string; userId: number; fee: number },
): Promise<CodResult> {
  return db.transaction(async (tx) => {
    await repos.orders.lockPlacementsIn(tx, request.userId);
    const order = await repos.orders.forUpdateIn(tx, request.orderId);
    if (!order || order.user_id !== request.userId) return refuse('not_found');
    const earlier = await codOrders.ofOrder(tx, order.id);
    if (earlier) return { ok: true, cod: earlier, replayed: true };
    if (order.state !== 'unpaid') return refuse('not_unpaid');
    // A card or provider payment that may still charge would pay the order a second time.
    if ((await paymentInFlightIn(tx, order.id)) || (await cardPartInFlightIn(tx, order.id))) return refuse('in_flight');
    if ((await codOrders.openCountIn(tx, request.userId)) >= MAX_OPEN_COD_ORDERS) return refuse('open_limit');

    const moved = (await repos.orders.moveStateIn(tx, order.id, ['unpaid'], 'processing'))!;
    const cod = await codOrders.insertIn(tx, {
      orderId: order.id,
      userId: order.user_id,
      amount: order.total - order.gift_card_amount + request.fee,
      fee: request.fee,
      currency: order.currency,
    });
    await repos.cart.removeBoughtIn(tx, order.user_id, await repos.orders.boughtLinesIn(tx, order.id));
    await orderStepIn(tx, moved, 'processing', {
      actor: 'shopper',
      detail: { cash_on_delivery: true, fee: cod.fee },
      amount: cod.amount,
      notice: 'cod_confirmed',
    });
    return { ok: true, cod, replayed: false };
  });
}

/** Gives back what a COD order used, as an unpaid cancellation does: coupon, points, F-codes, gift cards, stock. */
async function giveBackIn(tx: Queryable, repos: CancelRepos, order: OrderRow): Promise<void> {
  await repos.coupons.release(tx, order.id);
  await repos.points.returnIn(tx, order.id);
  await repos.fcodes.releaseIn(tx, order.id);
  await repos.giftCards.returnIn(tx, order.id);
  await repos.tradeIns.releaseIn(tx, order.id);
  await repos.orders.releaseStockIn(tx, order.id, order.local);
}

/** Who closes a COD order and how: its shopper cancelling (`cancelled`), or the courier bringing it back. */
export interface CodClosing {
  orderId: string;
  as: 'cancelled' | 'refused';
  actor: OrderActor;
  /** Only this user's order is found (the shopper); undefined for the warehouse and staff. */
  userId?: number;
  /** Only an order of this country is found (staff see their storefront's); undefined for the warehouse. */
  local?: string;
  /** The cancellation's reason on the order and its step (default: `shopper`, or `cod_refused`). */
  reason?: string;
}

/**
 * Closes an open COD order in the caller's transaction, taking the order's row lock: the order is cancelled with its
 * reason, what it used comes back, and the `cancelled` step says nothing was refunded. A shopper's cancellation is
 * refused once a parcel left (`shipped`); closing it again answers `closed`.
 */
export async function closeCodIn(tx: Queryable, repos: CancelRepos, request: CodClosing): Promise<CodResult> {
  const order = await repos.orders.forUpdateIn(tx, request.orderId);
  if (!order || (request.userId !== undefined && order.user_id !== request.userId)) return refuse('not_found');
  if (request.local !== undefined && order.local !== request.local) return refuse('not_found');
  const cod = await codOrders.ofOrder(tx, order.id);
  if (!cod) return refuse('not_cod');
  if (cod.state !== 'open') return refuse('closed');
  const states = request.as === 'cancelled' ? CANCELLABLE : REFUSABLE;
  if (!states.includes(order.state)) return refuse(request.as === 'cancelled' ? 'shipped' : 'closed');

  const reason = request.reason ?? (request.as === 'cancelled' ? 'shopper' : 'cod_refused');
  await repos.orders.cancelPaidRowIn(tx, order.id, reason, states);
  await codOrders.closeIn(tx, order.id, request.as);
  await giveBackIn(tx, repos, order);
  await orderStepIn(tx, order, 'cancelled', {
    actor: request.actor,
    detail: { reason, cash_on_delivery: true, refunded: 0 },
  });
  return { ok: true, cod: (await codOrders.ofOrder(tx, order.id))!, replayed: false };
}

/** closeCodIn in its own transaction. */
export function closeCod(db: Database, repos: CancelRepos, request: CodClosing): Promise<CodResult> {
  return db.transaction((tx) => closeCodIn(tx, repos, request));
}
