import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { cardDigits, parseExpiry, validateCard } from '../../../region-config/payment-cards';
import { currencyExponent } from '../../../region-config/money';
import type { ChargeOutcome, ChargeRequest } from '../../payments/provider';
import {
  MAX_SAVED_CARDS,
  paymentReference,
  type RecordResult,
  type SavedCardRow,
  paymentPlansRepository,
} from '../../repositories/payments';
import { sendToProvider, startAttempt } from './payment-attempt';
import { paymentReceiptMail } from '../../mail/order-mails';
import type { Storefront } from '../../storefront';
import { isBflPrefix } from '../../../region-config/instalments';
import { planOffers } from '../../views/payment-plan-view';
import { paymentPlanRoutes } from './payment-plans';
import {
  paymentAnswer,
  paymentCardsAnswer,
  paymentMethodsAnswer,
  paymentCardBody,
  paymentOrderQuery,
  paymentOtpBody,
  savedCardDeleteBody,
} from '../../schemas/payments';
import { noData } from '../../schemas/common';

/** The error message of each way a payment can fail. */
const FAILURES: Record<string, string> = {
  declined: 'payment.error.declined',
  insufficient_funds: 'payment.error.insufficientFunds',
  expired_card: 'payment.error.expiredCard',
  card_not_supported: 'payment.error.unsupported',
  invalid_cvv: 'payment.error.cvv',
  otp_failed: 'payment.error.otpFailed',
  otp_wrong: 'payment.error.otpWrong',
  token_unknown: 'payment.error.declined',
  order_closed: 'payment.error.orderClosed',
  duplicate: 'payment.error.orderClosed',
  cancelled: 'payment.error.cancelled',
  not_sent: 'payment.error.cancelled',
  abandoned: 'payment.error.declined',
};

const t = (storefront: Storefront, key: string) => message(storefront, key);

/** A saved card as the shopper recognises it: brand, last four, MM/YY. */
const cardView = (c: SavedCardRow) => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  expiry: `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}`,
});

function failureMessage(storefront: Storefront, code: string): string {
  return t(storefront, FAILURES[code] ?? FAILURES['declined']!);
}

/**
 * Card payments through the configured provider (the sandbox gateway by default). The card goes from this request
 * to the gateway and nowhere else; the outcome is what the gateway told the server, recorded with the order.
 */
