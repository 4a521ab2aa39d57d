import { returnDeadline } from '../returns/return-window';
import { returnRulesFor } from '../../sites/returns';

/**
 * When the friend's reward is due: the end of the first order's return window (its delivery plus the country's
 * window, the refurbished phones' when it holds one, sites/returns.json), or `windowMsOverride` after delivery when a
 * test store shortens the wait (FRIEND_RETURN_WINDOW_MS). Null while the order has not arrived.
 */
export function rewardDueAt(
  order: { local: string; delivered_at: Date | null; refurbished: boolean },
  windowMsOverride?: number,
): Date | null {
  if (!order.delivered_at) return null;
  if (windowMsOverride !== undefined) return new Date(new Date(order.delivered_at).getTime() + windowMsOverride);
  return returnDeadline(order, returnRulesFor(order.local));
}
