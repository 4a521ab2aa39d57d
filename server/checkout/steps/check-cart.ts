import type { Queryable } from '../../db/types';
import type { CartLine } from '../../repositories/cart';
import type { FcodesRepository } from '../../repositories/fcodes';
import type { FcodeGate } from '../../orders/checkout-lines';
import type { PlacementStep } from '../placement';

/** The F-code gate of a cart: what needs a code here and what the buyer holds. */
export async function fcodeGate(
  fcodes: FcodesRepository,
  q: Queryable,
  userId: number,
  local: string,
  cart: readonly CartLine[],
): Promise<FcodeGate> {
  return {
    required: await fcodes.required(q, local, [...new Set(cart.map((l) => l.product_id))]),
    held: await fcodes.held(q, userId, local),
  };
}

/**
 * Reads the cart as this order will buy it: its lines with the country's offers, the F-codes it needs and the
 * pre-sales in their deposit window (opened early for a member with early access, readClub). The served release
 * cannot change until the order is placed, so its prices and its release id are one release's.
 */
export const checkCart: PlacementStep = {
  name: 'checkCart',
  async run(p) {
    const { tx, input, repos } = p;
    await repos.orders.holdServedReleaseIn(tx, input.urlLocal);
    p.cart = await repos.cart.linesIn(tx, input.cartId, input.local);
    p.gate = await fcodeGate(repos.fcodes, tx, input.userId, input.local, p.cart);
    p.presales = await repos.presales.openDeposits(tx, input.local, p.club?.benefits.earlyAccessHours ?? 0);
  },
};
