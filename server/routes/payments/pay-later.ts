import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message, translate as t } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { safeRedirect } from '../../auth/redirect';
import { bnplOffers, bnplRefusal } from '../../../region-config/instalments';
import {
  PlanAmountError,
  paymentPlansRepository,
  paymentReference,
  type PlanChoice,
} from '../../repositories/payments';
import {
  bnplCallbackQuery,
  bnplStartAnswer,
  bnplStartBody,
  planStatusAnswer,
  planStatusQuery,
} from '../../schemas/payment-plans';
import { noEligibleBnpl, planProvider, planView, refusalMessage } from '../../views/payment-plan-view';
import { sendToProvider, startAttempt } from './payment-attempt';
import { refuseInReview } from '../../review/payable';

/**
 * Buy now, pay later: start opens a session at the provider, whose signed callback makes the server read the
 * outcome back from the provider and record it once; status answers what the server recorded of a plan payment.
 */
export async function payLaterRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const bnpl = app.bnplProvider;
  const plans = paymentPlansRepository(app.db);

  app.post(
    '/payment/bnpl/start',
    {
      config: {
        rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress],
        idempotent: true,
      },
      schema: {
        tags: ['payment'],
        summary:
          "Pay an unpaid order later: opens a session at the provider and answers the provider's approval " +
          'page to send the shopper to',
        body: bnplStartBody,
        response: { 200: envelopeSchema(bnplStartAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const body = request.body;
      await refuseInReview(app, request, body.orderId);
      const offers = bnplOffers(storefront.local);
      const offer = offers.find((o) => o.id === body.provider);
      if (!offer)
        throw new ApiError(
          Errno.BNPL_NOT_ELIGIBLE,
          offers.length === 0 ? noEligibleBnpl(storefront) : t(storefront, 'payment.bnpl.error.unknown'),
          200,
          { reason: 'unknown' },
        );
      const found = await app.repos.orders.detail(user.id, body.orderId);
      if (!found) throw new ApiError(Errno.NOT_FOUND, message(storefront, 'order.error.notFound'), 404);
      const due = found.order.total - (found.order.gift_card_amount ?? 0);
      const age = await plans.accountAgeDays(user.id);
      const refusal = bnplRefusal(offer, due, found.order.currency, age);
      if (refusal) {
        const anyEligible = offers.some((o) => bnplRefusal(o, due, found.order.currency, age) === null);
        throw new ApiError(
          Errno.BNPL_NOT_ELIGIBLE,
          anyEligible ? refusalMessage(storefront, offer, refusal) : noEligibleBnpl(storefront),
          200,
          { reason: refusal },
        );
      }
      // Every address the provider gets is built on the store's public origin, never on this request's Host header.
      const origin = app.publicOrigin;
      const returnUrl = safeRedirect(
        body.returnUrl ?? `/${storefront.urlLocal}/checkout/bnpl-result/${found.order.id}/`,
        app.siteOrigins,
        storefront.urlLocal,
        origin,
      );
      const choice: PlanChoice = {
        kind: 'bnpl',
        planId: offer.id,
        bank: null,
        cardKind: null,
        months: offer.parts,
        monthlyRateBp: 0,
        currency: offer.currency,
        minAmount: offer.minAmount,
        maxAmount: offer.maxAmount,
        returnUrl,
      };
      let started: Awaited<ReturnType<typeof startAttempt>>;
      try {
        started = await startAttempt(app, request, body.orderId, bnpl.id, 'bnpl', false, choice);
      } catch (err) {
        if (err instanceof PlanAmountError)
          throw new ApiError(Errno.BNPL_NOT_ELIGIBLE, noEligibleBnpl(storefront), 200, { reason: 'amount' });
        throw err;
      }
      // Recorded first, then the provider is asked (never inside the transaction); a retry reuses the session.
      const { session, redirectUrl } = await sendToProvider(request, () =>
        bnpl.createSession({
          reference: paymentReference(started.payment.id),
          offer: offer.id,
          amountMinor: started.payment.amount,
          currency: started.payment.currency,
          userId: user.id,
          urlLocal: storefront.urlLocal,
          callbackUrl: `${origin}/api/${storefront.urlLocal}/payment/bnpl/callback`,
        }),
      );
      // The order may have closed while the session opened: then the session closes too, before the shopper can
      // approve.
      if (!(await plans.attachProviderRef(started.payment.id, session.sessionRef))) {
        await app.reconciler.settleOrder(started.order.id, 'close', user.id);
        throw new ApiError(Errno.ORDER_NOT_PAYABLE, message(storefront, 'payment.error.cancelled'));
      }
      return ok({
        state: 'redirect' as const,
        order_id: started.order.id,
        payment_id: started.payment.id,
        redirect_url: `${origin}${redirectUrl}`,
      });
    },
  );

  app.get(
    '/payment/bnpl/callback',
    {
      schema: {
        tags: ['payment'],
        summary:
          "The pay-later provider's return: a signed session status; the server reads the outcome from the " +
          'provider, records it and sends the shopper to the result page',
        querystring: bnplCallbackQuery,
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const q = request.query;
      const forged = () => new ApiError(Errno.BNPL_CALLBACK_INVALID, t(storefront, 'payment.bnpl.error.callback'), 400);
      if (!(await bnpl.verifyCallback(q))) throw forged();
      const planned = await plans.byProviderRef(q.session);
      if (!planned || planned.url_local !== storefront.urlLocal) throw forged();
      await app.reconciler.settleOne(planned.payment_id);
      app.mail.wake();
      const to = new URL(
        planned.return_url ?? `/${planned.url_local}/checkout/bnpl-result/${planned.order_id}/`,
        app.publicOrigin,
      );
      to.searchParams.set('payment', planned.payment_id);
      return reply.redirect(to.toString(), 303);
    },
  );

  app.get(
    '/payment/bnpl/status',
    {
      schema: {
        tags: ['payment'],
        summary:
          'What the server recorded of a plan payment (pay-later, instalments): succeeded, failed or ' +
          'pending, with the plan',
        querystring: planStatusQuery,
        response: { 200: envelopeSchema(planStatusAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const q = request.query;
      const find = () =>
        q.paymentId
          ? plans.ofUser(user.id, q.paymentId)
          : q.orderId
            ? plans.latestOfOrder(user.id, q.orderId)
            : Promise.resolve(null);
      let planned = await find();
      if (!planned) throw new ApiError(Errno.NOT_FOUND, t(storefront, 'payment.bnpl.error.notFound'), 404);
      // A shopper who closed the provider's page before its redirect still gets the outcome: ask the provider now.
      if (planned.state === 'pending' && planned.kind === 'bnpl') {
        await app.reconciler.settleOne(planned.payment_id);
        app.mail.wake();
        planned = (await find())!;
      }
      const state = planned.state === 'succeeded' ? 'succeeded' : planned.state === 'failed' ? 'failed' : 'pending';
      return ok({
        state,
        order_id: planned.order_id,
        payment_id: planned.payment_id,
        provider: planProvider(storefront, planned),
        plan: planView(planned),
      });
    },
  );
}
