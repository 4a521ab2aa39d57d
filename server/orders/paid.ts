import type { Queryable } from '../db/types';
import type { OrderRow } from '../repositories/orders';
import { pointsEarned, pointsRules } from '../../sites/points';
import { commerceRules } from '../../sites/commerce';
import { postOrderMessageIn } from './order-messages';

/** A gift card a paid order bought: its code goes into the receipt mail. */
export interface IssuedGiftCard {
  code: string;
  amount: number;
  redeemableFrom: Date;
}

/** What paying an order sets off, whoever took the money (a card, a gift card, a provider). */
export interface PaidEffects {
  earnPoints(tx: Queryable, userId: number, local: string, orderId: string, points: number): Promise<void>;
  issueGiftCards(tx: Queryable, order: { id: string; user_id: number; local: string; currency: string }): Promise<IssuedGiftCard[]>;
}

const PAID_COLUMNS = `id::text AS id, user_id, url_local, local, currency, total::float8 AS total, gift_card_amount::float8 AS gift_card_amount, kind, parent_order_id::text AS parent_order_id, paid_at`;

/**
 * Marks an unpaid order paid in the caller's transaction and does what follows: the bought lines leave the cart,
 * Mi Points are earned on what was charged (§9: not on the gift-card part, which earned when the card was bought), bought gift cards are issued, and a pre-order moves on (the deposit
 * waits for its final payment; a final payment completes it).
 */
export async function markPaidIn(tx: Queryable, effects: PaidEffects, orderId: string): Promise<{ order: OrderRow; giftCards: IssuedGiftCard[] }> {
  const order = (await tx.query<OrderRow>(`UPDATE orders SET state = 'paid', paid_at = now() WHERE id = $1 AND state = 'unpaid' RETURNING ${PAID_COLUMNS}`, [orderId]))[0]!;
  await removeBoughtFromCart(tx, order.user_id, order.id);
  await effects.earnPoints(tx, order.user_id, order.local, order.id, pointsEarned(pointsRules(order.local, commerceRules(order.local)), order.total - order.gift_card_amount));
  const giftCards = await effects.issueGiftCards(tx, order);
  if (order.kind === 'deposit') await tx.query(`UPDATE orders SET presale_state = 'deposit_paid' WHERE id = $1`, [order.id]);
  if (order.kind === 'final') await tx.query(`UPDATE orders SET presale_state = 'completed' WHERE id = $1 AND presale_state = 'deposit_paid'`, [order.parent_order_id]);
  // The inbox says so in the same transaction (issue 10): the message exists exactly when the payment does.
  await postOrderMessageIn(tx, order.kind === 'deposit' ? 'deposit_paid' : 'paid', order);
  return { order, giftCards };
}

/** After payment the cart keeps only what was not bought (issue 8); a final payment's lines left the cart with the deposit. */
async function removeBoughtFromCart(tx: Queryable, userId: number, orderId: string): Promise<void> {
  const cart = (await tx.query<{ id: string }>(`SELECT id FROM carts WHERE user_id = $1 FOR UPDATE`, [userId]))[0];
  if (!cart) return;
  const lines = await tx.query<{ commodity_id: string; quantity: number }>(
    `SELECT l.commodity_id, l.quantity FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.order_id = $1 AND o.kind <> 'final'`,
    [orderId],
  );
  for (const line of lines) {
    await tx.query(`DELETE FROM cart_items WHERE cart_id = $1 AND commodity_id = $2 AND quantity <= $3`, [cart.id, line.commodity_id, line.quantity]);
    await tx.query(`UPDATE cart_items SET quantity = quantity - $3 WHERE cart_id = $1 AND commodity_id = $2 AND quantity > $3`, [cart.id, line.commodity_id, line.quantity]);
  }
  await tx.query(`UPDATE carts SET updated_at = now() WHERE id = $1`, [cart.id]);
}
