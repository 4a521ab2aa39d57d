import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type { CodAnswer } from '../../server/schemas/cod';

/** A cash-on-delivery order as the island reads it: the amount to hand the courier, where it stands. */
export type CodOrder = Camelized<CodAnswer>;

const api = (path: string) => `${site.value.api}${path}`;
// Failures are shown by the screens themselves, next to the button that caused them.
const quiet = { redirectOnNotLoggedIn: true } as const;

/** Cash on delivery (server/routes/payments/cod-payments.ts), camel-cased by the request layer. */
export const codApi = {
  confirm: (orderId: string) =>
    request<CodOrder>(api('/payment/cod/confirm'), { ...quiet, body: { orderId }, json: true }),
  /** The order's COD state; null for an order not paid on delivery. */
  of: (orderId: string) =>
    request<CodOrder>(api(`/payment/cod/${encodeURIComponent(orderId)}`), quiet).catch(() => null),
  cancel: (orderId: string) =>
    request<CodOrder>(api('/payment/cod/cancel'), { ...quiet, body: { orderId }, json: true }),
};
