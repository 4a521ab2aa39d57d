import { describe, expect, it } from 'vitest';
import { deviceQuery, methodListModel, type MethodList, type MethodView } from './payment-method-list';
import { detectPaymentDevice } from './payment-device';

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

  it('detects the Payment Request API and the bridge, distrusting what the bridge says', () => {
    const w = (extra: object) => extra as unknown as Window;
    expect(detectPaymentDevice(false, w({}))).toEqual({ paymentRequest: false, apps: null });
    expect(detectPaymentDevice(true, w({ PaymentRequest: class {} }))).toEqual({ paymentRequest: true, apps: [] });
    const bridge = { installedApps: () => ['linepay', 'x;drop', 'wechatpay'] };
    expect(detectPaymentDevice(true, w({ storeAppBridge: bridge })).apps).toEqual(['linepay', 'wechatpay']);
    const broken = {
      installedApps: () => {
        throw new Error('bridge gone');
      },
    };
    expect(detectPaymentDevice(true, w({ storeAppBridge: broken })).apps).toEqual([]);
    expect(deviceQuery({ paymentRequest: true, apps: ['linepay'] })).toEqual({
      paymentRequest: 'true',
      apps: 'linepay',
    });
    expect(deviceQuery({ paymentRequest: false, apps: null })).toEqual({ paymentRequest: 'false' });
  });
});
