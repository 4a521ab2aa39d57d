import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno, type ErrnoCode } from '../../errors';
import { requireUser } from '../../context';
import { message } from '../../i18n';
import { currencyExponent } from '../../../region-config/money';
import { imeiProblem } from '../../orders/trade-in-value';
import { RATE_RULES } from '../../security/rate-limit';
import type { TradeInProgramme, TradeInRow } from '../../repositories/trade-ins';
import type { TradeInProgrammeView } from '../../schemas/trade-in';

type TradeInQuestionId = TradeInProgrammeView['questions'][number]['id'];
import {
  tradeInAnswer,
  tradeInCancelBody,
  tradeInEvaluateBody,
  tradeInListAnswer,
  tradeInProgrammeSchema,
} from '../../schemas/trade-in';

const time = (d: Date | null) => (d ? new Date(d).getTime() : null);

function tradeInView(t: TradeInRow) {
  const expired = t.state === 'evaluated' && new Date(t.valid_until).getTime() <= Date.now();
  return {
    id: t.id,
    model_id: t.model_id,
    brand: t.brand,
    model: t.model,
    storage: t.storage,
    // The answers were checked against the programme's questions when the device was evaluated.
    answers: Object.entries(t.answers).map(([question, answer]) => ({
      question: question as TradeInQuestionId,
      answer,
    })),
    imei: t.imei,
    currency: t.currency,
    exponent: currencyExponent(t.currency),
    base_value: t.base_value,
    exchange_value: t.exchange_value,
    offers: t.offers.map((o) => ({
      product_id: o.productId,
      bonus: o.bonus,
      subsidy: o.subsidy,
      total: t.exchange_value + o.bonus,
    })),
    product_id: t.product_id,
    product_name: t.product_name,
    bonus: t.bonus,
    subsidy: t.subsidy,
    state: expired ? ('expired' as const) : t.state,
    cancellable: t.state === 'evaluated',
    order_id: t.order_id,
    order_state: t.order_state,
    valid_until: new Date(t.valid_until).getTime(),
    created_at: new Date(t.created_at).getTime(),
    redeemed_at: time(t.redeemed_at),
    picked_up_at: time(t.picked_up_at),
    assessed_at: time(t.assessed_at),
    closed_at: time(t.closed_at),
    cancelled_at: time(t.cancelled_at),
  };
}

const timingView = (p: TradeInProgramme) => ({
  pickup_days: p.timing.pickupDays,
  refund_days: p.timing.refundDays,
  rebate_business_days: p.timing.rebateBusinessDays,
});

type Failure = readonly [ErrnoCode, string];
const FAIL = {
  notOffered: [Errno.TRADEIN_NOT_OFFERED, 'tradeIn.error.notOffered'],
  model: [Errno.TRADEIN_MODEL_NOT_FOUND, 'tradeIn.error.modelNotFound'],
  storage: [Errno.TRADEIN_STORAGE_UNKNOWN, 'tradeIn.error.storage'],
  answers: [Errno.TRADEIN_ANSWERS_INCOMPLETE, 'tradeIn.error.answers'],
  imeiFormat: [Errno.TRADEIN_IMEI_INVALID, 'tradeIn.error.imeiFormat'],
  imeiChecksum: [Errno.TRADEIN_IMEI_INVALID, 'tradeIn.error.imeiInvalid'],
  imeiInUse: [Errno.TRADEIN_IMEI_IN_USE, 'tradeIn.error.imeiInUse'],
  notFound: [Errno.TRADEIN_NOT_FOUND, 'tradeIn.error.notFound'],
  redeemed: [Errno.TRADEIN_REDEEMED, 'tradeIn.error.redeemed'],
  notCancellable: [Errno.TRADEIN_NOT_CANCELLABLE, 'tradeIn.error.notCancellable'],
} as const satisfies Record<string, Failure>;

/** The envelope error of a failure, in the storefront's language; `data` names the fields at fault for the form. */
function fail(request: FastifyRequest, [errno, key]: Failure, data: Record<string, unknown> | null = null): ApiError {
  return new ApiError(errno, message(request.storefront, key), 200, data);
}

/**
 * Trade-in and exchange: the country's programme (public), evaluating an old device, the user's
 * exchanges and cancelling one before it is redeemed. Redemption happens in checkout (repositories/trade-ins.ts).
 */
