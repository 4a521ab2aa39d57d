import { describe, expect, it } from 'vitest';
import { paymentMethodsOf } from '../../sites/payment-methods';
import { methodViews, type MethodDevice } from './method-availability';

const de = { amount: 100_000, currency: 'EUR', countryCurrency: 'EUR', categories: ['phones'], presale: false };
const reasons = (device: MethodDevice) =>
  Object.fromEntries(methodViews(paymentMethodsOf('de', 'EUR'), de, device).map((v) => [v.key, v.reason]));

describe('browser wallets by what the device detected', () => {
  it('offers only the wallets the browser can pay with', () => {
    const chromium = reasons({ paymentRequest: true, apps: [], wallets: ['google_pay'] });
    expect(chromium).toMatchObject({ apple_pay: 'no_payment_request', google_pay: null, card: null });
    const safari = reasons({ paymentRequest: true, apps: [], wallets: ['apple_pay'] });
    expect(safari).toMatchObject({ apple_pay: null, google_pay: 'no_payment_request' });
    expect(reasons({ paymentRequest: true, apps: [], wallets: [] })).toMatchObject({
      apple_pay: 'no_payment_request',
      google_pay: 'no_payment_request',
    });
  });

  it('never offers a wallet without the Payment Request API, whatever the list of wallets says', () => {
    expect(reasons({ paymentRequest: false, apps: [], wallets: ['apple_pay', 'google_pay'] })).toMatchObject({
      apple_pay: 'no_payment_request',
      google_pay: 'no_payment_request',
    });
    // Without a list, the API alone decides (a client that does not detect wallets one by one).
    expect(reasons({ paymentRequest: true, apps: [] })).toMatchObject({ apple_pay: null, google_pay: null });
  });
});
