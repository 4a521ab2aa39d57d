import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, Errno } from '../../errors';
import { message } from '../../i18n';
import { paymentReference } from '../../repositories/payments';
import type { AsyncAction, AsyncPayment, AsyncStart } from '../../payments/async-provider';
import { sendToProvider, startAttempt } from './payment-attempt';

/** The store's result page of a payment: the provider sends the shopper back there, and the island polls it. */
export const paymentResultPath = (urlLocal: string, paymentId: string) =>
  `/${urlLocal}/checkout/payment-result/${paymentId}/`;

/** What a method adds to the provider's start: the method and its own details (wallet, UPI ID, bank, store). */
export type AsyncStartOfMethod = Omit<
  AsyncStart,
  'reference' | 'amountMinor' | 'currency' | 'userId' | 'urlLocal' | 'returnUrl' | 'windowMs'
>;

export interface OpenAsyncPayment {
  orderId: string;
  /** What the receipt names as having paid: the wallet, 'qris', 'upi', 'bank_va', 'konbini'. */
  paidBy: string;
  /** How long the shopper has to pay; never past the order's payment window unless `holdsOrder`. */
  windowMs: number;
  /**
   * The shopper pays later by their own steps (a code at a counter, a bank transfer): the order, and the stock it
   * holds, wait the whole window, then lapse together with the payment.
   */
  holdsOrder?: boolean;
  start: AsyncStartOfMethod;
  /** A provider's refusal this method tells the shopper about (the attempt is closed first); others are in flight. */
  refusal?: (err: unknown) => ApiError | null;
}

export interface OpenedAsyncPayment {
  paymentId: string;
  orderId: string;
  opened: { payment: AsyncPayment; action: AsyncAction };
  resultUrl: string;
}

/**
 * Opens an async payment of the signed-in shopper's order, the same way for every method: the attempt is recorded,
 * its deadline set (and the order's window lengthened for a method that holds the order), then the provider is
 * asked, never inside a transaction, so a retry reuses the payment it opened. When the order closed meanwhile, the
 * payment closes at the provider too and the shopper is told the order is no longer payable.
 */
export async function openAsyncPayment(
  app: FastifyInstance,
  request: FastifyRequest,
  o: OpenAsyncPayment,
): Promise<OpenedAsyncPayment> {
  const { storefront } = request;
  const user = request.user!;
  const provider = app.asyncPayments;
  const started = await startAttempt(app, request, o.orderId, provider.id, o.paidBy, false);
  const paymentId = started.payment.id;
  if (o.holdsOrder) await app.repos.payments.holdOrderFor(paymentId, o.windowMs);
  const deadline = await app.repos.payments.approvalDeadline(paymentId, o.windowMs);
  const resultUrl = paymentResultPath(storefront.urlLocal, paymentId);
  const close = () => app.reconciler.settleOrder(started.order.id, 'close', user.id);
  const ask = () =>
    provider.start({
      ...o.start,
      reference: paymentReference(paymentId),
      amountMinor: started.payment.amount,
      currency: started.payment.currency,
      userId: user.id,
      urlLocal: storefront.urlLocal,
      returnUrl: `${app.publicOrigin}${resultUrl}`,
      windowMs: Math.max(deadline ? deadline.getTime() - Date.now() : 0, 1000),
    });
  let opened: OpenedAsyncPayment['opened'];
  try {
    opened = await ask();
  } catch (err) {
    const refused = o.refusal?.(err);
    if (!refused) return sendToProvider(request, () => Promise.reject<never>(err));
    // Nothing was opened, so nothing can be paid under this attempt: it closes and the order stays payable.
    await close();
    throw refused;
  }
  if (!deadline || !(await app.repos.payments.attachProviderRef(paymentId, opened.payment.providerRef))) {
    await close();
    throw new ApiError(Errno.ORDER_NOT_PAYABLE, message(storefront, 'payment.error.cancelled'));
  }
  return { paymentId, orderId: started.order.id, opened, resultUrl };
}
