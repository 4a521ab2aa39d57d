import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireUser } from '../../context';
import { commerceRules } from '../../../sites/commerce';
import { currencyExponent } from '../../../region-config/money';
import { pointsRules } from '../../../sites/points';

/** Mi Points (§9): the balance, its history, and what points are worth in this country (the points centre). */
export async function pointsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const answer = {
    type: 'object',
    required: ['balance', 'currency', 'exponent', 'point_value', 'min_redeem', 'max_share_bp', 'earn_per', 'history'],
    properties: {
      balance: { type: 'integer' },
      currency: { type: 'string' },
      exponent: { type: 'integer' },
      point_value: { type: 'integer', description: 'minor units one point is worth' },
      min_redeem: { type: 'integer' },
      max_share_bp: { type: 'integer' },
      earn_per: { type: 'integer', description: 'one point is earned per this many minor units paid' },
      history: {
        type: 'array',
        items: { type: 'object', required: ['delta', 'reason', 'order_id', 'time'], properties: { delta: { type: 'integer' }, reason: { type: 'string' }, order_id: { type: ['string', 'null'] }, time: { type: 'integer' } } },
      },
    },
  } as const;
  app.get('/points', { schema: { tags: ['points'], summary: 'Mi Points balance, history and rules of this country', response: { 200: envelopeSchema(answer) } } }, async (request) => {
    const user = requireUser(request);
    const { local } = request.storefront;
    const commerce = commerceRules(local);
    const rules = pointsRules(local, commerce);
    const history = await app.repos.points.history(user.id, local);
    return ok({
      balance: await app.repos.points.balance(app.db, user.id, local),
      currency: commerce.currency,
      exponent: currencyExponent(commerce.currency),
      point_value: rules.pointValueMinor,
      min_redeem: rules.minRedeem,
      max_share_bp: rules.maxShareBp,
      earn_per: rules.earnPerMinor,
      history: history.map((h) => ({ delta: h.delta, reason: h.reason, order_id: h.order_id, time: new Date(h.created_at).getTime() })),
    });
  });
}
