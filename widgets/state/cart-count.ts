import { request } from '../request';
import { latestAnswer } from './latest-answer';
import { site } from './site';

/**
 * Header counters shared by every island (cart-count shows them, add-to-cart, cart and the inbox update them).
 * Several requests report each one, so each shows the answer of the request sent last.
 */
const cartTotal = latestAnswer<number | null>(null);
const unreadTotal = latestAnswer(0);
export const cartCount = cartTotal.value;
export const unreadMessages = unreadTotal.value;

/** Take before sending a request whose answer carries the unread count; call what it returns with that count. */
export const beginUnreadAnswer = unreadTotal.begin;
/** Take before sending a cart request; call what it returns with the cart's new total. */
export function beginCartAnswer(): (total: number) => void {
  const show = cartTotal.begin();
  return (total) => {
    show(total);
    document.dispatchEvent(new CustomEvent('cart:changed', { detail: { total } }));
  };
}

interface MiscInfo {
  cartCount?: number;
  cartCountNum?: number;
  unreadMessage?: number;
  unreadMessageNum?: number;
  hasReceivedTokensForJoining?: boolean;
  moengageEnabled?: boolean;
}

/** GET {api}/misc/info with 3 retries at 3000 ms (§7). */
export async function refreshMiscInfo(): Promise<void> {
  const showCart = cartTotal.begin();
  const showUnread = unreadTotal.begin();
  const info = await request<MiscInfo>(`${site.value.api}/misc/info`, { retries: 3, retryDelayMs: 3000, redirectOnNotLoggedIn: false });
  showCart(info.cartCount ?? info.cartCountNum ?? 0);
  showUnread(info.unreadMessage ?? info.unreadMessageNum ?? 0);
}
