import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeSchema, ok, toEnvelopeError } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { RATE_RULES } from '../../security/rate-limit';
import { clientKey } from '../../security/client-address';
import {
  ANALYTICS_MAX_BODY_BYTES,
  ANALYTICS_MAX_EVENTS,
  analyticsBatch,
  analyticsCollectAnswer,
  type AnalyticsBatch,
} from '../../schemas/analytics';
import { batchBodyBytes, parseBatchBodies } from '../../analytics/batch-body';
import { strictValidatorCompiler } from '../../analytics/strict-validator';
import { firstEventProblem, recentEvents } from '../../analytics/event-rules';
import { analyticsConsented } from '../../analytics/consent';
import { isBotUserAgent } from '../../analytics/bots';
import { ANALYTICS_ADDRESS_BUDGET } from '../../analytics/limits';
import { cookiePolicyLevelFor } from '../../../sites/cookie-policy';
import { CONSENT_COOKIE } from '../../../widgets/consent-gate/cookie-names';

/** The batch's events when it carries more than one batch may: refused as too large, before any other check. */
function tooManyEvents(body: unknown): number | null {
  const events = (body as { events?: unknown } | null)?.events;
  return Array.isArray(events) && events.length > ANALYTICS_MAX_EVENTS ? events.length : null;
}

/** Whether the batch may be stored: by the batch's consent, the request's consent cookie and the storefront's level. */
function consented(request: FastifyRequest, batch: AnalyticsBatch): boolean {
  return analyticsConsented({
    batchConsent: batch.consent,
    app: batch.context.app,
    cookie: request.cookies[CONSENT_COOKIE],
    level: cookiePolicyLevelFor(request.storefront.local),
  });
}

/**
 * The first-party analytics collector: `POST analytics/collect` takes a page's batch (sendBeacon's text/plain or
 * JSON), checks it, and stores its recent events in one statement when the shopper allows the analytical category.
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  parseBatchBodies(app);
  app.post(
    '/analytics/collect',
    {
      config: { rateLimit: RATE_RULES.analytics },
      // Beacons outnumber every other request: they are not logged one by one (faults still are).
      logLevel: 'warn',
      validatorCompiler: strictValidatorCompiler,
      // Refusals of the body carry the collector's errnos, so the handler reads the validation result itself.
      attachValidation: true,
      schema: {
        tags: ['misc'],
        summary:
          `Collect a page's analytics batch (at most ${ANALYTICS_MAX_EVENTS} events, ` +
          `${ANALYTICS_MAX_BODY_BYTES / 1024} KB; application/json or sendBeacon's text/plain). ` +
          `Stored only when the batch's consent and the consent cookie allow the analytical category (errno ` +
          `50006); events more than 24 h old or 5 min ahead are dropped. ` +
          `${RATE_RULES.analytics.max} batches a minute and ${ANALYTICS_ADDRESS_BUDGET.events} events per ` +
          `${ANALYTICS_ADDRESS_BUDGET.windowSeconds / 60} minutes per client address (429, errno 42900 or 50007). ` +
          `Errnos 50001–50007. No client address or user agent is stored.`,
        body: analyticsBatch,
        response: { 200: envelopeSchema(analyticsCollectAnswer) },
      },
    },
    async (request, reply) => {
      const count = tooManyEvents(request.body);
      if (count !== null)
        throw new ApiError(
          Errno.ANALYTICS_TOO_MANY_EVENTS,
          `a batch carries at most ${ANALYTICS_MAX_EVENTS} events, this one ${count}`,
          413,
        );
      if (request.validationError) {
        const reason = toEnvelopeError(request.validationError).body.errmsg.replace(/^invalid parameter: /, '');
        throw new ApiError(Errno.ANALYTICS_BATCH_INVALID, `invalid batch: ${reason}`, 400);
      }
      const batch = request.body as AnalyticsBatch;
      const problem = firstEventProblem(batch.events);
      if (problem)
        throw new ApiError(
          Errno.ANALYTICS_EVENT_INVALID,
          `invalid batch: events.${problem.index} (${problem.kind}) needs ${problem.field}`,
          400,
          { index: problem.index, kind: problem.kind, field: problem.field },
        );
      if (!consented(request, batch))
        throw new ApiError(
          Errno.ANALYTICS_NO_CONSENT,
          'analytics are not allowed by the cookie consent: nothing stored',
        );

      const { kept, dropped } = recentEvents(batch.events, Date.now());
      if (kept.length === 0) return ok({ kept: 0, dropped });
      // Charged for robots too, so that their answers are a shopper's answers.
      const charge = app.analytics.budget.charge(clientKey(request.ip), kept.length, batchBodyBytes(request));
      if (!charge.ok) {
        void reply.header('Retry-After', String(charge.retryInSeconds));
        throw new ApiError(
          Errno.ANALYTICS_BUDGET_SPENT,
          `this address has sent all the analytics it may for now: try again in ${charge.retryInSeconds} s`,
          429,
          { retry_in_seconds: charge.retryInSeconds },
        );
      }
      // Robots are answered as shoppers are, so they learn nothing, but their events are not stored.
      if (!isBotUserAgent(request.headers['user-agent']))
        await app.analytics.events.insert(request.storefront.urlLocal, batch.context, kept);
      return ok({ kept: kept.length, dropped });
    },
  );
}
