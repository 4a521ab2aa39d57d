import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, Errno } from '../../errors';
import { message } from '../../i18n';
import type { Storefront } from '../../storefront';
import type { PlanChoice, StartResult } from '../../repositories/payments';
import { inReviewError } from '../../review/payable';

type Started = Extract<StartResult, { ok: true }>;

/**
 * A company order over the country's split threshold (or with parts already paid) is paid at /split-payment-details.
 */
export function splitRequired(storefront: Storefront, orderId: string): ApiError {
  return new ApiError(Errno.SPLIT_PAYMENT_REQUIRED, message(storefront, 'business.split.error.required'), 200, {
    order_id: orderId,
    split_url: `/${storefront.urlLocal}/split-payment-details/${orderId}/`,
  });
}

/** Why start() refused, in the shopper's language; `paid` tells an order the reconciliation found paid. */
function startRefusal(
  storefront: Storefront,
  started: Extract<StartResult, { ok: false }>,
  orderId: string,
  paid = false,
): ApiError {
  if (started.reason === 'not_found')
    return new ApiError(Errno.NOT_FOUND, message(storefront, 'order.error.notFound'), 404);
  if (started.reason === 'expired')
    return new ApiError(Errno.ORDER_NOT_PAYABLE, message(storefront, 'payment.error.expired'));
  if (started.reason === 'split_required') return splitRequired(storefront, orderId);
  if (started.reason === 'in_progress')
    return new ApiError(Errno.ORDER_NOT_PAYABLE, message(storefront, 'payment.error.inProgress'));
  return new ApiError(
    Errno.ORDER_NOT_PAYABLE,
    message(storefront, paid ? 'payment.error.alreadyPaid' : 'payment.error.notPayable'),
    200,
    paid ? { order_id: orderId, state: 'paid' } : undefined,
  );
}

/**
 * Starts a payment attempt of the signed-in shopper's order: an earlier attempt left in flight past its time (a
 * crash, a lost answer) or a pay-later session the shopper left is first settled with its provider, so a new
 * attempt never starts while an earlier one might have charged; then the attempt is recorded (payments.start)
 * before anything is sent.
 */
export async function startAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  orderId: string,
  provider: string,
  method: string,
  saveCard: boolean,
  plan?: PlanChoice,
): Promise<Started> {
  const user = request.user!;
  await app.reconciler.settleOrder(orderId, 'attempt', user.id);
  const started = await app.repos.payments.start(user.id, orderId, provider, method, saveCard, plan);
  if (started.ok) return started;
  const state = started.reason === 'not_payable' ? (await app.repos.orders.head(orderId))?.state : undefined;
  if (state === 'in_review') throw inReviewError(request.storefront, orderId);
  throw startRefusal(request.storefront, started, orderId, state === 'paid');
}

/**
 * Calls a provider for a recorded attempt. A call that fails without an answer (a timeout, a dropped connection)
 * may still have charged: the attempt stays in flight for the reconciliation to settle, and the shopper is told
 * to wait for the result rather than pay again.
 */
export async function sendToProvider<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    request.log.warn({ err }, 'payment provider did not answer; the payment is settled by reconciliation');
    throw new ApiError(Errno.PAYMENT_IN_FLIGHT, message(request.storefront, 'payment.error.inProgress'));
  }
}
