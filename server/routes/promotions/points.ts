import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireUser } from '../../context';
import { commerceRules } from '../../../sites/commerce';
import { currencyExponent } from '../../../region-config/money';
import { pointsRules } from '../../../sites/points';
import { pointsAnswer } from '../../schemas/promotions';

/** Mi Points: the balance, its history, and what points are worth in this country (the points centre). */
export async function pointsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/points',
    {
      schema: {
        tags: ['points'],
        summary: 'Mi Points balance, history and rules of this country',
        response: { 200: envelopeSchema(pointsAnswer) },
      },
    },
    async (request) => {
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
        history: history.map((h) => ({
          delta: h.delta,
          reason: h.reason,
          order_id: h.order_id,
          time: new Date(h.created_at).getTime(),
        })),
      });
    },
  );
}