export async function tradeInRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  const programmeOf = async (request: FastifyRequest) => {
    const programme = await app.repos.tradeIns.programme(request.storefront.local);
    if (!programme) throw fail(request, FAIL.notOffered);
    return programme;
  };

  app.get(
    '/tradein/models',
    {
      schema: {
        tags: ['trade-in'],
        summary:
          'Old devices, storages with their base value, condition questions and eligible new phones of this country',
        response: { 200: envelopeSchema(tradeInProgrammeSchema) },
      },
    },
    async (request) => {
      const p = await programmeOf(request);
      return ok({
        currency: p.currency,
        exponent: currencyExponent(p.currency),
        validity_days: p.validityDays,
        timing: timingView(p),
        models: p.models.map((m) => ({
          id: m.id,
          brand: m.brand,
          model: m.model,
          storages: m.storages.map((s) => ({ storage: s.storage, base_value: s.baseValue })),
        })),
        // The programme's questions passed the content schema when the snapshot was loaded.
        questions: p.questions.map((q) => ({
          id: q.id as TradeInQuestionId,
          options: q.options.map((o) => ({
            id: o.id,
            deduction_percent: o.deductionPercent,
            not_eligible: o.notEligible === true,
          })),
        })),
        phones: p.phones.map((ph) => ({
          product_id: ph.productId,
          name: ph.name,
          image: ph.image,
          bonus: ph.bonus,
          subsidy: ph.subsidy,
          from_price: ph.fromPrice,
        })),
      });
    },
  );

  app.post(
    '/tradein/evaluate',
    {
      config: { rateLimit: RATE_RULES.write },
      schema: {
        tags: ['trade-in'],
        summary:
          'Evaluate an old device: exchange value from the programme, or not_evaluated when it is not ' +
          'eligible (a quote only: each account holds one active trade-in per IMEI; the device is checked ' +
          'when redeemed)',
        body: tradeInEvaluateBody,
        response: { 200: envelopeSchema(tradeInAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      // Spaces and dashes are how IMEIs are printed on boxes; the digits are what count.
      const imei = body.imei.replace(/[\s-]/g, '');
      const problem = imeiProblem(imei);
      if (problem)
        throw fail(request, problem === 'format' ? FAIL.imeiFormat : FAIL.imeiChecksum, { fields: { imei: problem } });
      const result = await app.repos.tradeIns.evaluate(user.id, request.storefront.local, {
        modelId: body.modelId,
        storage: body.storage,
        answers: body.answers as Record<string, string>,
        imei,
      });
      if (!result.ok) {
        switch (result.reason) {
          case 'not_offered':
            throw fail(request, FAIL.notOffered);
          case 'model':
            throw fail(request, FAIL.model, { fields: { modelId: 'unknown' } });
          case 'storage':
            throw fail(request, FAIL.storage, { fields: { storage: 'unknown' } });
          case 'answers':
            throw fail(request, FAIL.answers, {
              fields: Object.fromEntries([
                ...result.missing.map((q) => [q, 'missing']),
                ...result.unknown.map((q) => [q, 'unknown']),
              ]),
            });
          case 'imei_in_use':
            throw fail(request, FAIL.imeiInUse, { fields: { imei: 'in_use' } });
        }
      }
      return ok({ trade_in: tradeInView(result.tradeIn) });
    },
  );

  app.get(
    '/tradein/mine',
    {
      schema: {
        tags: ['trade-in'],
        summary: "The user's trade-ins in this country, newest first, with the trade-in timing",
        response: { 200: envelopeSchema(tradeInListAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const programme = await programmeOf(request);
      const rows = await app.repos.tradeIns.list(user.id, request.storefront.local);
      return ok({ trade_ins: rows.map(tradeInView), timing: timingView(programme) });
    },
  );

  app.post(
    '/tradein/cancel',
    {
      config: { rateLimit: RATE_RULES.write },
      schema: {
        tags: ['trade-in'],
        summary: 'Cancel an evaluated trade-in (an exchange is not cancelled after redemption)',
        body: tradeInCancelBody,
        response: { 200: envelopeSchema(tradeInAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = request.body.id.trim();
      if (!/^[0-9]{1,18}$/.test(id)) throw fail(request, FAIL.notFound);
      const result = await app.repos.tradeIns.cancel(user.id, request.storefront.local, id);
      if (!result.ok)
        throw fail(
          request,
          result.reason === 'not_found'
            ? FAIL.notFound
            : result.reason === 'redeemed'
              ? FAIL.redeemed
              : FAIL.notCancellable,
        );
      return ok({ trade_in: tradeInView(result.tradeIn) });
    },
  );
}
