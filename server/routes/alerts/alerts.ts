import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireUser } from '../../context';
import { ApiError, Errno } from '../../errors';
import { message, translate, translator } from '../../i18n';
import type { RateRule } from '../../security/rate-limit';
import { productPath } from '../../../sites/product-card';
import type { StockAlertRow } from '../../repositories/stock-alerts';
import type { SaleReminderRow } from '../../repositories/sale-reminders';
import { saleName, specIn, stockAlertLink } from '../../alerts/notices';
import {
  ALERT_WRITES_PER_HOUR,
  STOCK_ALERT_FOLLOW_UP_DAYS,
  WAITING_SALE_REMINDERS_MAX,
  WAITING_STOCK_ALERTS_MAX,
} from '../../alerts/rules';
import {
  alertCancelAnswer,
  alertCancelBody,
  alertsAnswer,
  alertsQuery,
  saleReminderAnswer,
  saleReminderBody,
  stockAlertAnswer,
  stockAlertBody,
} from '../../schemas/alerts';

/** Asking for and cancelling alerts, per account over all its sessions: room for clicking, none for churning rows. */
const ALERT_RULE: RateRule = { bucket: 'alerts', max: ALERT_WRITES_PER_HOUR, windowSeconds: 3600, per: 'account' };

const ms = (at: Date | string) => new Date(at).getTime();

function stockAlertItem(request: FastifyRequest, row: StockAlertRow) {
  return {
    id: row.id,
    commodity_id: row.commodity_id,
    product_id: row.product_id,
    name: row.name,
    spec: specIn(request.storefront, row.spec),
    link: stockAlertLink(row),
    state: row.state,
    created_at: ms(row.created_at),
    expires_at: ms(row.expires_at),
    closed_at: row.closed_at ? ms(row.closed_at) : null,
  };
}

function saleReminderItem(request: FastifyRequest, row: SaleReminderRow) {
  return {
    id: row.id,
    sale_kind: row.sale_kind,
    sale_id: row.sale_id,
    product_id: row.product_id,
    name: saleName(translator(request.storefront), row, request.storefront),
    link: productPath(row.url_local, row.product_id),
    state: row.state,
    starts_at: ms(row.starts_at),
    remind_at: ms(row.remind_at),
    created_at: ms(row.created_at),
    closed_at: row.closed_at ? ms(row.closed_at) : null,
  };
}

/**
 * A signed-in shopper's alerts: "tell me when it is back" on a sold-out version of this storefront's country, "remind
 * me" before one of its sales starts, the list at /user/alerts and cancelling. Visitors are asked to sign in first
 * (errno 20001): an alert is told by a message and a mail to the account, follows its notification preferences, and
 * lives in its list, so no mail goes to an address nobody confirmed.
 */
export async function alertRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const fail = (request: FastifyRequest, errno: (typeof Errno)[keyof typeof Errno], key: string, status = 200) =>
    new ApiError(errno, message(request.storefront, key), status);
  const limit = (request: FastifyRequest, max: number) =>
    new ApiError(Errno.ALERT_LIMIT, translate(request.storefront, 'alert.error.limit', { max }), 200, { max });

  app.get(
    '/alerts',
    {
      schema: {
        tags: ['account'],
        summary: "The shopper's back-in-stock alerts and sale reminders, newest first (of one product when asked)",
        querystring: alertsQuery,
        response: { 200: envelopeSchema(alertsAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const productId = request.query.product_id;
      const [stock, sales] = await Promise.all([
        app.alerts.stock.list(user.id, productId),
        app.alerts.reminders.list(user.id, app.alerts.leadMinutes, productId),
      ]);
      return ok({
        stock: stock.map((row) => stockAlertItem(request, row)),
        sales: sales.map((r) => saleReminderItem(request, r)),
        follow_up_days: STOCK_ALERT_FOLLOW_UP_DAYS,
        lead_minutes: app.alerts.leadMinutes,
      });
    },
  );

  app.post(
    '/alerts/stock',
    {
      config: { rateLimit: ALERT_RULE },
      schema: {
        tags: ['account'],
        summary:
          'Tell me when it is back: a message and a mail, once, when the sold-out version can be ordered again ' +
          `within ${STOCK_ALERT_FOLLOW_UP_DAYS} days; asking twice answers the waiting alert`,
        body: stockAlertBody,
        response: { 200: envelopeSchema(stockAlertAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await app.alerts.stock.request({
        userId: user.id,
        urlLocal: request.storefront.urlLocal,
        local: request.storefront.local,
        commodityId: request.body.commodity_id,
        followUpDays: STOCK_ALERT_FOLLOW_UP_DAYS,
        max: WAITING_STOCK_ALERTS_MAX,
      });
      if (!result.ok) {
        if (result.reason === 'limit') throw limit(request, WAITING_STOCK_ALERTS_MAX);
        if (result.reason === 'in_stock') throw fail(request, Errno.ALERT_IN_STOCK, 'alert.error.inStock');
        throw fail(request, Errno.ALERT_NOT_SOLD, 'alert.error.notSold');
      }
      return ok({ alert: stockAlertItem(request, result.alert) });
    },
  );

  app.post(
    '/alerts/sale',
    {
      config: { rateLimit: ALERT_RULE },
      schema: {
        tags: ['account'],
        summary:
          'Remind me: a message and a mail shortly before the sale starts (a pre-sale of the product, or a coupon ' +
          'campaign that applies to it); at once when its start is nearer than that',
        body: saleReminderBody,
        response: { 200: envelopeSchema(saleReminderAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const b = request.body;
      if (b.sale_kind === 'coupon' && !b.sale_id)
        throw new ApiError(Errno.INVALID_PARAM, 'sale_id is required for a coupon', 400, {
          fields: { sale_id: 'required' },
        });
      const result = await app.alerts.reminders.request({
        userId: user.id,
        urlLocal: request.storefront.urlLocal,
        local: request.storefront.local,
        saleKind: b.sale_kind,
        saleId: b.sale_kind === 'coupon' ? b.sale_id! : null,
        productId: b.product_id,
        leadMinutes: app.alerts.leadMinutes,
        max: WAITING_SALE_REMINDERS_MAX,
      });
      if (!result.ok) {
        if (result.reason === 'limit') throw limit(request, WAITING_SALE_REMINDERS_MAX);
        if (result.reason === 'started') throw fail(request, Errno.ALERT_SALE_STARTED, 'alert.error.saleStarted');
        throw fail(request, Errno.ALERT_SALE_UNKNOWN, 'alert.error.saleUnknown');
      }
      const { reminder } = result;
      // Due already (the start is nearer than the lead): sent now, and the answer says so.
      await app.alerts.queueReminders({ kind: reminder.sale_kind, id: reminder.sale_id });
      const now = (await app.alerts.reminders.one(user.id, reminder.id, app.alerts.leadMinutes)) ?? reminder;
      return ok({ reminder: saleReminderItem(request, now) });
    },
  );

  app.post(
    '/alerts/cancel',
    {
      config: { rateLimit: ALERT_RULE },
      schema: {
        tags: ['account'],
        summary: 'Cancel a waiting alert or reminder (one already told, sent, missed or expired stays as it is)',
        body: alertCancelBody,
        response: { 200: envelopeSchema(alertCancelAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { type, id } = request.body;
      const state =
        type === 'stock' ? await app.alerts.stock.cancel(user.id, id) : await app.alerts.reminders.cancel(user.id, id);
      if (!state) throw fail(request, Errno.ALERT_NOT_FOUND, 'alert.error.notFound', 404);
      return ok({ state });
    },
  );
}
