/**
 * The pure part of paying by UPI in the island: the UPI ID checked by the same rule as the server before it is
 * sent, the start body of the shopper's choice, and the countdown to the request's deadline.
 */
import { normaliseUpiId, type UpiFlow, type UpiStartBody } from '../../server/schemas/upi-payments';

/** The start body, or 'invalidId' when a collect request names a UPI ID that breaks the UPI ID rule. */
export function upiStartOf(orderId: string, flow: UpiFlow, typed: string, mobile: boolean): UpiStartBody | 'invalidId' {
  const device = mobile ? 'mobile' : 'desktop';
  if (flow === 'intent') return { orderId, flow, device };
  const vpa = normaliseUpiId(typed);
  return vpa ? { orderId, flow, vpa, device } : 'invalidId';
}

/** The time left until `expiresAt` as m:ss (never below 0:00), for the countdown beside the deadline. */
export function timeLeft(expiresAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
