import { signal } from '@preact/signals-core';
import { request } from '../request';
import { site } from './site';

/** Header counters shared by every island (cart-count shows them, add-to-cart and cart update them). */
export const cartCount = signal<number | null>(null);
export const unreadMessages = signal(0);

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
  const info = await request<MiscInfo>(`${site.value.api}/misc/info`, { retries: 3, retryDelayMs: 3000, redirectOnNotLoggedIn: false });
  cartCount.value = info.cartCount ?? info.cartCountNum ?? 0;
  unreadMessages.value = info.unreadMessage ?? info.unreadMessageNum ?? 0;
}

/** After a cart change: take the new total from the cart response and tell other listeners. */
export function setCartCount(total: number): void {
  cartCount.value = total;
  document.dispatchEvent(new CustomEvent('cart:changed', { detail: { total } }));
}
