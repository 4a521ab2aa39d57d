/**
 * The pure part of paying by an async method (e-wallet redirect, QRIS): which listed methods have a flow in the
 * island, the start body of a method's key, and whether a payment's state is final.
 */
import type { AsyncStartBody, AsyncResultAnswer } from '../../server/schemas/async-payments';
import { ASYNC_WALLETS } from '../../server/schemas/async-payments';
import type { MethodView } from './payment-method-list';

/**
 * The listed methods the payment screen offers beside its own choice of card, instalments and pay later: only those
 * whose flow exists in the island (Apple Pay and Google Pay join by `browserWalletOf`). A method added to a country's
 * list shows here only once its flow is built and named in this list.
 */
export const ASYNC_FLOW_METHODS: readonly MethodView['method'][] = [
  'ewallet',
  'qris',
  'upi',
  // Cash on delivery confirms the order without a payment (cod-payment.tsx).
  'cod',
  // A code paid at a convenience-store counter (konbini-payment.tsx).
  'konbini',
  // A transfer to a virtual account (bank-transfer-payment.tsx).
  'bank_va',
];

const isAsyncWallet = (w: string | undefined): w is (typeof ASYNC_WALLETS)[number] =>
  (ASYNC_WALLETS as readonly string[]).includes(w ?? '');

/** True when the island can pay by this method now: an async flow, and for a wallet one the redirect flow knows. */
export function hasAsyncFlow(m: Pick<MethodView, 'method' | 'wallet'>): boolean {
  if (!ASYNC_FLOW_METHODS.includes(m.method)) return false;
  return m.method !== 'ewallet' || isAsyncWallet(m.wallet);
}

/**
 * The start body of a method key ('ewallet:gopay', 'qris'); null for a key with no async flow. `apps` are the wallet
 * apps the app's bridge reported (the server checks LINE Pay and WeChat Pay against them).
 */
export function asyncStartOf(
  key: string,
  orderId: string,
  mobile: boolean,
  apps?: string[] | null,
): AsyncStartBody | null {
  const [method, wallet] = key.split(':');
  const device = mobile ? 'mobile' : 'desktop';
  if (method === 'qris') return { orderId, method: 'qris', device };
  if (method === 'ewallet' && isAsyncWallet(wallet))
    return { orderId, method: 'ewallet', wallet, device, ...(apps?.length ? { apps } : {}) };
  return null;
}

type AsyncState = AsyncResultAnswer['state'];

/** Polling stops at these: the shopper is told the outcome and what to do next. */
export const isFinalState = (state: AsyncState): boolean => state !== 'pending' && state !== 'authorised';

/** The texts of the payment's outcome the island reads (a union, so the island's key list is complete). */
export type AsyncStateText =
  | 'payment.async.paid'
  | 'payment.async.failed'
  | 'payment.async.expired'
  | 'payment.async.waiting';

/** The text key of what a state means to the shopper (authorised is still on its way to paid). */
export function asyncStateText(state: AsyncState): AsyncStateText {
  switch (state) {
    case 'paid':
      return 'payment.async.paid';
    case 'failed':
    case 'refunded':
      return 'payment.async.failed';
    case 'expired':
      return 'payment.async.expired';
    default:
      return 'payment.async.waiting';
  }
}

/** The payment id of /checkout/payment-result/{id}/, the address the provider sends the shopper back to. */
export function paymentIdFromLocation(loc: Pick<Location, 'pathname'> = location): string | null {
  const last = loc.pathname.replace(/\/$/, '').split('/').pop() ?? '';
  return /^\d{1,18}$/.test(last) ? last : null;
}

/** A phone opens a wallet by its deep link; a coarse pointer is the signal a browser gives of one. */
export const isMobileDevice = (w: Pick<Window, 'matchMedia'> = window): boolean =>
  w.matchMedia?.('(pointer: coarse)').matches ?? false;
