import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireReleaseManager } from '../../context';
import { RELEASES_TAG } from '../gates/release-gate';
import { parsePeriod } from '../../analytics/dashboard/period';
import { storefrontsToRead, viewerOf } from '../../analytics/dashboard/scope';
import { analyticsSummary } from '../../analytics/dashboard/summary';
import {
  ANALYTICS_MAX_PERIOD_DAYS,
  analyticsErrorsAnswer,
  analyticsPeriodQuery,
  analyticsSummaryAnswer,
  type AnalyticsPeriodQuery,
} from '../../schemas/analytics-dashboard';

const tags = [RELEASES_TAG];
const PERIOD_ERRORS =
  `a date not written YYYY-MM-DD: errno 50050; to before from: 50051; more than ${ANALYTICS_MAX_PERIOD_DAYS} ` +
  'days: 50052; an unknown storefront: 50053; a storefront not yours: 50054 (HTTP 403)';

/**
 * The release console's traffic and sales (release managers only, each limited to the storefronts they look after):
 * the dashboard's summary of a period and the front-end error groups seen in it.
 */
export async function releaseAnalyticsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  // The release gate refuses others before validation; checked again here, so a route that lost its tag stays closed.
  app.addHook('preHandler', async (request) => void requireReleaseManager(request));

  /** The period and storefronts a request asks for, within what the release manager may read. */
  const scopeOf = async (request: { query: AnalyticsPeriodQuery; user: { id: number } | null }) => {
    const viewer = await viewerOf(app.db, request.user!.id);
    const period = parsePeriod(request.query, viewer.today);
    return { period, storefronts: storefrontsToRead(viewer, request.query.storefront) };
  };

  app.get(
    '/releases/analytics/summary',
    {
      schema: {
        tags,
        summary:
          'Traffic and sales of a period: visits and page views per day, the funnel (view, cart, checkout, paid), ' +
          'revenue per currency, per storefront, release, campaign and channel, top pages, searches without ' +
          "results, web vitals' p75 per page type and per release with the change since the release before " +
          `(${PERIOD_ERRORS})`,
        querystring: analyticsPeriodQuery,
        response: { 200: envelopeSchema(analyticsSummaryAnswer) },
      },
    },
    async (request) => {
      const { period, storefronts } = await scopeOf(request);
      return ok(await analyticsSummary(app.db, period, storefronts));
    },
  );

  app.get(
    '/releases/analytics/errors',
    {
      schema: {
        tags,
        summary:
          'Front-end error groups seen in a period (a message thrown in a file of a storefront), most reported ' +
          `first, with count, first and last seen, release and source location (${PERIOD_ERRORS})`,
        querystring: analyticsPeriodQuery,
        response: { 200: envelopeSchema(analyticsErrorsAnswer) },
      },
    },
    async (request) => {
      const { period, storefronts } = await scopeOf(request);
      const groups = await app.repos.errorReports.groups(period.from, period.to, storefronts);
      return ok({
        from: period.from,
        to: period.to,
        groups: groups.map((g) => ({
          id: g.id,
          storefront: g.storefront,
          message: g.message,
          source: g.source,
          count: g.count,
          first_seen: g.firstSeen.toISOString(),
          last_seen: g.lastSeen.toISOString(),
          release: g.release,
          first_release: g.firstRelease,
          url: g.url,
        })),
      });
    },
  );
}
