import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { cardDigits, parseExpiry, validateCard } from '../../../region-config/payment-cards';
import { currencyExponent } from '../../../region-config/money';
import { paymentReceiptMail } from '../../mail/order-mails';
import { splitPartReference, type ReserveResult, type SplitPartRow } from '../../repositories/split-payments';
import { sendToProvider } from './payment-attempt';
import { splitPaymentFromMinor } from '../../../sites/business-pricing';
import type { Storefront } from '../../storefront';
import { refuseInReview } from '../../review/payable';
import {
  paymentSplitCardAnswer,
  paymentSplitTransferAnswer,
  splitSummarySchema,
  paymentOrderQuery,
  splitCardBody,
  splitTransferBody,
} from '../../schemas/payments';

const t = (storefront: Storefront, key: string) => message(storefront, key);

/** The catalogue message of each way a card part can fail (the rest: declined). */
const SPLIT_FAILURES: Record<string, string> = {
  insufficient_funds: 'payment.error.insufficientFunds',
  otp_not_supported: 'business.split.error.otp',
  order_closed: 'payment.error.orderClosed',
  cancelled: 'payment.error.cancelled',
  not_sent: 'payment.error.cancelled',
};

/** Sandbox bank account for transfers (the same the bank-transfer page shows; a real store configures its own). */
export const TRANSFER_ACCOUNT = {
  bank: 'Sandbox Bank',
  name: 'Mi Store Sandbox',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
} as const;

const partView = (p: SplitPartRow) => ({
  id: p.id,
  method: p.method,
  state: p.state,
  amount: p.amount,
  card: p.card_brand ? `${p.card_brand} •••• ${p.card_last4}` : null,
  failure: p.failure_code,
  reference: `${p.order_id}-${p.id}`,
  time: new Date(p.created_at).getTime(),
});

/**
 * Split payment (the split-payment threshold): a company order is paid in parts by
 * cards and bank transfers; /split-payment-details shows the parts and what is left. Over the country's threshold
 * the whole-order payments refuse (payments.start) and each card part is at most the threshold; any part of such
 * an order is less than its amount due, so it is always paid in two parts or more.
 */
