import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok, type Envelope } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { message, translate } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { safeRedirect } from '../../auth/redirect';
import type { Storefront } from '../../storefront';
import { cardDigits, parseExpiry, validateCard } from '../../../region-config/payment-cards';
import {
  BANKS,
  BFL_CARD_PATTERN,
  bnplOffers,
  bnplRefusal,
  findPlan,
  instalmentSchedule,
  isBflPrefix,
  plansFor,
  type BnplOffer,
  type BnplRefusal,
  type InstalmentPlan,
} from '../../../region-config/instalments';
import type { ChargeOutcome } from '../../payments/provider';
import { sandboxIssuers } from '../../payments/card-issuers';
import { SESSION_REF } from '../../payments/bnpl-sandbox';
import { PlanAmountError, paymentPlansRepository, paymentReference, type PlanChoice, type PlannedPayment } from '../../repositories/payments';
import { sendToProvider, startAttempt } from './payment-attempt';
import { money } from '../../mail/order-mails';
import { esc, renderPage } from '../../views/html';
import { sendPage } from '../account/respond';

/** A catalogue text in the storefront's language, counted texts in their plural form. */
const t = translate;

const bankNames = (ids: readonly string[]) => ids.map((id) => ({ id, name: BANKS[id]?.name ?? id }));

/** The §8 message of a provider that cannot take the order. */
function refusalMessage(storefront: Storefront, offer: BnplOffer, refusal: BnplRefusal): string {
  switch (refusal) {
    case 'below_minimum':
      return t(storefront, 'payment.bnpl.refused.belowMinimum', { provider: offer.name, amount: money(storefront, offer.minAmount, offer.currency) });
    case 'above_maximum':
      return t(storefront, 'payment.bnpl.refused.aboveMaximum', { provider: offer.name, amount: money(storefront, offer.maxAmount, offer.currency) });
    case 'account_too_new':
      return t(storefront, 'payment.bnpl.refused.accountTooNew', { provider: offer.name, count: offer.minAccountAgeDays });
    case 'currency':
      return t(storefront, 'payment.bnpl.refused.currency', { provider: offer.name });
  }
}

const noEligibleBnpl = (storefront: Storefront) => t(storefront, 'payment.bnpl.error.noEligible');

/** What an order of `due` (minor units) may be paid with besides a card: the plans it reaches and the pay-later offers. */
export function planOffers(storefront: Storefront, due: number, currency: string, accountAgeDays: number) {
  const plans = due > 0 ? plansFor(storefront.local, due, currency) : [];
  const instalmentPlans = plans.map((p) => {
    const s = instalmentSchedule(due, p.months, p.monthlyRateBp);
    return {
      id: p.id,
      network: p.network,
      months: p.months,
      monthly_rate_bp: p.monthlyRateBp,
      monthly: s.monthly,
      last_monthly: s.last,
      interest: s.interest,
      total: s.total,
      min_amount: p.minAmount,
      banks: bankNames(p.banks),
      debit_banks: bankNames(p.debitBanks),
    };
  });
  const bnpl = bnplOffers(storefront.local).map((o) => {
    const refusal = due > 0 ? bnplRefusal(o, due, currency, accountAgeDays) : 'below_minimum';
    const s = due > 0 ? instalmentSchedule(due, o.parts, 0) : null;
    return {
      id: o.id,
      name: o.name,
      parts: o.parts,
      every_days: o.everyDays,
      min_amount: o.minAmount,
      max_amount: o.maxAmount,
      eligible: refusal === null,
      reason: refusal ? refusalMessage(storefront, o, refusal) : null,
      part_amount: s?.monthly ?? 0,
      last_part_amount: s?.last ?? 0,
      total: s?.total ?? 0,
    };
  });
  const methods = [
    ...(instalmentPlans.some((p) => p.network === 'card') ? ['instalment'] : []),
    ...(instalmentPlans.some((p) => p.network === 'bfl') ? ['bfl'] : []),
    ...(bnpl.some((b) => b.eligible) ? ['bnpl'] : []),
  ];
  return { methods, instalment_plans: instalmentPlans, bnpl, bnpl_message: bnpl.some((b) => b.eligible) ? null : noEligibleBnpl(storefront) };
}

const bankList = { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } } as const;

