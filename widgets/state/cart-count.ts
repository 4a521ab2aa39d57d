import { request } from '../request';
import { latestAnswer, type Change } from './latest-answer';
import { site } from './site';

/**
 * Header counters shared by every island (cart-count shows them, add-to-cart, cart and the inbox update them).
 * Several requests report each one, so each shows the answer of the request sent last, and a change outranks
 * the reads sent while it was under way (latest-answer.ts).
 */
const cartTotal = latestAnswer<number | null>(null);
const unreadTotal = latestAnswer(0);
export const cartCount = cartTotal.value;
export const unreadMessages = unreadTotal.value;

/** A counter as its badge shows it: at most two digits, then "99+". */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Take before sending a request that reads what is unread; call what it returns with the count. */
export const beginUnreadRead = unreadTotal.begin;
/** Take before sending a request that changes what is unread; settle what it returns with the new count. */
export const beginUnreadChange = unreadTotal.beginChange;
/** Take before sending a request that reads the cart; call what it returns with the cart's total. */
export const beginCartRead = cartTotal.begin;
/** Take before sending a request that changes the cart; settle what it returns with the cart's new total. */
export function beginCartChange(): Change<number> {
  const change = cartTotal.beginChange();
  return {
    done: (total) => {
      change.done(total);
      document.dispatchEvent(new CustomEvent('cart:changed', { detail: { total } }));
    },
    failed: change.failed,
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

/** GET {api}/misc/info with 3 retries at 3000 ms. */
export async function refreshMiscInfo(): Promise<void> {
  const showCart = cartTotal.begin();
  const showUnread = unreadTotal.begin();
  const info = await request<MiscInfo>(`${site.value.api}/misc/info`, {
    retries: 3,
    retryDelayMs: 3000,
    redirectOnNotLoggedIn: false,
  });
  showCart(info.cartCount ?? info.cartCountNum ?? 0);
  showUnread(info.unreadMessage ?? info.unreadMessageNum ?? 0);
}
