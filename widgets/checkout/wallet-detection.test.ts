import { describe, expect, it } from 'vitest';
import { canApplePay, canGooglePay, detectBrowserWallets, type WalletWindow } from './wallet-detection';

/** A fake Payment Request API whose canMakePayment answers `answer` (or never, or throws at construction). */
function paymentRequest(answer: boolean | 'never' | 'throws' | 'rejects', seen: string[] = []) {
  return class {
    constructor(methods: { supportedMethods: string }[]) {
      if (answer === 'throws') throw new DOMException('not allowed', 'SecurityError');
      seen.push(...methods.map((m) => m.supportedMethods));
    }
    canMakePayment(): Promise<boolean> {
      if (answer === 'never') return new Promise(() => {});
      if (answer === 'rejects') return Promise.reject(new DOMException('too many', 'NotAllowedError'));
      return Promise.resolve(answer === true);
    }
  } as unknown as WalletWindow['PaymentRequest'];
}

describe('browser wallet detection', () => {
  it('finds nothing in a browser without the APIs', async () => {
    expect(await detectBrowserWallets({})).toEqual([]);
  });

  it("asks Google Pay's method of the Payment Request API and believes its answer", async () => {
    const seen: string[] = [];
    expect(await canGooglePay({ PaymentRequest: paymentRequest(true, seen) })).toBe(true);
    expect(seen).toEqual(['https://google.com/pay']);
    // Chromium without Google Pay: the API exists, the method cannot pay.
    expect(await detectBrowserWallets({ PaymentRequest: paymentRequest(false) })).toEqual([]);
  });

  it('counts a throwing, rejecting or silent browser, or an insecure page, as unable', async () => {
    expect(await canGooglePay({ PaymentRequest: paymentRequest('throws') })).toBe(false);
    expect(await canGooglePay({ PaymentRequest: paymentRequest('rejects') })).toBe(false);
    expect(await canGooglePay({ PaymentRequest: paymentRequest('never') }, 20)).toBe(false);
    expect(await canGooglePay({ PaymentRequest: paymentRequest(true), isSecureContext: false })).toBe(false);
  });

  it("asks Apple Pay through ApplePaySession, not through the Payment Request API's presence", async () => {
    const safari: WalletWindow = {
      ApplePaySession: { canMakePayments: () => true },
      PaymentRequest: paymentRequest(false),
    };
    expect(await detectBrowserWallets(safari)).toEqual(['apple_pay']);
    expect(canApplePay({ ApplePaySession: { canMakePayments: () => false } })).toBe(false);
    const throwing = {
      canMakePayments: () => {
        throw new Error('InvalidAccessError');
      },
    };
    expect(canApplePay({ ApplePaySession: throwing })).toBe(false);
    // Chromium has the Payment Request API but never Apple Pay.
    expect(await detectBrowserWallets({ PaymentRequest: paymentRequest(true) })).toEqual(['google_pay']);
    expect(
      await detectBrowserWallets({
        ApplePaySession: { canMakePayments: () => true },
        PaymentRequest: paymentRequest(true),
      }),
    ).toEqual(['apple_pay', 'google_pay']);
  });
});
