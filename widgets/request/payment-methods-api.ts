import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type { PaymentMethodsListAnswer } from '../../server/schemas/payment-methods';

/** GET /checkout/payment-methods (server/routes/payments/local-methods.ts), camel-cased by the request layer. */
export const paymentMethodsApi = {
  list: (orderId: string, device: Record<string, string>) =>
    request<Camelized<PaymentMethodsListAnswer>>(`${site.value.api}/checkout/payment-methods`, {
      redirectOnNotLoggedIn: true,
      params: { orderId, ...device },
    }),
};
