import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireReleaseManager } from '../../context';
import type { Actor, Build, ReleaseEvent } from '../../releases/release-store';
import { checkLocals } from '../../releases/release-service';
import { storefrontDiff, storefrontStatuses, type StorefrontStatus } from '../../releases/storefront-status';
import { RELEASES_TAG } from '../gates/release-gate';
import { lowestIfPublished } from '../../prices/lowest-prices';
import { getStorefront } from '../../../region-config/index';
import {
  buildCancelBody,
  buildIdParams,
  buildListAnswer,
  buildListQuery,
  buildLogAnswer,
  buildLogQuery,
  buildPublishBody,
  buildRequestBody,
  buildSchema,
  releaseDiffAnswer,
  releaseDiffQuery,
  releaseHistoryAnswer,
  releaseHistoryQuery,
  releaseStatusAnswer,
  rollbackAnswer,
  rollbackBody,
  type BuildView,
  type ReleaseEventView,
} from '../../schemas/releases';

const tags = [RELEASES_TAG];
/** A build as the console shows it: state, progress with elapsed time and estimate, and when it publishes. */
export function buildView(b: Build, now = Date.now()): BuildView {
  const end = b.builtAt ?? b.finishedAt;
  return {
    id: b.id,
    locals: b.locals,
    note: b.note,
    requested_by: b.requestedByLabel,
    state: b.state,
    publish_mode: b.publishMode,
    publish_at: b.publishAt?.toISOString() ?? null,
    attempts: b.attempts,
    phase: b.phase,
    pages_done: b.pagesDone,
    pages_total: b.pagesTotal,
    elapsed_ms: b.startedAt
      ? (b.state === 'building' ? now : (end ?? new Date(now)).getTime()) - b.startedAt.getTime()
      : 0,
    estimate_ms: b.estimateMs,
    created_at: b.createdAt.toISOString(),
    started_at: b.startedAt?.toISOString() ?? null,
    built_at: b.builtAt?.toISOString() ?? null,
    finished_at: b.finishedAt?.toISOString() ?? null,
    release_id: b.releaseId,
    error: b.error,
  };
}

const eventView = (e: ReleaseEvent): ReleaseEventView => ({
  id: e.id,
  at: e.at.toISOString(),
  actor: e.actorLabel,
  action: e.action,
  locals: e.locals,
  build_id: e.buildId,
  release_id: e.releaseId,
  note: e.note,
});

/** The signed-in release manager as the history names them. */
function actorOf(request: Parameters<typeof requireReleaseManager>[0]): Actor {
  const user = requireReleaseManager(request);
  return { id: user.id, label: user.email };
}

