import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type { KonbiniCodeView, KonbiniOfOrderAnswer, KonbiniStartBody } from '../../server/schemas/konbini-payments';

const quiet = { redirectOnNotLoggedIn: true } as const;
const api = (path: string) => `${site.value.api}${path}`;

/** Convenience-store payments (server/routes/payments/konbini-payments.ts), camel-cased by the request layer. */
export const konbiniApi = {
  /** Opens a konbini payment of the order at a chain: its counter code, barcode and deadline. */
  start: (body: KonbiniStartBody) =>
    request<Camelized<KonbiniCodeView>>(api('/payment/konbini/start'), { ...quiet, body, json: true }),
  /** One konbini payment's code and where it stands. */
  view: (paymentId: string) =>
    request<Camelized<KonbiniCodeView>>(api(`/payment/konbini/${encodeURIComponent(paymentId)}`), quiet),
  /** The order's code still waiting at the counter, or null. */
  ofOrder: (orderId: string) =>
    request<Camelized<KonbiniOfOrderAnswer>>(api('/payment/konbini/of-order'), { ...quiet, params: { orderId } }),
};
