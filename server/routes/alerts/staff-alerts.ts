import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireStaff } from '../../context';
import { translator } from '../../i18n';
import { saleName, specIn } from '../../alerts/notices';
import { staffAlertsAnswer, staffAlertsQuery } from '../../schemas/alerts';
import { STAFF_TAG } from '../gates/staff-gate';

/**
 * Who is waiting, for operators (staff only, behind the staff gate): the versions of a country shoppers asked to hear
 * about, most waited for first, and the sales with reminders to send. A restock in the inventory tells everyone
 * waiting for the version at once.
 */
export async function staffAlertRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/staff/alerts',
    {
      schema: {
        tags: [STAFF_TAG],
        summary:
          'Versions of a country with shoppers waiting for them to be back, and sales with reminders waiting ' +
          "(the storefront's country unless `local` names another)",
        querystring: staffAlertsQuery,
        response: { 200: envelopeSchema(staffAlertsAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const local = request.query.local ?? request.storefront.local;
      const t = translator(request.storefront);
      const [offers, sales] = await Promise.all([app.alerts.stock.demand(local), app.alerts.reminders.demand(local)]);
      return ok({
        offers: offers.map((o) => ({
          ...o,
          spec: specIn(request.storefront, o.spec),
          oldest_at: new Date(o.oldest_at).getTime(),
        })),
        sales: sales.map((s) => ({
          sale_kind: s.sale_kind,
          sale_id: s.sale_id,
          name: saleName(t, s),
          starts_at: new Date(s.starts_at).getTime(),
          waiting: s.waiting,
        })),
      });
    },
  );
}
