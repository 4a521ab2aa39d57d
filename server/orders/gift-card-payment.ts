/** A gift card the shopper chose for an order: what is left on it now. */
export interface CheckoutGiftCard {
  id: string;
  code: string;
  balance: number;
  currency: string;
}

export interface GiftCardUse {
  id: string;
  code: string;
  balance: number;
  applied: number;
}

/**
 * Gift cards pay the order's total (items, shipping and tax, after coupon and points) in the order chosen; each
 * gives what it holds up to what is still due, so a partial use keeps the rest of its balance. A card that has
 * nothing left to pay for is listed with 0 applied (it stays untouched).
 */
export function applyGiftCards(
  total: number,
  cards: readonly CheckoutGiftCard[],
): { uses: GiftCardUse[]; amount: number } {
  let due = total;
  const uses = cards.map((card) => {
    const applied = Math.max(0, Math.min(card.balance, due));
    due -= applied;
    return { id: card.id, code: card.code, balance: card.balance, applied };
  });
  return { uses, amount: total - due };
}

/** What a shopper sees of a code they did not buy or add: the last four characters. */
export function maskGiftCardCode(code: string): string {
  return `•••• ${code.slice(-4)}`;
}