/** The response properties planOffers adds to GET /payment/methods. */
export const planOffersProperties = {
  instalment_plans: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'network', 'months', 'monthly_rate_bp', 'monthly', 'last_monthly', 'interest', 'total', 'min_amount', 'banks', 'debit_banks'],
      properties: {
        id: { type: 'string' },
        network: { enum: ['card', 'bfl'] },
        months: { type: 'integer' },
        monthly_rate_bp: { type: 'integer' },
        monthly: { type: 'integer' },
        last_monthly: { type: 'integer' },
        interest: { type: 'integer' },
        total: { type: 'integer' },
        min_amount: { type: 'integer' },
        banks: bankList,
        debit_banks: bankList,
      },
    },
  },
  bnpl: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'name', 'parts', 'every_days', 'min_amount', 'max_amount', 'eligible', 'reason', 'part_amount', 'last_part_amount', 'total'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        parts: { type: 'integer' },
        every_days: { type: 'integer' },
        min_amount: { type: 'integer' },
        max_amount: { type: 'integer' },
        eligible: { type: 'boolean' },
        reason: { type: ['string', 'null'] },
        part_amount: { type: 'integer' },
        last_part_amount: { type: 'integer' },
        total: { type: 'integer' },
      },
    },
  },
  bnpl_message: { type: ['string', 'null'] },
} as const;

/** The answer of a payment call, shared with /payment/card (server/routes/payments/card-payments.ts). */
export type Answer = (
  request: FastifyRequest,
  paymentId: string,
  outcome: ChargeOutcome,
) => Promise<Envelope<{ state: 'succeeded' | 'otp_required'; order_id: string; payment_id: string; card_saved?: boolean }>>;

const belowMinimum = (storefront: Storefront, err: PlanAmountError) =>
  new ApiError(
    Errno.INSTALMENT_NOT_ELIGIBLE,
    t(storefront, 'payment.instalment.error.minimum', { amount: money(storefront, err.plan.minAmount, err.plan.currency) }),
    200,
    { min_amount: err.plan.minAmount, amount: err.amount },
  );

/** §5/§8: the card must fit the plan — the BFL card its own plans, other plans their banks and card kinds. */
function checkCardForPlan(storefront: Storefront, plan: InstalmentPlan, digits: string): { bank: string; cardKind: 'credit' | 'debit' | 'emi' } {
  const issuer = sandboxIssuers.issuer(digits);
  if (plan.network === 'bfl') {
    if (issuer?.bank !== 'bfl') throw new ApiError(Errno.BFL_CARD_INVALID, t(storefront, 'payment.bfl.error.cardNeeded'), 200, { fields: { number: 'bfl' } });
    return { bank: 'bfl', cardKind: 'emi' };
  }
  if (issuer?.bank === 'bfl') throw new ApiError(Errno.BFL_CARD_INVALID, t(storefront, 'payment.bfl.error.onlyBflPlans'), 200, { fields: { number: 'bfl' } });
  if (!issuer || !plan.banks.includes(issuer.bank)) {
    throw new ApiError(
      Errno.INSTALMENT_BANK_NOT_ELIGIBLE,
      t(storefront, 'payment.instalment.error.bank', { banks: bankNames(plan.banks).map((b) => b.name).join(', ') }),
      200,
      { fields: { number: 'bank' }, banks: plan.banks },
    );
  }
  if (issuer.kind === 'debit' && !plan.debitBanks.includes(issuer.bank)) {
    throw new ApiError(Errno.DEBIT_EMI_NOT_ELIGIBLE, t(storefront, 'payment.instalment.error.debit'), 200, { fields: { number: 'debit' } });
  }
  return { bank: issuer.bank, cardKind: issuer.kind };
}

const paymentAnswer = {
  type: 'object',
  required: ['state', 'order_id', 'payment_id'],
  properties: { state: { enum: ['succeeded', 'otp_required'] }, order_id: { type: 'string' }, payment_id: { type: 'string' }, card_saved: { type: 'boolean' } },
} as const;

const planView = (p: PlannedPayment) => ({
  kind: p.kind,
  plan_id: p.plan_id,
  bank: p.bank,
  card_kind: p.card_kind,
  months: p.months,
  monthly_rate_bp: p.monthly_rate_bp,
  monthly: p.monthly_amount,
  last_monthly: p.last_amount,
  interest: p.interest,
  total: p.total,
  currency: p.currency,
});
const planSchema = {
  type: 'object',
  required: ['kind', 'plan_id', 'months', 'monthly_rate_bp', 'monthly', 'last_monthly', 'interest', 'total', 'currency'],
  properties: {
    kind: { type: 'string' },
    plan_id: { type: 'string' },
    bank: { type: ['string', 'null'] },
    card_kind: { type: ['string', 'null'] },
    months: { type: 'integer' },
    monthly_rate_bp: { type: 'integer' },
    monthly: { type: 'integer' },
    last_monthly: { type: 'integer' },
    interest: { type: 'integer' },
    total: { type: 'integer' },
    currency: { type: 'string' },
  },
} as const;