export async function paymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const gateway = app.paymentProvider;

  /**
   * Records the gateway's answer and turns it into the envelope: success data, or the catalogue message of the failure.
   */
  async function answer(request: FastifyRequest, paymentId: string, outcome: ChargeOutcome) {
    const { storefront } = request;
    const user = request.user!;
    const method = outcome.status === 'succeeded' && outcome.brand ? `${outcome.brand} •••• ${outcome.last4}` : '';
    const result: RecordResult = await app.repos.payments.record(paymentId, outcome, (order, giftCards) =>
      paymentReceiptMail(app.mail.links(storefront).origin, storefront, user.email, order, method, giftCards),
    );
    if (result.state === 'failed') {
      throw new ApiError(Errno.PAYMENT_FAILED, failureMessage(storefront, result.code), 200, {
        order_id: result.orderId,
        payment_id: paymentId,
        code: result.code,
      });
    }
    if (result.state === 'succeeded') app.mail.wake();
    return ok({
      state: result.state,
      order_id: result.orderId,
      payment_id: paymentId,
      ...(result.state === 'succeeded' ? { card_saved: result.cardSaved } : {}),
    });
  }

  app.get(
    '/payment/methods',
    {
      schema: {
        tags: ['payment'],
        summary: 'How an unpaid order can be paid: its amount and deadline, the card form, the saved cards',
        querystring: paymentOrderQuery,
        response: {
          200: envelopeSchema(paymentMethodsAnswer),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const found = await app.repos.orders.detail(user.id, request.query.orderId);
      if (!found) throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'order.error.notFound'), 404);
      const cards = await app.repos.payments.savedCards(user.id);
      // Instalment plans, the BFL card and pay-later for what is left to pay (gift cards already cover the rest).
      const { methods: planMethods, ...plans } = planOffers(
        request.storefront,
        found.order.total - (found.order.gift_card_amount ?? 0),
        found.order.currency,
        await paymentPlansRepository(app.db).accountAgeDays(user.id),
      );
      return ok({
        order_id: found.order.id,
        state: found.order.state,
        total: found.order.total - found.order.gift_card_amount,
        currency: found.order.currency,
        exponent: currencyExponent(found.order.currency),
        pay_before: new Date(found.order.pay_before).getTime(),
        methods: ['card', ...planMethods],
        ...plans,
        saved_cards: cards.map(cardView),
        max_saved_cards: MAX_SAVED_CARDS,
      });
    },
  );

  app.post(
    '/payment/card',
    {
      config: {
        rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress],
        idempotent: true,
      },
      schema: {
        tags: ['payment'],
        summary:
          'Pay an unpaid order by card (a new card, or a saved one with its CVV); answers succeeded, ' +
          'otp_required, or the failure',
        body: paymentCardBody,
        response: { 200: envelopeSchema(paymentAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const body = request.body;
      let source: ChargeRequest['source'];
      if (body.savedCardId) {
        const saved = await app.repos.payments.savedCard(user.id, body.savedCardId);
        if (!saved) throw new ApiError(Errno.NOT_FOUND, t(storefront, 'payment.error.cardNotFound'), 404);
        if (!/^\d{3,4}$/.test(body.cvv.trim()))
          throw new ApiError(Errno.CARD_INVALID, failureMessage(storefront, 'invalid_cvv'), 200, {
            fields: { cvv: 'cvv' },
          });
        source = { token: saved.token, cvv: body.cvv.trim() };
      } else {
        const card = { number: body.number ?? '', expiry: body.expiry ?? '', cvv: body.cvv, holder: body.holder ?? '' };
        // The BFL EMI card pays only with its own plans (POST /payment/instalment).
        if (isBflPrefix(cardDigits(card.number)))
          throw new ApiError(Errno.BFL_CARD_INVALID, t(storefront, 'payment.bfl.error.onlyBflPlans'), 200, {
            fields: { number: 'bfl' },
          });
        const fields = validateCard(card);
        if (Object.keys(fields).length > 0) {
          const first = Object.values(fields)[0]!;
          const key =
            first === 'unsupported'
              ? 'card_not_supported'
              : first === 'expired'
                ? 'expired_card'
                : first === 'cvv'
                  ? 'invalid_cvv'
                  : 'invalid';
          throw new ApiError(
            Errno.CARD_INVALID,
            key === 'invalid' ? t(storefront, 'payment.error.cardInvalid') : failureMessage(storefront, key),
            200,
            { fields },
          );
        }
        source = {
          card: {
            number: cardDigits(card.number),
            expiry: parseExpiry(card.expiry)!,
            cvv: card.cvv.trim(),
            holder: card.holder.trim(),
          },
        };
      }
      const started = await startAttempt(
        app,
        request,
        body.orderId,
        gateway.id,
        body.savedCardId ? 'saved_card' : 'card',
        body.saveCard === true && !body.savedCardId,
      );
      const outcome = await sendToProvider(request, () =>
        gateway.charge({
          reference: paymentReference(started.payment.id),
          amountMinor: started.payment.amount,
          currency: started.payment.currency,
          source,
          tokenize: started.payment.save_card,
        }),
      );
      return answer(request, started.payment.id, outcome);
    },
  );

  app.post(
    '/payment/otp',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: 'The one-time password of a card that asked for it',
        body: paymentOtpBody,
        response: { 200: envelopeSchema(paymentAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const otp = request.body.otp.trim();
      if (!/^\d{4,8}$/.test(otp))
        throw new ApiError(Errno.OTP_WRONG, failureMessage(storefront, 'otp_wrong'), 200, {
          fields: { otp: 'format' },
        });
      // In flight while the gateway checks the password: a cancellation meanwhile waits for its answer.
      const payment = await app.repos.payments.claimOtp(user.id, request.body.paymentId);
      if (!payment?.provider_ref) throw new ApiError(Errno.NOT_FOUND, t(storefront, 'payment.error.noOtp'), 404);
      const outcome = await sendToProvider(request, () => gateway.confirmOtp(payment.provider_ref!, otp));
      // A wrong password leaves the payment waiting (the gateway counts the tries and declines after the last).
      if (outcome.status === 'declined' && outcome.code === 'otp_wrong') {
        await app.repos.payments.releaseOtp(payment.id);
        throw new ApiError(Errno.OTP_WRONG, failureMessage(storefront, 'otp_wrong'), 200, {
          order_id: payment.order_id,
          payment_id: payment.id,
          fields: { otp: 'wrong' },
        });
      }
      return answer(request, payment.id, outcome);
    },
  );

  app.get(
    '/payment/cards',
    {
      schema: {
        tags: ['payment'],
        summary: 'Saved cards (brand, last four, expiry; never the number)',
        response: { 200: envelopeSchema(paymentCardsAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const cards = await app.repos.payments.savedCards(user.id);
      return ok({ cards: cards.map(cardView), max: MAX_SAVED_CARDS });
    },
  );

  app.post(
    '/payment/cards/delete',
    {
      schema: {
        tags: ['payment'],
        summary: 'Forget a saved card',
        body: savedCardDeleteBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!(await app.repos.payments.deleteCard(user.id, request.body.id)))
        throw new ApiError(Errno.NOT_FOUND, t(request.storefront, 'payment.error.cardNotFound'), 404);
      return ok({});
    },
  );

  await app.register(paymentPlanRoutes, { answer });
}
