import { campaignClock } from '../lib/use-campaign-phase';
import { instant } from '../lib/campaign-window';
import type { FlashSale, FlashSalePlace } from '../request/flash-sale-api';

/** What the sale page shows at a moment; one state at a time, each with one line of text. */
export type SaleView =
  | { kind: 'upcoming'; secondsLeft: number }
  | { kind: 'live'; left: number | null }
  | { kind: 'waiting'; position: number | null }
  /** `units`: the units the place holds (more than one when the sale's limit per account allows it). */
  /** Won: the unit is held; `orderId` null while the order is being written (a few seconds at a sale's start). */
  | { kind: 'won'; orderId: string | null; payUntil: number | null; units: number }
  /** Won, but the order waits for a delivery address in the country (the place is held meanwhile). */
  | { kind: 'address'; payUntil: number | null }
  | { kind: 'paid'; orderId: string | null }
  | { kind: 'expired' }
  | { kind: 'sold_out' }
  | { kind: 'ended' };

/** The window the page was built with, and what the server last said about the sale and the shopper's place. */
export interface SaleFacts {
  startsAt: number | null;
  endsAt: number | null;
  /** `waitingRoom`: every unit held is not sold out, an ask still gets a place in line. */
  sale: (Pick<FlashSale, 'phase' | 'left'> & Partial<Pick<FlashSale, 'waitingRoom' | 'perAccountLimit'>>) | null;
  place: FlashSalePlace | null;
}

/**
 * The state at server time `now`. The shopper's own place wins over the sale's phase (a winner still pays after
 * sell-out or the end); else the window on the server's clock decides upcoming and ended, so the page turns live at
 * the start second without waiting for an answer; and "sold out" is the server's word (or no units left, without a
 * waiting room).
 */
export function saleView(f: SaleFacts, now: number): SaleView {
  const p = f.place;
  if (p?.state === 'won' && p.addressNeeded) return { kind: 'address', payUntil: instant(p.payUntil) };
  if (p?.state === 'won')
    return { kind: 'won', orderId: p.orderId ?? null, payUntil: instant(p.payUntil), units: p.units ?? 1 };
  if (p?.state === 'paid') return { kind: 'paid', orderId: p.orderId ?? null };
  if (p?.state === 'waiting') return { kind: 'waiting', position: p.position ?? null };
  if (p?.state === 'expired') return { kind: 'expired' };
  const clock = campaignClock({ startsAt: f.startsAt, endsAt: f.endsAt }, now);
  if (clock.phase === 'ended' || f.sale?.phase === 'ended') return { kind: 'ended' };
  if (p?.state === 'sold_out' || f.sale?.phase === 'sold_out') return { kind: 'sold_out' };
  if (clock.phase === 'upcoming') return { kind: 'upcoming', secondsLeft: clock.secondsLeft ?? 0 };
  // With a waiting room, no unit left still means a place in line (the server says when it is sold out).
  if (f.sale && f.sale.left <= 0 && !f.sale.waitingRoom) return { kind: 'sold_out' };
  return { kind: 'live', left: f.sale?.left ?? null };
}

/**
 * How often the page asks again: a waiting shopper's place (or a winner's who is adding an address) every 2 s, the
 * sale's units every 5 s while live.
 */
export const PLACE_POLL_MS = 2000;
export const SALE_POLL_MS = 5000;

/** Whether the state can still change by itself (so the page keeps asking the server). */
export function settled(v: SaleView): boolean {
  return v.kind === 'paid' || v.kind === 'ended' || v.kind === 'expired' || v.kind === 'sold_out';
}