const sessionParams = {
  type: 'object',
  required: ['urlLocal', 'session'],
  properties: { urlLocal: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' }, session: { type: 'string', maxLength: 64 } },
} as const;

/**
 * Instalments (card EMI and the BFL EMI card) and buy-now-pay-later (issue 9 part 7). A plan is checked against
 * the card's bank and kind before anything is written, recorded with the payment in start's transaction, and
 * charged for the amount start decided; pay-later opens a session at the provider, whose signed callback makes
 * the server read the outcome back from the provider and record it once.
 */
export async function paymentPlanRoutes(fastify: FastifyInstance, opts: { answer: Answer }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const gateway = app.paymentProvider;
  const bnpl = app.bnplProvider;
  const plans = paymentPlansRepository(app.db);

  app.post(
    '/payment/instalment',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress], idempotent: true },
      schema: {
        tags: ['payment'],
        summary: 'Pay an unpaid order in instalments: a plan of GET /payment/methods and a card of one of its banks (the BFL EMI card for BFL plans)',
        body: {
          type: 'object',
          required: ['orderId', 'planId', 'number', 'expiry', 'cvv', 'holder'],
          properties: {
            orderId: { type: 'string', maxLength: 20 },
            planId: { type: 'string', maxLength: 40 },
            number: { type: 'string', maxLength: 30 },
            expiry: { type: 'string', maxLength: 7 },
            cvv: { type: 'string', maxLength: 4 },
            holder: { type: 'string', maxLength: 100 },
          },
        },
        response: { 200: envelopeSchema(paymentAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const body = request.body;
      const plan = findPlan(storefront.local, body.planId);
      if (!plan) throw new ApiError(Errno.INSTALMENT_PLAN_UNKNOWN, t(storefront, 'payment.instalment.error.unknown'), 200, { fields: { planId: 'unknown' } });
      const digits = cardDigits(body.number);
      if (isBflPrefix(digits) && !BFL_CARD_PATTERN.test(digits)) {
        throw new ApiError(Errno.BFL_CARD_INVALID, t(storefront, 'payment.bfl.error.format'), 200, { fields: { number: 'bfl' } });
      }
      const card = { number: body.number, expiry: body.expiry, cvv: body.cvv, holder: body.holder };
      const fields = validateCard(card);
      if (Object.keys(fields).length > 0) throw new ApiError(Errno.CARD_INVALID, message(storefront, 'payment.error.cardInvalid'), 200, { fields });
      const issuer = checkCardForPlan(storefront, plan, digits);
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
        started = await startAttempt(app, request, body.orderId, gateway.id, plan.network === 'bfl' ? 'bfl_emi' : 'instalment', false, choice);
      } catch (err) {
        if (err instanceof PlanAmountError) throw belowMinimum(storefront, err);
        throw err;
      }
      // The card goes from this request to the gateway only; the charge is the amount start decided (interest is the bank's).
      const outcome = await sendToProvider(request, () =>
        gateway.charge({
          reference: paymentReference(started.payment.id),
          amountMinor: started.payment.amount,
          currency: started.payment.currency,
          source: { card: { number: digits, expiry: parseExpiry(card.expiry)!, cvv: card.cvv.trim(), holder: card.holder.trim() } },
          tokenize: false,
        }),
      );
      return opts.answer(request, started.payment.id, outcome);
    },
  );

  app.post(
    '/payment/bnpl/start',
    {
      config: { rateLimit: [RATE_RULES.payment, RATE_RULES.paymentAccount, RATE_RULES.paymentAddress], idempotent: true },
      schema: {
        tags: ['payment'],
        summary: "Pay an unpaid order later: opens a session at the provider and answers the provider's approval page to send the shopper to",
        body: {
          type: 'object',
          required: ['orderId', 'provider'],
          properties: { orderId: { type: 'string', maxLength: 20 }, provider: { type: 'string', maxLength: 40 }, returnUrl: { type: 'string', maxLength: 2048 } },
        },
        response: {
          200: envelopeSchema({
            type: 'object',
            required: ['state', 'order_id', 'payment_id', 'redirect_url'],
            properties: { state: { enum: ['redirect'] }, order_id: { type: 'string' }, payment_id: { type: 'string' }, redirect_url: { type: 'string' } },
          } as const),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const body = request.body;
      const offers = bnplOffers(storefront.local);
      const offer = offers.find((o) => o.id === body.provider);
      if (!offer) throw new ApiError(Errno.BNPL_NOT_ELIGIBLE, offers.length === 0 ? noEligibleBnpl(storefront) : t(storefront, 'payment.bnpl.error.unknown'), 200, { reason: 'unknown' });
      const found = await app.repos.orders.detail(user.id, body.orderId);
      if (!found) throw new ApiError(Errno.NOT_FOUND, message(storefront, 'order.error.notFound'), 404);
      const due = found.order.total - (found.order.gift_card_amount ?? 0);
      const age = await plans.accountAgeDays(user.id);
      const refusal = bnplRefusal(offer, due, found.order.currency, age);
      if (refusal) {
        const anyEligible = offers.some((o) => bnplRefusal(o, due, found.order.currency, age) === null);
        throw new ApiError(Errno.BNPL_NOT_ELIGIBLE, anyEligible ? refusalMessage(storefront, offer, refusal) : noEligibleBnpl(storefront), 200, { reason: refusal });
      }
      // Every address the provider gets is built on the store's public origin, never on this request's Host header.
      const origin = app.publicOrigin;
      const returnUrl = safeRedirect(body.returnUrl ?? `/${storefront.urlLocal}/checkout/bnpl-result/${found.order.id}/`, app.siteOrigins, storefront.urlLocal, origin);
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
        if (err instanceof PlanAmountError) throw new ApiError(Errno.BNPL_NOT_ELIGIBLE, noEligibleBnpl(storefront), 200, { reason: 'amount' });
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
      // The order may have closed while the session opened: then the session closes too, before the shopper can approve.
      if (!(await plans.attachProviderRef(started.payment.id, session.sessionRef))) {
        await app.reconciler.settleOrder(started.order.id, 'close', user.id);
        throw new ApiError(Errno.ORDER_NOT_PAYABLE, message(storefront, 'payment.error.cancelled'));
      }
      return ok({ state: 'redirect' as const, order_id: started.order.id, payment_id: started.payment.id, redirect_url: `${origin}${redirectUrl}` });
    },
  );

  app.get(
    '/payment/bnpl/callback',
    {
      schema: {
        tags: ['payment'],
        summary: "The pay-later provider's return: a signed session status; the server reads the outcome from the provider, records it and sends the shopper to the result page",
        querystring: {
          type: 'object',
          required: ['session', 'status', 'signature'],
          properties: { session: { type: 'string', maxLength: 64 }, status: { type: 'string', maxLength: 20 }, signature: { type: 'string', maxLength: 100 } },
        },
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
      const to = new URL(planned.return_url ?? `/${planned.url_local}/checkout/bnpl-result/${planned.order_id}/`, app.publicOrigin);
      to.searchParams.set('payment', planned.payment_id);
      return reply.redirect(to.toString(), 303);
    },
  );

  app.get(
    '/payment/bnpl/status',
    {
      schema: {
        tags: ['payment'],
        summary: 'What the server recorded of a plan payment (pay-later, instalments): succeeded, failed or pending, with the plan',
        querystring: { type: 'object', properties: { paymentId: { type: 'string', maxLength: 20 }, orderId: { type: 'string', maxLength: 20 } } },
        response: {
          200: envelopeSchema({
            type: 'object',
            required: ['state', 'order_id', 'payment_id', 'provider', 'plan'],
            properties: {
              state: { enum: ['succeeded', 'failed', 'pending'] },
              order_id: { type: 'string' },
              payment_id: { type: 'string' },
              provider: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
              plan: planSchema,
            },
          } as const),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const q = request.query;
      const find = () => (q.paymentId ? plans.ofUser(user.id, q.paymentId) : q.orderId ? plans.latestOfOrder(user.id, q.orderId) : Promise.resolve(null));
      let planned = await find();
      if (!planned) throw new ApiError(Errno.NOT_FOUND, t(storefront, 'payment.bnpl.error.notFound'), 404);
      // A shopper who closed the provider's page before its redirect still gets the outcome: ask the provider now.
      if (planned.state === 'pending' && planned.kind === 'bnpl') {
        await app.reconciler.settleOne(planned.payment_id);
        app.mail.wake();
        planned = (await find())!;
      }
      const state = planned.state === 'succeeded' ? 'succeeded' : planned.state === 'failed' ? 'failed' : 'pending';
      const name = planned.kind === 'bnpl' ? bnplOffers(storefront.local).find((o) => o.id === planned!.plan_id)?.name ?? planned.plan_id : (BANKS[planned.bank ?? '']?.name ?? planned.bank ?? '');
      return ok({ state, order_id: planned.order_id, payment_id: planned.payment_id, provider: { id: planned.kind === 'bnpl' ? planned.plan_id : planned.bank ?? '', name }, plan: planView(planned) });
    },
  );

  /** The sandbox provider's approval page: what the shopper agrees to, and approve / decline buttons (no script). */
  function sandboxPage(reply: FastifyReply, storefront: Storefront, status: number, title: string, body: string) {
    return sendPage(reply, status, renderPage({ lang: storefront.lang, dir: storefront.dir, title, body }));
  }
  const missingSession = (reply: FastifyReply, storefront: Storefront) =>
    sandboxPage(reply, storefront, 404, t(storefront, 'payment.bnpl.sandbox.missingTitle'), `<p role="alert">${esc(t(storefront, 'payment.bnpl.sandbox.missing'))}</p>`);

  app.get(
    '/pay/bnpl/sandbox/:session',
    { schema: { tags: ['payment'], summary: "The sandbox pay-later provider's approval page (HTML)", params: sessionParams, produces: ['text/html'] } },
    async (request, reply) => {
      const { storefront } = request;
      const session = request.user && SESSION_REF.test(request.params.session) ? await bnpl.page(request.params.session, request.user.id) : null;
      if (!session || session.urlLocal !== storefront.urlLocal) return missingSession(reply, storefront);
      const offer = bnplOffers(storefront.local).find((o) => o.id === session.offer);
      const name = offer?.name ?? session.offer;
      const s = instalmentSchedule(session.amountMinor, offer?.parts ?? 1, 0);
      const fmt = (minor: number) => money(storefront, minor, session.currency);
      const schedule =
        s.months === 1
          ? t(storefront, 'payment.bnpl.sandbox.once', { amount: fmt(s.total), count: offer?.everyDays ?? 30 })
          : t(storefront, 'payment.bnpl.sandbox.parts', { count: s.months, amount: fmt(s.monthly), interval: t(storefront, 'payment.bnpl.every', { count: offer?.everyDays ?? 30 }), last: fmt(s.last) });
      const action = `/api/${storefront.urlLocal}/pay/bnpl/sandbox/${session.sessionRef}`;
      const decided = session.status !== 'pending';
      const body = `<p><small>${esc(t(storefront, 'payment.bnpl.sandbox.note'))}</small></p>
<p data-testid="bnpl-sandbox-amount">${esc(t(storefront, 'payment.bnpl.sandbox.amount', { amount: fmt(session.amountMinor) }))}</p>
<p>${esc(schedule)}</p>
${decided ? `<p class="result">${esc(t(storefront, 'payment.bnpl.sandbox.decided'))}</p>` : ''}
<form method="post" action="${esc(action)}" class="actions">
<button type="submit" name="decision" value="approve" data-testid="bnpl-approve">${esc(t(storefront, 'payment.bnpl.sandbox.approve'))}</button>
<button type="submit" name="decision" value="decline" class="secondary" data-testid="bnpl-decline">${esc(t(storefront, 'payment.bnpl.sandbox.decline'))}</button>
</form>`;
      return sandboxPage(reply, storefront, 200, t(storefront, 'payment.bnpl.sandbox.title', { provider: name }), body);
    },
  );

  app.post(
    '/pay/bnpl/sandbox/:session',
    {
      schema: {
        tags: ['payment'],
        summary: "The sandbox provider's approve / decline form: settles the session and redirects to the store's signed callback",
        params: sessionParams,
        body: { type: 'object', required: ['decision'], properties: { decision: { enum: ['approve', 'decline'] } } },
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const decided = request.user ? await bnpl.decide(request.params.session, request.user.id, request.body.decision === 'approve' ? 'approved' : 'declined') : null;
      if (!decided) return missingSession(reply, storefront);
      return reply.redirect(decided.callbackUrl, 303);
    },
  );
}
