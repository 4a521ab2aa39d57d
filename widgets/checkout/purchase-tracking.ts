/**
 * Analytics of the purchase routes: the checkout step a screen stands for, and the purchase, reported where the
 * island learns that an order is paid: the result page after a card, instalment or wallet payment, a gift card that
 * paid it all, and the outcome polled for pay-later, e-wallet, QRIS, UPI, konbini, bank transfer and split payments.
 */
import { useEffect } from 'preact/hooks';
import type { CheckoutScreen } from '../contract';
import { track } from '../lib/analytics';
import { analyticsAllowed } from '../lib/analytics/consent';
import { purchaseEvent } from '../lib/analytics/events';
import { checkoutApi, type Order } from '../request/orders-api';
import { isPaidState } from '../../server/schemas/order';

type Step = 'checkout' | 'payment';

/** The step of the way to an order a screen stands for; result screens are none (a paid one is a purchase). */
export function stepOf(screen: CheckoutScreen): Step | null {
  switch (screen) {
    case 'checkout':
      return 'checkout';
    case 'checkout-again':
    case 'payment':
    case 'card-payment':
    case 'payment-jump':
    case 'payment-link':
    case 'split-payment':
    case 'bank-transfer':
      return 'payment';
    default:
      return null;
  }
}

/** Orders this page reported: a polled outcome or a re-render says "paid" more than once. */
const reported = new Set<string>();

/** Reports a paid order (nothing for one not paid, or one this page reported). */
export function trackPaidOrder(order: Pick<Order, 'orderId' | 'state' | 'amounts'>): void {
  if (!isPaidState(order.state) || reported.has(order.orderId)) return;
  reported.add(order.orderId);
  track(purchaseEvent(order.orderId, order.amounts.total, order.amounts.currency));
}

/**
 * Reports an order a payment's outcome says is paid: its total is read from the order (the outcome does not carry
 * it), and only when analytics may have it, so a shopper who declined costs the API nothing.
 */
export function trackPaidOrderById(orderId: string): void {
  if (!analyticsAllowed() || reported.has(orderId)) return;
  checkoutApi.order(orderId).then(trackPaidOrder, () => {
    // No total, no purchase event: the order page still shows the shopper what happened.
  });
}

/** The hook form for a screen that polls a payment's outcome. */
export function usePurchaseWhenPaid(orderId: string | null | undefined, paid: boolean): void {
  useEffect(() => {
    if (paid && orderId) trackPaidOrderById(orderId);
  }, [orderId, paid]);
}
