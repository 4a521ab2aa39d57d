import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type { UpiStartAnswer, UpiStartBody } from '../../server/schemas/upi-payments';

/** POST payment/upi/start (server/routes/payments/upi-payments.ts); the result is polled as any async payment's. */
export const upiApi = {
  start: (body: UpiStartBody) =>
    request<Camelized<UpiStartAnswer>>(`${site.value.api}/payment/upi/start`, {
      redirectOnNotLoggedIn: true,
      body,
      json: true,
    }),
};
