import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff } from '../../context';
import { message } from '../../i18n';
import { currencyExponent } from '../../../region-config/money';
import { reviewDecisionAnswer, reviewDecisionBody, reviewListAnswer } from '../../schemas/review';
import { clearOrder, rejectOrder, type DecisionResult } from '../../review/decide';
import { paymentReceiptMail } from '../../mail/order-mails';
import { findStorefront } from '../../storefront';
import { STAFF_TAG } from '../gates/staff-gate';

const decisionAnswer = { 200: envelopeSchema(reviewDecisionAnswer) } as const;

/**
 * Orders in review, for staff (behind the staff gate): the list of the storefront's orders waiting for a decision
 * with the rules that fired, and the decisions: clear (the order becomes payable with a fresh payment window) or
 * reject (it is cancelled and what it used is given back).
 */
export async function orderReviewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  /** The answer to a decision, or why nothing happened, in the staff member's language. */
  function answer(request: FastifyRequest, result: DecisionResult, decision: 'clear' | 'reject', staffId: number) {
    const { storefront } = request;
    request.log.info({ staffUserId: staffId, decision, ...result }, 'order review decision');
    if (result.ok)
      return ok({
        order_id: result.orderId,
        state: result.state,
        pay_before: result.payBefore ? result.payBefore.getTime() : null,
      });
    switch (result.reason) {
      case 'not_found':
        throw new ApiError(Errno.NOT_FOUND, message(storefront, 'order.error.notFound'), 404);
      case 'decided':
        throw new ApiError(Errno.REVIEW_DECIDED, message(storefront, 'console.review.error.decided'));
      case 'unpaid_exists':
        throw new ApiError(Errno.REVIEW_UNPAID_EXISTS, message(storefront, 'console.review.error.unpaidExists'));
    }
  }

  app.get(
    '/staff/review',
    {
      schema: {
        tags: [STAFF_TAG],
        summary: "Orders in review of the storefront's country, the longest waiting first, with the rules that fired",
        response: { 200: envelopeSchema(reviewListAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const rows = await app.repos.orderReview.list(request.storefront.local);
      return ok({
        orders: rows.map((r) => ({
          ...r,
          placed_at: new Date(r.placed_at).getTime(),
          exponent: currencyExponent(r.currency),
        })),
      });
    },
  );

  app.post(
    '/staff/review/clear',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          'Clear an order in review: it becomes unpaid with a whole payment window from now (paid at once when ' +
          'gift cards cover it); errno 32010 when it was decided already',
        body: reviewDecisionBody,
        response: decisionAnswer,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const { storefront } = request;
      const result = await clearOrder(
        app.db,
        app.repos,
        { orderId: request.body.orderId, local: storefront.local, staffId: staff.id },
        // The receipt goes to the shopper, in the language of the storefront the order was placed on.
        (order, giftCards, email) =>
          paymentReceiptMail(
            app.mail.links(storefront).origin,
            findStorefront(order.url_local) ?? storefront,
            email,
            order,
            '',
            giftCards,
          ),
      );
      if (result.ok && result.state === 'paid') app.mail.wake();
      return answer(request, result, 'clear', staff.id);
    },
  );

  app.post(
    '/staff/review/reject',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          "Reject an order in review: it is cancelled ('review_rejected') and its stock, coupon, points and gift " +
          'card amounts go back; errno 32010 when it was decided already',
        body: reviewDecisionBody,
        response: decisionAnswer,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const result = await rejectOrder(app.db, app.repos, {
        orderId: request.body.orderId,
        local: request.storefront.local,
        staffId: staff.id,
      });
      return answer(request, result, 'reject', staff.id);
    },
  );
}