export async function splitPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = app.repos.splitPayments;
  const gateway = app.paymentProvider;

  function notFound(storefront: Storefront): ApiError {
    return new ApiError(Errno.NOT_FOUND, t(storefront, 'order.error.notFound'), 404);
  }

  /** The part rules of the order before reserving: split only for company orders, card parts within the threshold. */
  async function checkPart(
    request: FastifyRequest,
    userId: number,
    orderId: string,
    method: SplitPartRow['method'],
    amount: number,
  ) {
    const { storefront } = request;
    await refuseInReview(app, request, orderId);
    const found = await repo.summary(userId, orderId);
    if (!found) throw notFound(storefront);
    const splitFrom = splitPaymentFromMinor(found.order.local);
    const required = found.order.flow === 'company' && found.order.due > splitFrom;
    if (required && amount >= found.order.due) {
      throw new ApiError(Errno.SPLIT_PART_INVALID, t(storefront, 'business.split.error.onePart'), 200, {
        fields: { amount: 'too_large' },
        max: found.order.due - 1,
      });
    }
    if (required && method === 'card' && amount > splitFrom) {
      throw new ApiError(Errno.SPLIT_PART_INVALID, t(storefront, 'business.split.error.cardMax'), 200, {
        fields: { amount: 'too_large' },
        max: splitFrom,
      });
    }
  }

  function reserveError(storefront: Storefront, result: Exclude<ReserveResult, { ok: true }>): ApiError {
    switch (result.reason) {
      case 'not_found':
        return notFound(storefront);
      case 'not_company':
        return new ApiError(Errno.SPLIT_NOT_COMPANY, t(storefront, 'business.split.error.notCompany'));
      case 'expired':
        return new ApiError(Errno.ORDER_NOT_PAYABLE, t(storefront, 'payment.error.expired'));
      case 'in_progress':
        return new ApiError(Errno.SPLIT_IN_PROGRESS, t(storefront, 'payment.error.inProgress'));
      case 'over_remaining':
        return new ApiError(Errno.SPLIT_PART_OVER_REMAINING, t(storefront, 'business.split.error.overRemaining'), 200, {
          fields: { amount: 'too_large' },
          remaining: result.remaining,
        });
      default:
        return new ApiError(Errno.ORDER_NOT_PAYABLE, t(storefront, 'payment.error.notPayable'));
    }
  }

  app.get(
    '/payment/split',
    {
      schema: {
        tags: ['payment'],
        summary: 'A split payment: the amount due, the parts paid and pending, what is left',
        querystring: paymentOrderQuery,
        response: { 200: envelopeSchema(splitSummarySchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const found = await repo.summary(user.id, request.query.orderId);
      if (!found) throw notFound(request.storefront);
      const { order } = found;
      const splitFrom = splitPaymentFromMinor(order.local);
      const required = order.flow === 'company' && order.due > splitFrom;
      return ok({
        order_id: order.id,
        state: order.state,
        currency: order.currency,
        exponent: currencyExponent(order.currency),
        due: order.due,
        paid: found.paid,
        held: found.held,
        remaining: order.state === 'unpaid' ? order.due - found.paid - found.held : 0,
        split_required: required,
        split_from: splitFrom,
        max_card_part: required ? Math.min(splitFrom, order.due - 1) : order.due,
        parts: found.parts.map(partView),
        transfer_account: { ...TRANSFER_ACCOUNT },
      });
    },
  );

  app.post(
    '/payment/split/card',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary: 'Pay one part of a company order by card; the order is paid when the parts reach its amount due',
        body: splitCardBody,
        response: {
          200: envelopeSchema(paymentSplitCardAnswer),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const body = request.body;
      const card = { number: body.number, expiry: body.expiry, cvv: body.cvv, holder: body.holder };
      const fields = validateCard(card);
      if (Object.keys(fields).length > 0)
        throw new ApiError(Errno.CARD_INVALID, t(storefront, 'payment.error.cardInvalid'), 200, { fields });
      await checkPart(request, user.id, body.orderId, 'card', body.amount);
      const reserved = await repo.reserve(user.id, body.orderId, 'card', body.amount, gateway.id);
      if (!reserved.ok) throw reserveError(storefront, reserved);
      // A call that never answers leaves the part in flight: the reconciliation asks the gateway what became of it.
      const outcome = await sendToProvider(request, () =>
        gateway.charge({
          reference: splitPartReference(reserved.part.id),
          amountMinor: reserved.part.amount,
          currency: reserved.part.currency,
          source: {
            card: {
              number: cardDigits(card.number),
              expiry: parseExpiry(card.expiry)!,
              cvv: card.cvv.trim(),
              holder: card.holder.trim(),
            },
          },
          tokenize: false,
        }),
      );
      const result = await repo.settleCard(reserved.part.id, gateway.id, outcome, (order) =>
        paymentReceiptMail(app.mail.links(storefront).origin, storefront, user.email, order, 'split'),
      );
      if (result.state === 'failed') {
        const key = SPLIT_FAILURES[result.code] ?? 'payment.error.declined';
        throw new ApiError(Errno.PAYMENT_FAILED, t(storefront, key), 200, {
          order_id: result.orderId,
          part_id: reserved.part.id,
          code: result.code,
        });
      }
      if (result.paid) app.mail.wake();
      return ok({
        order_id: result.orderId,
        part_id: reserved.part.id,
        paid: result.paid,
        remaining: result.remaining,
      });
    },
  );

  app.post(
    '/payment/split/transfer',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress] },
      schema: {
        tags: ['payment'],
        summary:
          'Announce one part of a company order paid by bank transfer: the amount is held until the transfer arrives',
        body: splitTransferBody,
        response: { 200: envelopeSchema(paymentSplitTransferAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await checkPart(request, user.id, request.body.orderId, 'bank_transfer', request.body.amount);
      const reserved = await repo.reserve(user.id, request.body.orderId, 'bank_transfer', request.body.amount);
      if (!reserved.ok) throw reserveError(request.storefront, reserved);
      return ok({
        order_id: reserved.order.id,
        part_id: reserved.part.id,
        reference: `${reserved.order.id}-${reserved.part.id}`,
      });
    },
  );
}
