import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, type Envelope } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message, translate as t } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import type { Storefront } from '../../storefront';
import { cardDigits, parseExpiry, validateCard } from '../../../region-config/payment-cards';
import { findPlan, type InstalmentPlan } from '../../../region-config/instalments';
import { cardForPlan, malformedBflCard, type PlanCard, type PlanCardRefusal } from '../../payments/card-eligibility';
import { PlanAmountError, paymentReference, type PlanChoice } from '../../repositories/payments';
import { instalmentBody } from '../../schemas/payment-plans';
import { paymentAnswer } from '../../schemas/payments';
import { bankNames } from '../../views/payment-plan-view';
import { money } from '../../mail/order-mails';
import { sendToProvider, startAttempt } from './payment-attempt';
import { refuseInReview } from '../../review/payable';
import type { ChargeOutcome } from '../../payments/provider';

/**
 * Records a charge's outcome and answers it: the same answer as /payment/card
 * (server/routes/payments/card-payments.ts).
 */
export type Answer = (
  request: FastifyRequest,
  paymentId: string,
  outcome: ChargeOutcome,
) => Promise<
  Envelope<{ state: 'succeeded' | 'otp_required'; order_id: string; payment_id: string; card_saved?: boolean }>
>;

const belowMinimum = (storefront: Storefront, err: PlanAmountError) =>
  new ApiError(
    Errno.INSTALMENT_NOT_ELIGIBLE,
    t(storefront, 'payment.instalment.error.minimum', {
      amount: money(storefront, err.plan.minAmount, err.plan.currency),
    }),
    200,
    { min_amount: err.plan.minAmount, amount: err.amount },
  );

/** The envelope error of a card that cannot pay the plan, with the field and reason the checkout form shows. */
function refusedCard(storefront: Storefront, plan: InstalmentPlan, refusal: PlanCardRefusal): ApiError {
  switch (refusal) {
    case 'bfl_card_needed':
      return new ApiError(Errno.BFL_CARD_INVALID, t(storefront, 'payment.bfl.error.cardNeeded'), 200, {
        fields: { number: 'bfl' },
      });
    case 'only_bfl_plans':
      return new ApiError(Errno.BFL_CARD_INVALID, t(storefront, 'payment.bfl.error.onlyBflPlans'), 200, {
        fields: { number: 'bfl' },
      });
    case 'bank':
      return new ApiError(
        Errno.INSTALMENT_BANK_NOT_ELIGIBLE,
        t(storefront, 'payment.instalment.error.bank', {
          banks: bankNames(plan.banks)
            .map((b) => b.name)
            .join(', '),
        }),
        200,
        { fields: { number: 'bank' }, banks: plan.banks },
      );
    case 'debit':
      return new ApiError(Errno.DEBIT_EMI_NOT_ELIGIBLE, t(storefront, 'payment.instalment.error.debit'), 200, {
        fields: { number: 'debit' },
      });
  }
}

/**
 * POST /payment/instalment: card EMI and the BFL EMI card. The plan is checked against the card's bank and kind
 * before anything is written, recorded with the payment in start's transaction, and charged for the amount start
 * decided.
 */
export async function instalmentPaymentRoutes(fastify: FastifyInstance, opts: { answer: Answer }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const gateway = app.paymentProvider;

  app.post(
    '/payment/instalment',
    {
      config: {
        rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress],
        idempotent: true,
      },
      schema: {
        tags: ['payment'],
        summary:
          'Pay an unpaid order in instalments: a plan of GET /payment/methods and a card of one of its ' +
          'banks (the BFL EMI card for BFL plans)',
        body: instalmentBody,
        response: { 200: envelopeSchema(paymentAnswer) },
      },
    },
    async (request) => {
      requireUser(request);
      const { storefront } = request;
      const body = request.body;
      await refuseInReview(app, request, body.orderId);
      const plan = findPlan(storefront.local, body.planId);
      if (!plan)
        throw new ApiError(Errno.INSTALMENT_PLAN_UNKNOWN, t(storefront, 'payment.instalment.error.unknown'), 200, {
          fields: { planId: 'unknown' },
        });
      const digits = cardDigits(body.number);
      if (malformedBflCard(digits))
        throw new ApiError(Errno.BFL_CARD_INVALID, t(storefront, 'payment.bfl.error.format'), 200, {
          fields: { number: 'bfl' },
        });
      const card = { number: body.number, expiry: body.expiry, cvv: body.cvv, holder: body.holder };
      const fields = validateCard(card);
      if (Object.keys(fields).length > 0)
        throw new ApiError(Errno.CARD_INVALID, message(storefront, 'payment.error.cardInvalid'), 200, { fields });
      const eligible = cardForPlan(plan, app.cardIssuers.issuer(digits));
      if (!eligible.ok) throw refusedCard(storefront, plan, eligible.refusal);
      const issuer: PlanCard = eligible.card;
      const choice: PlanChoice = {
        kind: plan.network === 'bfl' ? 'bfl' : 'instalment',
        planId: plan.id,
        bank: issuer.bank,
        cardKind: issuer.cardKind,
        months: plan.months,
        monthlyRateBp: plan.monthlyRateBp,
        currency: plan.currency,
        minAmount: plan.minAmount,
        maxAmount: null,
      };
      let started: Awaited<ReturnType<typeof startAttempt>>;
      try {
        started = await startAttempt(
          app,
          request,
          body.orderId,
          gateway.id,
          plan.network === 'bfl' ? 'bfl_emi' : 'instalment',
          false,
          choice,
        );
      } catch (err) {
        if (err instanceof PlanAmountError) throw belowMinimum(storefront, err);
        throw err;
      }
      // The card goes from this request to the gateway only; the charge is the amount start decided (interest is the
      // bank's).
      const outcome = await sendToProvider(request, () =>
        gateway.charge({
          reference: paymentReference(started.payment.id),
          amountMinor: started.payment.amount,
          currency: started.payment.currency,
          source: {
            card: {
              number: digits,
              expiry: parseExpiry(card.expiry)!,
              cvv: card.cvv.trim(),
              holder: card.holder.trim(),
            },
          },
          tokenize: false,
        }),
      );
      return opts.answer(request, started.payment.id, outcome);
    },
  );
}
