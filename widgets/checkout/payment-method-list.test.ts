import { describe, expect, it, vi } from 'vitest';
import { deviceQuery, methodListModel, type MethodList, type MethodView } from './payment-method-list';
import { detectPaymentDevice } from './payment-device';
import { browserPage, fakePage } from '../lib/app-bridge/fake-app-host';

const view = (key: string, reason: MethodView['reason'], extra: Partial<MethodView> = {}): MethodView => ({
  key,
  method: key.split(':')[0] as MethodView['method'],
  offered: reason === null,
  reason,
  fee: 0,
  ...extra,
});
const list = (methods: MethodView[]): MethodList => ({
  orderId: '1',
  currency: 'IDR',
  exponent: 0,
  amount: 1,
  methods,
});

describe('payment method list', () => {
  const answer = list([
    view('ewallet:gopay', null, { wallet: 'gopay' }),
    view('ewallet:linepay', 'app_missing', { wallet: 'linepay' }),
    view('apple_pay', 'no_payment_request'),
    view('google_pay', 'no_payment_request'),
    view('card', null),
    view('cod', 'above_maximum', { limit: 5_000_000 }),
    view('konbini:lawson', 'currency', { store: 'lawson' }),
  ]);

  it('offers only the offered methods, in the order of the answer', () => {
    expect(methodListModel(answer, { paymentRequest: false, apps: null }).offered.map((m) => m.key)).toEqual([
      'ewallet:gopay',
      'card',
    ]);
  });

  it('notes limits and one line for Apple and Google Pay; an app only inside the app; never the currency', () => {
    const web = methodListModel(answer, { paymentRequest: false, apps: null }).notes;
    expect(web.map((n) => n.kind)).toEqual(['paymentRequest', 'limit']);
    const app = methodListModel(answer, { paymentRequest: false, apps: [] }).notes;
    expect(app.map((n) => n.kind)).toEqual(['appMissing', 'paymentRequest', 'limit']);
  });

  it('detects the Payment Request API and asks the app bridge for LINE Pay and WeChat', async () => {
    vi.useFakeTimers();
    const settled = async <T>(p: Promise<T>) => {
      await vi.advanceTimersByTimeAsync(5000);
      return p;
    };
    const browser = browserPage();
    expect(await detectPaymentDevice(browser.w)).toEqual({ paymentRequest: false, apps: null });
    const withPaymentRequest = browserPage({ PaymentRequest: class {} }, '/id/app/buy/payment/');
    expect(await detectPaymentDevice(withPaymentRequest.w)).toEqual({ paymentRequest: true, apps: [] });
    const both = fakePage({
      platform: 'android',
      replies: { 'linePay.installed': { value: true }, weChatInstalled: { value: true } },
    });
    expect((await settled(detectPaymentDevice(both.w))).apps).toEqual(['linepay', 'wechatpay']);
    expect(both.posted.map((m) => m.call).sort()).toEqual(['linePay.installed', 'weChatInstalled']);
    // Distrusted: an answer that is not a boolean, a bridge that throws, an app that never answers.
    const odd = fakePage({ replies: { 'linePay.installed': { value: 'yes' }, weChatInstalled: 'throw' } });
    expect((await settled(detectPaymentDevice(odd.w))).apps).toEqual([]);
    const silent = fakePage({ replies: { 'linePay.installed': 'silent', weChatInstalled: { value: true } } });
    expect((await settled(detectPaymentDevice(silent.w))).apps).toEqual(['wechatpay']);
    // An iOS app older than LINE Pay in its bridge: WeChat only.
    const old = fakePage({
      platform: 'ios',
      version: '3.16.0',
      replies: { 'linePay.installed': { value: true }, weChatInstalled: { value: true } },
    });
    expect((await settled(detectPaymentDevice(old.w))).apps).toEqual(['wechatpay']);
    vi.useRealTimers();
    expect(deviceQuery({ paymentRequest: true, apps: ['linepay'] })).toEqual({
      paymentRequest: 'true',
      apps: 'linepay',
    });
    expect(deviceQuery({ paymentRequest: false, apps: null })).toEqual({ paymentRequest: 'false' });
  });
});
