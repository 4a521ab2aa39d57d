import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_SCREENS } from '../contract';
import { storedConsent } from '../state/consent';
import { site } from '../state/site';
import { deliverTo } from '../lib/analytics/track';
import type { Order } from '../request/orders-api';
import { stepOf, trackPaidOrder } from './purchase-tracking';

afterEach(() => deliverTo(null));

const order = (orderId: string, state: Order['state']) =>
  ({ orderId, state, amounts: { total: 1_259_900, currency: 'IDR' } }) as Order;

describe('the purchase routes’ analytics', () => {
  it('names the step of each screen that stands for one', () => {
    const steps = Object.fromEntries(CHECKOUT_SCREENS.map((screen) => [screen, stepOf(screen)]));
    expect(steps).toMatchObject({ checkout: 'checkout', 'card-payment': 'payment', payment: 'payment' });
    for (const result of ['payment-result', 'payment-successful', 'bnpl-result', 'async-result'] as const)
      expect(steps[result]).toBeNull();
  });

  it('reports a paid order once, with its total, and nothing for one not paid', () => {
    site.value = { ...site.value, app: 'web', cookiePolicyLevel: 'low' };
    storedConsent.value = '0,1,2,3:';
    vi.stubGlobal('location', { pathname: '/id/payment-result/5001234/' });
    const sink = vi.fn();
    deliverTo(sink);
    trackPaidOrder(order('5001233', 'unpaid'));
    trackPaidOrder(order('5001234', 'paid'));
    trackPaidOrder(order('5001234', 'paid'));
    expect(sink.mock.calls.map(([event]) => event)).toEqual([
      expect.objectContaining({ kind: 'purchase', target: '5001234', value: 1_259_900, currency: 'IDR' }),
    ]);
    vi.unstubAllGlobals();
  });
});