const parseAt = (value: string | undefined): Date | null => {
  if (value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new ApiError(Errno.INVALID_PARAM, 'invalid parameter: at', 400);
  return date;
};

/**
 * The release console (release managers only: the gate in release-gate.ts): storefronts and what changed in their
 * inputs, builds as jobs with progress and log, publish now or at a time, cancel, roll back, history.
 */
export async function releaseRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const service = () => app.releases;
  // The gate (release-gate.ts) refuses others before validation; checked again here, for every route of this file,
  // so a route that lost its tag is still closed.
  app.addHook('preHandler', async (request) => void requireReleaseManager(request));

  app.get(
    '/releases/status',
    {
      schema: {
        tags,
        summary:
          'Every storefront: the version it serves, who published it and when, rollback targets; and the open builds',
        response: { 200: envelopeSchema(releaseStatusAnswer) },
      },
    },
    async () => {
      const storefronts = await storefrontStatuses(service().store, service().releasesDir);
      const open = await service().store.open();
      return ok({
        storefronts: storefronts
          .filter((s): s is StorefrontStatus & { version: string } => s.version !== null)
          .map((s) => ({
            local: s.local,
            version: s.version,
            release_id: s.releaseId,
            published_at: s.publishedAt,
            published_by: s.publishedBy,
            note: s.note,
            rollback_targets: s.rollbackTargets.map((t) => ({
              release_id: t.releaseId,
              created: t.created,
              version: t.version,
            })),
          })),
        unpublished: storefronts.filter((s) => s.version === null).map((s) => s.local),
        builds: open.map((b) => buildView(b)),
      });
    },
  );

  app.get(
    '/releases/diff',
    {
      schema: {
        tags,
        summary:
          "What changed in a storefront's inputs (products, prices, pages, strings) since its served version was built",
        querystring: releaseDiffQuery,
        response: { 200: envelopeSchema(releaseDiffAnswer) },
      },
    },
    async (request) => {
      const [local] = checkLocals([request.query.local]);
      const d = await storefrontDiff(service().store, service().releasesDir, local!);
      // EU and EEA: what each price change will show as the lowest price of the last 30 days if published now.
      const lowest = d.diff ? await lowestIfPublished(app.db, getStorefront(local!)!.local, d.diff.prices) : new Map();
      const diff = d.diff && {
        ...d.diff,
        prices: d.diff.prices.map((p) => ({ ...p, lowestIfPublished: lowest.get(p.commodityId) ?? null })),
      };
      return ok({ local: d.local, version: d.version, known: d.known, changed_parts: d.changedParts, diff });
    },
  );

  app.post(
    '/releases/builds',
    {
      schema: {
        tags,
        summary:
          'Queue a rebuild of storefronts: published when built, at `publish_at`, or held for a publish call (`hold`)',
        body: buildRequestBody,
        response: { 200: envelopeSchema(buildSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { locals: codes, note: text, publish_at, hold } = request.body;
      return ok(
        buildView(
          await service().requestBuild({
            locals: codes,
            note: text.trim(),
            actor,
            publishAt: parseAt(publish_at),
            hold,
          }),
        ),
      );
    },
  );

  app.get(
    '/releases/builds',
    {
      schema: {
        tags,
        summary: 'The latest builds, open ones first',
        querystring: buildListQuery,
        response: { 200: envelopeSchema(buildListAnswer) },
      },
    },
    async (request) => ok({ builds: (await service().store.list(request.query.limit ?? 20)).map((b) => buildView(b)) }),
  );

  app.get(
    '/releases/builds/:id',
    {
      schema: {
        tags,
        summary: "A build's state and progress (poll it while it builds)",
        params: buildIdParams,
        response: { 200: envelopeSchema(buildSchema) },
      },
    },
    async (request) => {
      const build = await service().store.byId(request.params.id);
      if (!build) throw new ApiError(Errno.NOT_FOUND, 'no such build', 404);
      return ok(buildView(build));
    },
  );

  app.get(
    '/releases/builds/:id/log',
    {
      schema: {
        tags,
        summary: "A build's log lines after `after` (kept when the build fails)",
        params: buildIdParams,
        querystring: buildLogQuery,
        response: { 200: envelopeSchema(buildLogAnswer) },
      },
    },
    async (request) => {
      const build = await service().store.byId(request.params.id);
      if (!build) throw new ApiError(Errno.NOT_FOUND, 'no such build', 404);
      const lines = await service().store.log(build.id, request.query.after ?? 0, request.query.limit ?? 500);
      return ok({ state: build.state, lines: lines.map((l) => ({ seq: l.seq, line: l.line })) });
    },
  );

  app.post(
    '/releases/builds/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish a built build now, or at `at`',
        params: buildIdParams,
        body: buildPublishBody,
        response: { 200: envelopeSchema(buildSchema) },
      },
    },
    async (request) =>
      ok(
        buildView(
          await service().publish(
            request.params.id,
            actorOf(request),
            request.body.note.trim(),
            parseAt(request.body.at),
          ),
        ),
      ),
  );

  app.post(
    '/releases/builds/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a build that is queued or waits to be published',
        params: buildIdParams,
        body: buildCancelBody,
        response: { 200: envelopeSchema(buildSchema) },
      },
    },
    async (request) =>
      ok(buildView(await service().cancel(request.params.id, actorOf(request), request.body.note.trim()))),
  );

  app.post(
    '/releases/rollback',
    {
      schema: {
        tags,
        summary: 'Serve storefronts as an earlier release served them, in one step (pages, then API prices)',
        body: rollbackBody,
        response: { 200: envelopeSchema(rollbackAnswer) },
      },
    },
    async (request) => {
      const result = await service().rollback({
        locals: request.body.locals,
        to: request.body.to,
        actor: actorOf(request),
        note: request.body.note.trim(),
      });
      return ok({ release_id: result.releaseId, versions: result.versions });
    },
  );

  app.get(
    '/releases/history',
    {
      schema: {
        tags,
        summary: 'Who did what, when and why',
        querystring: releaseHistoryQuery,
        response: { 200: envelopeSchema(releaseHistoryAnswer) },
      },
    },
    async (request) =>
      ok({ events: (await service().store.events(request.query.limit ?? 50, request.query.local)).map(eventView) }),
  );
}
