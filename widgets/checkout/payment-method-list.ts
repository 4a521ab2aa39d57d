/**
 * What the method list shows of GET /checkout/payment-methods: the offered methods as choices in the country's
 * order, and a note for each unavailable one the shopper can act on or should know about.
 */
import type { Camelized } from '../request/camelized';
import type { PaymentMethodsListAnswer, PaymentMethodView } from '../../server/schemas/payment-methods';
import type { PaymentDevice } from './payment-device';

export type MethodList = Camelized<PaymentMethodsListAnswer>;
export type MethodView = Camelized<PaymentMethodView>;

/** A note about methods not offered: one line each, except one line for Apple Pay and Google Pay together. */
export type MethodNote =
  | { kind: 'limit'; method: MethodView }
  | { kind: 'products' | 'presale'; method: MethodView }
  | { kind: 'paymentRequest' }
  | { kind: 'appMissing'; method: MethodView };

/**
 * Splits the answer into choices and notes. A wrong currency says nothing the shopper can use, and outside the app a
 * wallet that needs its app is simply not there, so neither gets a note.
 */
export function methodListModel(
  list: MethodList,
  device: PaymentDevice,
): { offered: MethodView[]; notes: MethodNote[] } {
  const offered = list.methods.filter((m) => m.offered);
  const notes: MethodNote[] = [];
  for (const m of list.methods) {
    if (m.reason === 'below_minimum' || m.reason === 'above_maximum') notes.push({ kind: 'limit', method: m });
    else if (m.reason === 'products' || m.reason === 'presale') notes.push({ kind: m.reason, method: m });
    else if (m.reason === 'no_payment_request' && !notes.some((n) => n.kind === 'paymentRequest')) {
      notes.push({ kind: 'paymentRequest' });
    } else if (m.reason === 'app_missing' && device.apps !== null) notes.push({ kind: 'appMissing', method: m });
  }
  return { offered, notes };
}

/** The device as the query of GET /checkout/payment-methods (with the browser wallets detected, when known). */
export const deviceQuery = (device: PaymentDevice, wallets?: readonly string[]): Record<string, string> => ({
  paymentRequest: String(device.paymentRequest),
  ...(device.apps?.length ? { apps: device.apps.join(',') } : {}),
  ...(wallets ? { wallets: wallets.join(',') } : {}),
});
