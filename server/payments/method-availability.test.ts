import { describe, expect, it } from 'vitest';
import { paymentMethodsOf } from '../../sites/payment-methods';
import { methodViews, type MethodDevice, type MethodOrder } from './method-availability';

const order = (o: Partial<MethodOrder> = {}): MethodOrder => ({
  amount: 1_000_000,
  currency: 'IDR',
  countryCurrency: 'IDR',
  categories: ['phones'],
  presale: false,
  ...o,
});
const browser: MethodDevice = { paymentRequest: false, apps: [] };
const reasons = (local: string, currency: string, o: MethodOrder, d: MethodDevice = browser) =>
  Object.fromEntries(methodViews(paymentMethodsOf(local, currency), o, d).map((v) => [v.key, v.reason]));

describe('payment method availability', () => {
  it('offers every Indonesian method to an ordinary order, except LINE Pay without its app', () => {
    const r = reasons('id', 'IDR', order());
    expect(Object.entries(r).filter(([, why]) => why !== null)).toEqual([['ewallet:linepay', 'app_missing']]);
    expect(reasons('id', 'IDR', order(), { paymentRequest: false, apps: ['linepay'] })['ewallet:linepay']).toBeNull();
  });

  it('applies minimum and maximum amounts, naming the limit', () => {
    const views = methodViews(paymentMethodsOf('id', 'IDR'), order({ amount: 6_000_000 }), browser);
    expect(views.find((v) => v.key === 'cod')).toMatchObject({ offered: false, reason: 'above_maximum', limit: 5e6 });
    expect(views.find((v) => v.key === 'qris')?.offered).toBe(true);
    expect(views.find((v) => v.key === 'konbini:alfamart')).toMatchObject({ reason: 'above_maximum', fee: 2_500 });
    expect(reasons('id', 'IDR', order({ amount: 5_000_000 }))['cod']).toBeNull();
    const small = methodViews(paymentMethodsOf('id', 'IDR'), order({ amount: 9_999 }), browser);
    expect(small.find((v) => v.key === 'bank_va')).toMatchObject({ reason: 'below_minimum', limit: 10_000 });
    expect(reasons('in', 'INR', order({ amount: 10_000_001, currency: 'INR', countryCurrency: 'INR' }))['upi']).toBe(
      'above_maximum',
    );
  });

  it('refuses cash on delivery for excluded products and pre-orders', () => {
    const inOrder = order({ currency: 'INR', countryCurrency: 'INR', amount: 100_000 });
    expect(reasons('in', 'INR', inOrder)['cod']).toBeNull();
    expect(reasons('in', 'INR', { ...inOrder, categories: ['phones', 'gift-cards'] })['cod']).toBe('products');
    expect(reasons('in', 'INR', { ...inOrder, presale: true })['cod']).toBe('presale');
    expect(reasons('in', 'INR', { ...inOrder, presale: true })['upi']).toBeNull();
  });

  it('offers Apple and Google Pay only with the Payment Request API, WeChat Pay only with its app', () => {
    const de = order({ currency: 'EUR', countryCurrency: 'EUR', amount: 50_000 });
    expect(reasons('de', 'EUR', de)).toMatchObject({
      apple_pay: 'no_payment_request',
      google_pay: 'no_payment_request',
    });
    expect(reasons('de', 'EUR', de, { paymentRequest: true, apps: [] })).toMatchObject({ apple_pay: null, card: null });
    const cn = order({ currency: 'CNY', countryCurrency: 'CNY' });
    expect(reasons('cn', 'CNY', cn)['ewallet:wechatpay']).toBe('app_missing');
    expect(reasons('cn', 'CNY', cn, { paymentRequest: false, apps: ['wechatpay'] })['ewallet:wechatpay']).toBeNull();
  });

  it('offers nothing for an order in another currency', () => {
    const r = reasons('jp', 'JPY', order({ currency: 'USD', countryCurrency: 'JPY' }));
    expect(new Set(Object.values(r))).toEqual(new Set(['currency']));
  });
});
