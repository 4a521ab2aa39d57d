/**
 * Which of a country's payment methods this order on this device may use, and why not for the others. Pure: the
 * route and the guard of every payment start feed it the country's methods, the order and what the device reported.
 */
import type { CountryMethod } from '../../sites/payment-methods';
import type { MethodReason, PaymentMethodView } from '../schemas/payment-methods';

/** What the rule needs of the order: what is left to pay (minor units), its currency, categories, pre-order or not. */
export interface MethodOrder {
  amount: number;
  currency: string;
  countryCurrency: string;
  categories: readonly string[];
  presale: boolean;
}

/** What the device reported: the Payment Request API, and the apps the app webview's bridge says are installed. */
export interface MethodDevice {
  paymentRequest: boolean;
  /** Wallet ids (linepay, wechatpay, ...) whose app is installed; empty outside the app. */
  apps: readonly string[];
  /** Browser wallets (apple_pay, google_pay) the device can pay with; absent: every one, when paymentRequest is. */
  wallets?: readonly string[];
}

/** The first reason this method is not offered, or null when it is. Order and currency before limits, device last. */
export function methodReason(m: CountryMethod, order: MethodOrder, device: MethodDevice): MethodReason | null {
  const e = m.entry;
  if (order.currency !== order.countryCurrency) return 'currency';
  if (order.presale && e.presale === false) return 'presale';
  if (e.excludeCategories?.some((c) => order.categories.includes(c))) return 'products';
  if (m.min !== null && order.amount < m.min) return 'below_minimum';
  if (m.max !== null && order.amount > m.max) return 'above_maximum';
  if (e.needs === 'payment_request' && !device.paymentRequest) return 'no_payment_request';
  if (e.needs === 'payment_request' && device.wallets && !device.wallets.includes(e.method))
    return 'no_payment_request';
  if (e.needs === 'app' && !(e.wallet && device.apps.includes(e.wallet))) return 'app_missing';
  return null;
}

/**
 * Every method of the country in its order, offered or with the reason why not.
 * @example methodViews(paymentMethodsOf('id', 'IDR'), order, { paymentRequest: false, apps: [] })
 */
export function methodViews(
  methods: readonly CountryMethod[],
  order: MethodOrder,
  device: MethodDevice,
): PaymentMethodView[] {
  return methods.map((m) => {
    const reason = methodReason(m, order, device);
    const limit = reason === 'below_minimum' ? m.min : reason === 'above_maximum' ? m.max : null;
    return {
      key: m.key,
      method: m.entry.method,
      ...(m.entry.wallet ? { wallet: m.entry.wallet } : {}),
      ...(m.entry.store ? { store: m.entry.store } : {}),
      offered: reason === null,
      reason,
      ...(limit !== null ? { limit } : {}),
      fee: m.fee,
    };
  });
}
