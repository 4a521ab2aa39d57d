import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../envelope';
import { commerceRules } from '../../sites/commerce';
import { storefronts } from '../../region-config/storefronts';
import { ApiError, Errno } from '../errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Bearer token check in constant time (hashes first, so the length does not leak either). */
function authorised(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization ?? '';
  if (!token || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}

const date = { type: 'string', format: 'date-time' } as const;

/**
 * Operator calls under /api/ops, for release managers and operations (not shoppers): moving a pre-sale's windows
 * when a launch date changes. Without OPS_TOKEN they do not exist (404); a wrong token is 404 as well, so the
 * surface is not discoverable.
 */
export async function opsRoutes(fastify: FastifyInstance, opts: { token: string | undefined }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.addHook('onRequest', async (request) => {
    if (!authorised(request, opts.token)) throw new ApiError(Errno.NOT_FOUND, `no such API route: ${request.method} ${request.url.split('?')[0]}`, 404);
  });

  app.post(
    '/ops/presale/windows',
    {
      schema: {
        tags: ['operations'],
        summary: "Move a pre-sale campaign's deposit and final-payment windows (they must follow each other)",
        body: {
          type: 'object',
          required: ['campaignId', 'depositStartsAt', 'depositEndsAt', 'finalStartsAt', 'finalEndsAt'],
          properties: { campaignId: { type: 'string', maxLength: 60 }, depositStartsAt: date, depositEndsAt: date, finalStartsAt: date, finalEndsAt: date },
        },
        response: { 200: envelopeSchema({ type: 'object', properties: {} } as const) },
      },
    },
    async (request) => {
      const b = request.body;
      const result = await app.repos.presales.moveWindows(b.campaignId, {
        depositStartsAt: new Date(b.depositStartsAt),
        depositEndsAt: new Date(b.depositEndsAt),
        finalStartsAt: new Date(b.finalStartsAt),
        finalEndsAt: new Date(b.finalEndsAt),
      });
      if (result === 'not_found') throw new ApiError(Errno.NOT_FOUND, 'no such pre-sale campaign', 404);
      if (result === 'order') throw new ApiError(Errno.INVALID_PARAM, 'windows must follow each other: deposit start < deposit end <= final start < final end', 400);
      return ok({});
    },
  );

  app.post(
    '/ops/giftcards/issue',
    {
      schema: {
        tags: ['operations'],
        summary: "Issue a gift card as customer service (a goodwill gesture): usable at once, in the country's currency",
        body: {
          type: 'object',
          required: ['local', 'amount'],
          properties: { local: { type: 'string', pattern: '^[a-z]{2}$' }, amount: { type: 'integer', minimum: 1, maximum: 100_000_000_000 } },
        },
        response: { 200: envelopeSchema({ type: 'object', required: ['code', 'currency'], properties: { code: { type: 'string' }, currency: { type: 'string' } } } as const) },
      },
    },
    async (request) => {
      const { local, amount } = request.body;
      if (!storefronts.some((f) => f.local === local)) throw new ApiError(Errno.INVALID_PARAM, `no storefront in country "${local}"`, 400);
      const { currency } = commerceRules(local);
      return ok({ code: await app.repos.giftCards.issueGoodwill(local, currency, amount), currency });
    },
  );
}
