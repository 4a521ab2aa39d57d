import { describe, expect, it } from 'vitest';
import { asyncStartOf, asyncStateText, hasAsyncFlow, isFinalState, paymentIdFromLocation } from './async-payment-model';

describe('async payment model', () => {
  it('offers only methods with a flow: the redirect wallets (the app wallets too), QRIS, UPI, cash on delivery', () => {
    expect(hasAsyncFlow({ method: 'ewallet', wallet: 'gopay' })).toBe(true);
    expect(hasAsyncFlow({ method: 'qris' })).toBe(true);
    expect(hasAsyncFlow({ method: 'bank_va' })).toBe(true);
    expect(hasAsyncFlow({ method: 'upi' })).toBe(true);
    expect(hasAsyncFlow({ method: 'ewallet', wallet: 'paypay' })).toBe(true);
    expect(hasAsyncFlow({ method: 'ewallet', wallet: 'linepay' })).toBe(true);
    expect(hasAsyncFlow({ method: 'cod' })).toBe(true);
    expect(hasAsyncFlow({ method: 'konbini' })).toBe(true);
    for (const method of ['apple_pay', 'google_pay', 'card'] as const) {
      expect(hasAsyncFlow({ method })).toBe(false);
    }
  });

  it('turns a method key into the start body, by device', () => {
    expect(asyncStartOf('ewallet:ovo', '7', true)).toEqual({
      orderId: '7',
      method: 'ewallet',
      wallet: 'ovo',
      device: 'mobile',
    });
    expect(asyncStartOf('qris', '7', false)).toEqual({ orderId: '7', method: 'qris', device: 'desktop' });
    // An app wallet's start carries the apps the bridge reported, for the server to check.
    expect(asyncStartOf('ewallet:wechatpay', '7', false, ['wechatpay'])).toEqual({
      orderId: '7',
      method: 'ewallet',
      wallet: 'wechatpay',
      device: 'desktop',
      apps: ['wechatpay'],
    });
    expect(asyncStartOf('ewallet:alipay', '7', false)).toBeNull();
    expect(asyncStartOf('konbini:lawson', '7', false)).toBeNull();
  });

  it('stops polling at paid, failed, expired and refunded, with the text of each', () => {
    expect(isFinalState('pending')).toBe(false);
    expect(isFinalState('authorised')).toBe(false);
    expect(['paid', 'failed', 'expired', 'refunded'].every((s) => isFinalState(s as 'paid'))).toBe(true);
    expect(asyncStateText('paid')).toBe('payment.async.paid');
    expect(asyncStateText('expired')).toBe('payment.async.expired');
    expect(asyncStateText('authorised')).toBe('payment.async.waiting');
  });

  it('reads the payment id of the return address, and nothing else', () => {
    expect(paymentIdFromLocation({ pathname: '/id/checkout/payment-result/42/' })).toBe('42');
    expect(paymentIdFromLocation({ pathname: '/id/app/checkout/payment-result/42' })).toBe('42');
    expect(paymentIdFromLocation({ pathname: '/id/checkout/payment-result/' })).toBeNull();
    expect(paymentIdFromLocation({ pathname: '/id/checkout/payment-result/42x/' })).toBeNull();
  });
});
