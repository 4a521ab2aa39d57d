import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, Errno } from '../errors';
import { message } from '../i18n';
import type { Storefront } from '../storefront';

/** "Unusual behaviour on the order, it cannot be paid": the answer of every payment entry for an order in review. */
export function inReviewError(storefront: Storefront, orderId: string): ApiError {
  return new ApiError(Errno.ORDER_IN_REVIEW, message(storefront, 'review.order.notPayable'), 200, {
    order_id: orderId,
    state: 'in_review',
  });
}

/**
 * Refuses a payment of the signed-in shopper's order while it is in review, before anything else about the payment
 * is checked (a card, a plan, an amount): staff decide first. Another user's order, or none, passes on to the entry's
 * own "not found".
 */
export async function refuseInReview(app: FastifyInstance, request: FastifyRequest, orderId: string): Promise<void> {
  const head = await app.repos.orders.head(orderId);
  if (head?.state === 'in_review' && head.user_id === request.user?.id)
    throw inReviewError(request.storefront, orderId);
}
