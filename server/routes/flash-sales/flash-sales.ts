import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireReleaseManager, requireStaff, requireUser } from '../../context';
import { STAFF_TAG } from '../gates/staff-gate';
import { RELEASES_TAG } from '../gates/release-gate';
import { noData } from '../../schemas/common';
import { setFlashSale } from '../../flash-sales/set-sale';
import { ApiError, Errno } from '../../errors';
import { COOKIE } from '../../auth/cookies';
import { currencyExponent } from '../../../region-config/money';
import { CLUB_LEVEL_IDS, clubMembership, type ClubLevel } from '../../../sites/club';
import type { FlashPlace, FlashSaleNow } from '../../repositories/flash-sales';
import { FLASH_LATE_MS, FLASH_ORDER_WAIT_MS } from '../../flash-sales/rules';
import { arrivalOf } from '../../flash-sales/arrival';
import { RATE_RULES } from '../../security/rate-limit';
import { translate } from '../../i18n';
import type { Storefront } from '../../storefront';
import {
  flashEnterBody,
  flashPlaceAnswer,
  flashSaleQuery,
  flashSaleSchema,
  flashSaleSetBody,
  flashSalesAnswer,
  flashSalesQuery,
  type FlashPlaceAnswer,
  type FlashSaleAnswer,
} from '../../schemas/flash-sales';

function phaseOf(sale: FlashSaleNow, soldOut: boolean, now: number): FlashSaleAnswer['phase'] {
  if (now < sale.startsAt.getTime()) return 'upcoming';
  if (now >= sale.endsAt.getTime()) return 'ended';
  // With a waiting room an ask still gets a place in line while every unit is held but not all paid for.
  return soldOut || (!sale.waitingRoom && sale.held >= sale.units) ? 'sold_out' : 'live';
}

function saleAnswer(sale: FlashSaleNow, soldOut: boolean): FlashSaleAnswer {
  const now = Date.now();
  return {
    sale_id: sale.id,
    product_id: sale.productId,
    commodity_ids: sale.commodityIds,
    phase: phaseOf(sale, soldOut, now),
    starts_at: sale.startsAt.getTime(),
    ends_at: sale.endsAt.getTime(),
    server_time: now,
    units: sale.units,
    left: Math.max(0, sale.units - sale.held),
    sale_price: sale.salePrice,
    currency: sale.currency,
    exponent: currencyExponent(sale.currency),
    per_account_limit: sale.perAccountLimit,
    fcode_required: sale.fcodeRequired,
    min_club_level: sale.minClubLevel,
    waiting_room: sale.waitingRoom,
    payment_window_seconds: sale.paymentWindowSeconds,
  };
}

/** The place as answered; the arrival number also goes in `X-Flash-Seq` so a benchmark can judge fairness. */
function placeAnswer(reply: FastifyReply, place: FlashPlace, addressNeeded = false): FlashPlaceAnswer {
  reply.header('X-Flash-Seq', String(place.seq));
  return {
    state: place.state,
    seq: place.seq,
    units: place.units,
    ...(place.position !== null ? { position: place.position } : {}),
    ...(place.orderId ? { order_id: place.orderId } : {}),
    ...(place.payUntil && place.state === 'won' ? { pay_until: place.payUntil.getTime() } : {}),
    ...(addressNeeded ? { address_needed: true } : {}),
  };
}

const levelRank = (level: string): number => CLUB_LEVEL_IDS.indexOf(level as ClubLevel);

/**
 * Flash sales under the seckill family: the sale (cacheable a second), the country's sales, asking for a place and
 * the place now. Everything the process knows (window, versions, sold out) is answered without the database.
 */
