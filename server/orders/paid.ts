import type { Database, Queryable } from '../db/types';
import { ordersRepository, type OrderRow, type OrdersRepository } from '../repositories/orders';
import { cartRepository, type CartRepository } from '../repositories/cart';
import { pointsRepository, type PointsRepository } from '../repositories/points';
import { giftCardsRepository, type GiftCardsRepository } from '../repositories/gift-cards';
import { pointsEarned, pointsRules } from '../../sites/points';
import { commerceRules } from '../../sites/commerce';
import { orderStepIn } from './order-steps';
import type { IssuedGiftCard } from './issued-gift-card';

export type { IssuedGiftCard } from './issued-gift-card';

/** The repositories paying an order writes to, whoever took the money (a card, gift cards, a provider, split parts). */
export interface PaidEffects {
  orders: Pick<OrdersRepository, 'markPaidIn' | 'advancePresaleIn' | 'boughtLinesIn'>;
  cart: Pick<CartRepository, 'removeBoughtIn'>;
  points: Pick<PointsRepository, 'earnIn'>;
  giftCards: Pick<GiftCardsRepository, 'issueIn'>;
}

/** What paying an order writes to, with this database's repositories (for callers that do not hold the app's). */
export function paidEffects(db: Database): PaidEffects {
  return {
    orders: ordersRepository(db),
    cart: cartRepository(db),
    points: pointsRepository(db),
    giftCards: giftCardsRepository(db),
  };
}

/**
 * Marks an unpaid order paid in the caller's transaction and does what follows: the bought lines leave the cart,
 * Mi Points are earned on what was charged (not on the gift-card part, which earned when the card was bought), bought
 * gift cards are issued, a pre-order moves on (the deposit waits for its final payment; a final payment completes
 * it), and the inbox says so.
 */
export async function markPaidIn(
  tx: Queryable,
  effects: PaidEffects,
  orderId: string,
): Promise<{ order: OrderRow; giftCards: IssuedGiftCard[] }> {
  const order = await effects.orders.markPaidIn(tx, orderId);
  // After payment the cart keeps only what was not bought.
  await effects.cart.removeBoughtIn(tx, order.user_id, await effects.orders.boughtLinesIn(tx, order.id));
  await effects.points.earnIn(
    tx,
    order.user_id,
    order.local,
    order.id,
    pointsEarned(pointsRules(order.local, commerceRules(order.local)), order.total - order.gift_card_amount),
  );
  const giftCards = await effects.giftCards.issueIn(tx, order);
  await effects.orders.advancePresaleIn(tx, order);
  // The message exists exactly when the payment does: it is posted in the same transaction.
  await orderStepIn(tx, order, 'paid', { notice: order.kind === 'deposit' ? 'deposit_paid' : 'paid' });
  return { order, giftCards };
}
