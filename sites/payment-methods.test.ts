import { describe, expect, it } from 'vitest';
import { RegionConfigError } from '../region-config/validate';
import methodsJson from './payment-methods.json';
import { paymentMethodsOf, type PaymentMethodsFile } from './payment-methods';
import { validatePaymentMethods } from './validate';

const file = () => structuredClone(methodsJson) as PaymentMethodsFile;

function issuesOf(data: unknown): string[] {
  try {
    validatePaymentMethods(data);
  } catch (e) {
    if (e instanceof RegionConfigError) return e.issues.map((i) => `${i.path} ${i.message}`);
    throw e;
  }
  return [];
}

describe('payment methods per country', () => {
  it('passes its schema and cross rules', () => {
    expect(() => validatePaymentMethods()).not.toThrow();
  });

  it('lists the local ways to pay in checkout order, amounts in minor units', () => {
    expect(paymentMethodsOf('id', 'IDR').map((m) => m.key)).toEqual([
      'ewallet:gopay',
      'ewallet:ovo',
      'ewallet:dana',
      'ewallet:shopeepay',
      'ewallet:linepay',
      'qris',
      'bank_va',
      'card',
      'konbini:indomaret',
      'konbini:alfamart',
      'cod',
      'instalments',
      'paylater',
    ]);
    expect(paymentMethodsOf('id', 'IDR').find((m) => m.key === 'cod')?.max).toBe(5_000_000);
    expect(paymentMethodsOf('in', 'INR')[0]).toMatchObject({ key: 'upi', max: 10_000_000 });
    expect(paymentMethodsOf('jp', 'JPY').find((m) => m.key === 'cod')).toMatchObject({ fee: 330, max: 300_000 });
    expect(paymentMethodsOf('de', 'EUR').map((m) => m.key)).toEqual([
      'card',
      'paylater',
      'apple_pay',
      'google_pay',
      'instalments',
    ]);
    expect(paymentMethodsOf('uk', 'GBP').map((m) => m.key)).toEqual(['card', 'apple_pay', 'google_pay']);
  });

  it('refuses unknown methods, unknown countries, a wrong currency, incoherent entries', () => {
    const bad = file();
    (bad.default as unknown[]).push({ method: 'cheque' });
    expect(issuesOf(bad).join()).toMatch(/\/default\/3/);

    const unknown = file();
    unknown.countries['zz'] = { currency: 'EUR', methods: [{ method: 'card' }] };
    expect(issuesOf(unknown)).toContain('/countries/zz payment methods for unknown country "zz"');

    const currency = file();
    currency.countries['jp']!.currency = 'USD';
    expect(issuesOf(currency)).toContain("/countries/jp/currency currency USD is not jp's JPY");

    const entries = file();
    entries.countries['tw']!.methods = [
      { method: 'ewallet' },
      { method: 'konbini', store: 'lawson', min: 10, max: 5 },
      { method: 'apple_pay' },
      { method: 'card' },
      { method: 'card' },
    ];
    expect(issuesOf(entries)).toEqual([
      '/countries/tw/methods/0 a wallet goes with ewallet',
      '/countries/tw/methods/1 min above max',
      '/countries/tw/methods/2/needs apple_pay needs payment_request',
      '/countries/tw/methods/4 card listed twice',
    ]);

    const amounts = file();
    amounts.default = [{ method: 'card', max: 100 }];
    expect(issuesOf(amounts)).toContain('/default/0 the default list cannot name amounts (no currency)');
  });
});