export async function flashSaleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { gate, repo, settler, orderSoon, markSoldOut } = app.flashSales;

  /** The ask's outcome once a settle covered its arrival (a few more settles if another process's was late). */
  const settledOutcome = async (saleId: string, userId: number, arrived: number) => {
    let result = await settler.settled(saleId, arrived).then(() => repo.outcome(saleId, userId));
    for (let again = 0; again < 3 && result.outcome === 'pending'; again++)
      result = await settler.settled(saleId, 0).then(() => repo.outcome(saleId, userId));
    return result;
  };

  /**
   * A won place answered with its unpaid order: written now when it has none yet (the first answer of a win, a
   * place handed on by a release, a shopper who has just saved an address). An ask waits for it at most
   * FLASH_ORDER_WAIT_MS and is answered `won` without it when the winners' orders queue; the place names it later.
   */
  const answerWithOrder = async (
    reply: FastifyReply,
    saleId: string,
    userId: number,
    place: FlashPlace,
    waitMs = Number.POSITIVE_INFINITY,
  ): Promise<FlashPlaceAnswer> => {
    if (place.state !== 'won' || place.orderId) return placeAnswer(reply, place);
    const won = await repo.wonPlace(saleId, userId);
    if (!won) return placeAnswer(reply, (await repo.place(saleId, userId)) ?? place);
    const written = await within(orderSoon(won), waitMs);
    if (written === 'later') return placeAnswer(reply, place);
    if (written.ok) return placeAnswer(reply, { ...place, orderId: written.order.id });
    // Written meanwhile by another request, or released: the place as it is now.
    const now = written.reason === 'no_place' ? await repo.place(saleId, userId) : place;
    return placeAnswer(reply, now ?? place, written.reason === 'no_address');
  };

  app.get(
    '/seckill/sale',
    {
      schema: {
        tags: ['flash-sale'],
        summary: 'A flash sale: its window, the server clock, units left and its terms',
        querystring: flashSaleQuery,
        response: { 200: envelopeSchema(flashSaleSchema) },
      },
    },
    async (request, reply) => {
      const sale = await repo.sale(request.query.saleId);
      if (!sale || sale.local !== request.storefront.local)
        throw new ApiError(Errno.FLASH_UNKNOWN, translate(request.storefront, 'flashSale.error.unknown'));
      reply.header('Cache-Control', 'public, max-age=1');
      return ok(saleAnswer(sale, gate.entry(sale.id)?.soldOut ?? sale.admissionsClosed));
    },
  );

  app.get(
    '/seckill/sales',
    {
      schema: {
        tags: ['flash-sale'],
        summary: "The country's flash sales (or one product's), soonest first",
        querystring: flashSalesQuery,
        response: { 200: envelopeSchema(flashSalesAnswer) },
      },
    },
    async (request) => {
      const sales = await repo.list(request.storefront.local, request.query.productId);
      return ok({ sales: sales.map((s) => saleAnswer(s, gate.entry(s.id)?.soldOut ?? s.admissionsClosed)) });
    },
  );

  app.post(
    '/seckill/enter',
    {
      schema: {
        tags: ['flash-sale'],
        summary:
          'Ask for a place for `quantity` units (default 1, at most the limit per account): won (units held for ' +
          'the payment window), waiting (position N) or sold out; asking again returns the same place',
        body: flashEnterBody,
        response: { 200: envelopeSchema(flashPlaceAnswer) },
      },
      // A client's rate is capped in the process: the sale's own rules (a place per account, browser and address)
      // stop abuse, and a flood must not cost a database write per ask.
      config: { rateLimit: [RATE_RULES.flashAsk, RATE_RULES.flashAskAddress] },
      // Thousands of asks a second: each one is recorded in flash_arrivals, so no access-log line is written (a
      // failure is still logged).
      logLevel: 'warn',
      // Before the session is read (a preHandler of every call): once sold out, whoever holds no place hears so
      // without any database work.
      preValidation: (request, reply, done) => {
        const body = request.body as { saleId?: unknown; commodityId?: unknown } | null;
        if (typeof body?.saleId !== 'string' || typeof body.commodityId !== 'string') return done();
        const verdict = gate.check(body.saleId, request.storefront.local, body.commodityId);
        if (verdict.ok || verdict.reason !== 'sold_out') return done();
        const hint = Number(request.cookies[COOKIE.userId]);
        if (!gate.soldOutFor(body.saleId, Number.isSafeInteger(hint) && hint > 0 ? hint : null)) return done();
        reply.send(ok({ state: 'sold_out' as const }));
      },
    },
    async (request, reply) => {
      const { saleId, commodityId, quantity = 1 } = request.body;
      const { local } = request.storefront;
      const verdict = gate.check(saleId, local, commodityId);
      if (!verdict.ok) {
        if (verdict.reason === 'sold_out') {
          // A shopper who already holds a place still hears it; everyone else without any database work.
          const user = request.user;
          const place = user ? await repo.place(saleId, user.id) : null;
          return ok(
            place && user ? await answerWithOrder(reply, saleId, user.id, place) : { state: 'sold_out' as const },
          );
        }
        throw refusal(request.storefront, verdict.reason, verdict.sale);
      }
      const user = requireUser(request);
      const { sale } = verdict;
      if (quantity > sale.perAccountLimit)
        throw new ApiError(
          Errno.FLASH_QUANTITY_OVER_LIMIT,
          translate(request.storefront, 'flashSale.perAccount', { limit: sale.perAccountLimit }),
          200,
          { per_account_limit: sale.perAccountLimit },
        );
      if (sale.minClubLevel) {
        const level = clubMembership(local, await app.repos.points.earnedIn(app.db, user.id, local)).level;
        if (levelRank(level) < levelRank(sale.minClubLevel))
          throw new ApiError(
            Errno.FLASH_CLUB_LEVEL_REQUIRED,
            translate(request.storefront, 'flashSale.error.clubLevel'),
            200,
            {
              min_club_level: sale.minClubLevel,
            },
          );
      }
      if (sale.fcodeRequired && !(await app.repos.fcodes.held(app.db, user.id, local)).get(sale.productId))
        throw new ApiError(Errno.FLASH_FCODE_REQUIRED, translate(request.storefront, 'flashSale.error.fcodeRequired'));
      const asked = await repo.arrive({
        saleId,
        userId: user.id,
        commodityId,
        quantity,
        deviceId: request.cookies[COOKIE.device] ?? null,
        address: request.ip,
        urlLocal: request.storefront.urlLocal,
        arrival: arrivalOf(reply),
        lateUs: FLASH_LATE_MS * 1000,
      });
      if (asked.outcome === 'place')
        return ok(await answerWithOrder(reply, saleId, user.id, asked, FLASH_ORDER_WAIT_MS));
      if (asked.outcome !== 'pending') throw refusal(request.storefront, asked.outcome, sale);
      // Ranked by arrival: answered once every ask that arrived before it has reached the database and been settled.
      const result = await settledOutcome(saleId, user.id, asked.arrived);
      switch (result.outcome) {
        case 'new':
        case 'place':
          return ok(await answerWithOrder(reply, saleId, user.id, result, FLASH_ORDER_WAIT_MS));
        case 'sold_out':
          markSoldOut(saleId);
          return ok({ state: 'sold_out' as const });
        case 'device':
        case 'address':
          throw new ApiError(Errno.FLASH_LIMIT_REACHED, translate(request.storefront, 'flashSale.error.limitReached'));
        case 'pending':
          // Not settled within the waits (a database far behind): the shopper asks again or reads the place.
          throw new ApiError(Errno.FLASH_BUSY, translate(request.storefront, 'flashSale.error.busy'));
        default:
          throw refusal(request.storefront, result.outcome, sale);
      }
    },
  );

  app.get(
    '/seckill/place',
    {
      schema: {
        tags: ['flash-sale'],
        summary: "The shopper's place in a sale now: won, waiting (position N), paid or expired",
        querystring: flashSaleQuery,
        response: { 200: envelopeSchema(flashPlaceAnswer) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const place = await repo.place(request.query.saleId, user.id);
      if (!place) throw new ApiError(Errno.FLASH_NO_PLACE, translate(request.storefront, 'flashSale.error.noPlace'));
      return ok(await answerWithOrder(reply, request.query.saleId, user.id, place));
    },
  );

  app.post(
    '/staff/flash-sales',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          "Staff set or move a flash sale of the storefront's country (the console); places already given stay and " +
          'every process learns it at once. Operators call POST /api/ops/flash-sales with the country in the body.',
        body: flashSaleSetBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request) => {
      requireStaff(request);
      await setFlashSale(repo, request.storefront, request.body);
      return ok({});
    },
  );

  app.post(
    '/releases/flash-sales',
    {
      schema: {
        tags: [RELEASES_TAG],
        summary:
          "Release managers set or move a flash sale of the storefront's country (the release console), as staff do",
        body: flashSaleSetBody,
        response: { 200: envelopeSchema(noData) },
      },
    },
    async (request) => {
      requireReleaseManager(request);
      await setFlashSale(repo, request.storefront, request.body);
      return ok({});
    },
  );
}

/** The promise's value, or 'later' when it takes longer than `ms` (it goes on: a later request gets its result). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'later'> {
  if (!Number.isFinite(ms)) return promise;
  let timer: NodeJS.Timeout | undefined;
  const later = new Promise<'later'>((resolve) => (timer = setTimeout(() => resolve('later'), ms)));
  return Promise.race([promise, later]).finally(() => clearTimeout(timer));
}

function refusal(storefront: Storefront, reason: string, sale: FlashSaleNow | undefined): ApiError {
  switch (reason) {
    case 'not_started':
      return new ApiError(Errno.FLASH_NOT_STARTED, translate(storefront, 'flashSale.error.notStarted'), 200, {
        starts_at: sale?.startsAt.getTime() ?? null,
        server_time: Date.now(),
      });
    case 'ended':
      return new ApiError(Errno.FLASH_ENDED, translate(storefront, 'flashSale.ended'));
    case 'not_in_sale':
      return new ApiError(Errno.FLASH_NOT_IN_SALE, translate(storefront, 'flashSale.error.notInSale'));
    default:
      return new ApiError(Errno.FLASH_UNKNOWN, translate(storefront, 'flashSale.error.unknown'));
  }
}
