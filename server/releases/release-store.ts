/**
 * The release console's rows: builds (state, progress), their logs (capped), the history of actions with their
 * notes, and the inputs each storefront version was built from. Every state change is one conditional statement,
 * so two processes (or two requests) never both move a build on.
 */
import type { Database, Queryable } from '../db/types';

export type BuildState =
  | 'queued'
  | 'building'
  | 'built'
  | 'scheduled'
  | 'publishing'
  | 'published'
  | 'failed'
  | 'cancelled';
export type PublishMode = 'now' | 'at' | 'hold';
export type ReleaseAction = 'build' | 'schedule' | 'publish' | 'rollback' | 'fail' | 'cancel';

export interface Build {
  id: number;
  locals: string[];
  note: string;
  requestedBy: number | null;
  requestedByLabel: string;
  state: BuildState;
  publishMode: PublishMode;
  publishAt: Date | null;
  jobId: string | null;
  attempts: number;
  phase: string;
  pagesDone: number;
  pagesTotal: number;
  estimateMs: number | null;
  createdAt: Date;
  startedAt: Date | null;
  heartbeatAt: Date | null;
  builtAt: Date | null;
  finishedAt: Date | null;
  releaseId: string | null;
  error: string | null;
}

export interface ReleaseEvent {
  id: number;
  at: Date;
  actorId: number | null;
  actorLabel: string;
  action: ReleaseAction;
  locals: string[];
  buildId: number | null;
  releaseId: string | null;
  note: string;
}

/** Who acted: a signed-in release manager, or the command line (its operating-system user). */
export interface Actor {
  id: number | null;
  label: string;
}

/** Lines kept per build: the end of a long log is what explains a failure. */
export const LOG_LINES_KEPT = 4000;
/** A log line longer than this is cut (a minified bundle printed by mistake must not fill the table). */
export const LOG_LINE_CHARS = 2000;
/** Builds of open states; a finished one stays for its history and log. */
export const OPEN_STATES: readonly BuildState[] = ['queued', 'building', 'built', 'scheduled', 'publishing'];

const BUILD_COLUMNS =
  `id::int, locals, note, requested_by::int AS "requestedBy", requested_by_label AS "requestedByLabel", ` +
  `state,
  publish_mode AS "publishMode", publish_at AS "publishAt", job_id AS "jobId", attempts, phase, ` +
  `pages_done AS "pagesDone",
  pages_total AS "pagesTotal", estimate_ms AS "estimateMs", created_at AS "createdAt", started_at AS "startedAt",
  heartbeat_at AS "heartbeatAt", built_at AS "builtAt", finished_at AS "finishedAt", release_id AS "releaseId", error`;

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

function asBuild(row: Record<string, unknown>): Build {
  return {
    ...(row as unknown as Build),
    publishAt: toDate(row['publishAt']),
    createdAt: toDate(row['createdAt'])!,
    startedAt: toDate(row['startedAt']),
    heartbeatAt: toDate(row['heartbeatAt']),
    builtAt: toDate(row['builtAt']),
    finishedAt: toDate(row['finishedAt']),
  };
}

/** The repository of the release console. */
export function releaseStore(db: Database) {
  const one = async (q: Queryable, sql: string, params: unknown[]): Promise<Build | null> => {
    const row = (await q.query(sql, params))[0];
    return row ? asBuild(row) : null;
  };
  return {
    async createBuild(input: {
      locals: string[];
      note: string;
      actor: Actor;
      publishMode: PublishMode;
      publishAt: Date | null;
    }): Promise<Build> {
      return db.transaction(async (tx) => {
        const build = (await one(
          tx,
          `INSERT INTO release_builds (locals, note, requested_by, requested_by_label, publish_mode, publish_at)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${BUILD_COLUMNS}`,
          [input.locals, input.note, input.actor.id, input.actor.label, input.publishMode, input.publishAt],
        ))!;
        await addEvent(tx, {
          actor: input.actor,
          action: 'build',
          locals: input.locals,
          buildId: build.id,
          releaseId: null,
          note: input.note,
        });
        return build;
      });
    },
    byId: (id: number) => one(db, `SELECT ${BUILD_COLUMNS} FROM release_builds WHERE id = $1`, [id]),
    setJob: (id: number, jobId: string) => db.query(`UPDATE release_builds SET job_id = $2 WHERE id = $1`, [id, jobId]),
    /** The newest builds, open ones first. */
    async list(limit: number): Promise<Build[]> {
      return (
        await db.query(
          `SELECT ${BUILD_COLUMNS} FROM release_builds ORDER BY (state IN ('queued', 'building', 'built', 'scheduled',
             'publishing')) DESC, id DESC LIMIT $1`,
          [limit],
        )
      ).map(asBuild);
    },
    async open(): Promise<Build[]> {
      return (
        await db.query(
          `SELECT ${BUILD_COLUMNS} FROM release_builds WHERE state IN ('queued', 'building', 'built', 'scheduled',
             'publishing') ORDER BY id`,
        )
      ).map(asBuild);
    },
    /** Starts a queued build (or one given back for a retry); null when it is not queued any more. */
    start: (id: number, estimateMs: number | null) =>
      one(
        db,
        `UPDATE release_builds SET state = 'building', attempts = attempts + 1, started_at = now(),
           heartbeat_at = now(), phase = '', pages_done = 0,
           pages_total = 0, estimate_ms = $2, error = NULL WHERE id = $1 AND state = 'queued'
         RETURNING ${BUILD_COLUMNS}`,
        [id, estimateMs],
      ),
    progress: (id: number, p: { phase: string; pagesDone: number; pagesTotal: number }) =>
      db.query(
        `UPDATE release_builds SET phase = $2, pages_done = $3, pages_total = $4, heartbeat_at = now()
         WHERE id = $1 AND state = 'building'`,
        [id, p.phase.slice(0, 200), p.pagesDone, p.pagesTotal],
      ),
    /** The heartbeat of a build being published (a publish after a full build copies for half a minute). */
    touch: (id: number) =>
      db.query(`UPDATE release_builds SET heartbeat_at = now() WHERE id = $1 AND state = 'publishing'`, [id]),
    /** Moves a build from one state to another; null when it was not in `from` (someone else moved it first). */
    move: (
      id: number,
      from: readonly BuildState[],
      to: BuildState,
      extra: { error?: string; releaseId?: string } = {},
    ) =>
      one(
        db,
        `UPDATE release_builds SET state = $3, error = COALESCE($4, error), release_id = COALESCE($5, release_id),
           built_at = CASE WHEN $3 IN ('built', 'scheduled') THEN now() ELSE built_at END,
           finished_at = CASE WHEN $3 IN ('published', 'failed', 'cancelled') THEN now() ELSE finished_at END,
           heartbeat_at = CASE WHEN $3 = 'publishing' THEN now() ELSE heartbeat_at END
         WHERE id = $1 AND state = ANY($2::text[]) RETURNING ${BUILD_COLUMNS}`,
        [id, from, to, extra.error ?? null, extra.releaseId ?? null],
      ),
    schedule: (id: number, at: Date) =>
      one(
        db,
        `UPDATE release_builds SET state = 'scheduled', publish_mode = 'at', publish_at = $2,
           built_at = COALESCE(built_at, now()) WHERE id = $1 AND state IN ('built', 'scheduled')
         RETURNING ${BUILD_COLUMNS}`,
        [id, at],
      ),
    /** Builds whose process stopped answering (it crashed or the machine stopped) while building or publishing. */
    async stale(olderThanMs: number): Promise<Build[]> {
      return (
        await db.query(
          `SELECT ${BUILD_COLUMNS} FROM release_builds WHERE state IN ('building',
             'publishing') AND heartbeat_at < now() - make_interval(secs => $1::double precision / 1000)`,
          [olderThanMs],
        )
      ).map(asBuild);
    },
    /** How long the last finished builds of these storefronts took (their build step), for the estimate. */
    async recentDurationMs(locals: string[]): Promise<number | null> {
      const rows = await db.query<{ ms: number | null }>(
        `SELECT avg(extract(epoch FROM built_at - started_at) * 1000)::int AS ms FROM (
           SELECT built_at, started_at FROM release_builds WHERE built_at IS NOT NULL AND started_at IS NOT NULL
             AND locals @> $1::text[] AND locals <@ $1::text[]
           ORDER BY id DESC LIMIT 3) recent`,
        [locals],
      );
      return rows[0]?.ms ?? null;
    },
    /** Appends lines to a build's log and drops the oldest beyond LOG_LINES_KEPT. */
    async appendLog(id: number, lines: string[]): Promise<void> {
      if (lines.length === 0) return;
      const cut = lines.map((line) => (line.length > LOG_LINE_CHARS ? `${line.slice(0, LOG_LINE_CHARS)}…` : line));
      await db.transaction(async (tx) => {
        const last =
          (
            await tx.query<{ seq: number | null }>(
              `SELECT max(seq) AS seq FROM release_build_log WHERE build_id = $1`,
              [id],
            )
          )[0]?.seq ?? 0;
        await tx.query(
          `INSERT INTO release_build_log (build_id, seq, line) SELECT $1, $2 + n, line
           FROM unnest($3::text[]) WITH ORDINALITY AS l(line, n)`,
          [id, last, cut],
        );
        const newest = last + cut.length;
        if (newest > LOG_LINES_KEPT)
          await tx.query(`DELETE FROM release_build_log WHERE build_id = $1 AND seq <= $2`, [
            id,
            newest - LOG_LINES_KEPT,
          ]);
      });
    },
    /** Log lines after `afterSeq`, oldest first. */
    log: (id: number, afterSeq: number, limit: number) =>
      db.query<{ seq: number; at: Date; line: string }>(
        `SELECT seq, at, line FROM release_build_log WHERE build_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
        [id, afterSeq, limit],
      ),
    addEvent: (event: Omit<ReleaseEvent, 'id' | 'at' | 'actorId' | 'actorLabel'> & { actor: Actor }) =>
      addEvent(db, event),
    async events(limit: number, local?: string): Promise<ReleaseEvent[]> {
      const rows = await db.query<ReleaseEvent>(
        `SELECT id::int, at, actor_id::int AS "actorId", actor_label AS "actorLabel", action, locals,
           build_id::int AS "buildId", release_id AS "releaseId", note
         FROM release_events WHERE $2::text IS NULL OR $2 = ANY(locals) ORDER BY id DESC LIMIT $1`,
        [limit, local ?? null],
      );
      return rows.map((row) => ({ ...row, at: toDate(row.at)! }));
    },
    /** The last publish or rollback of each storefront that the console performed. */
    async lastServedChanges(): Promise<Map<string, ReleaseEvent>> {
      const rows = await db.query<ReleaseEvent & { local: string }>(
        `SELECT DISTINCT ON (local) local, id::int, at, actor_id::int AS "actorId", actor_label AS "actorLabel", action,
           locals, build_id::int AS "buildId", release_id AS "releaseId", note
         FROM release_events, unnest(locals) AS local WHERE action IN ('publish', 'rollback') ORDER BY local, id DESC`,
      );
      return new Map(rows.map((row) => [row.local, { ...row, at: toDate(row.at)! }]));
    },
    saveInputs: (buildId: number, summaries: { local: string; summary: unknown }[]) =>
      db.query(
        `INSERT INTO release_inputs (local, build_id, summary) SELECT s->>'local', $1, s->'summary'
         FROM jsonb_array_elements($2::jsonb) AS s`,
        [buildId, JSON.stringify(summaries)],
      ),
    /** Names the storefront versions a published build's inputs belong to . */
    attachVersions: (buildId: number, versions: Record<string, string>) =>
      db.query(
        `UPDATE release_inputs SET version = v.value FROM jsonb_each_text($2::jsonb) AS v
         WHERE build_id = $1 AND local = v.key`,
        [buildId, JSON.stringify(versions)],
      ),
    /** Records inputs for a storefront version the console did not build (first seen, inputs unchanged since). */
    saveVersionInputs: (local: string, version: string, summary: unknown) =>
      db.query(`INSERT INTO release_inputs (local, version, summary) VALUES ($1, $2, $3::jsonb)`, [
        local,
        version,
        JSON.stringify(summary),
      ]),
    /**
     * Keeps the recorded inputs and logs bounded: inputs of storefront versions no release on disk holds any more
     * (nothing can be rolled back to them, and no served version is compared with them) and of builds that never
     * published, and the logs of builds finished more than `keepDays` ago.
     */
    async prune(versionsOnDisk: string[], keepDays = 30): Promise<void> {
      await db.query(
        `DELETE FROM release_inputs WHERE (version IS NOT NULL AND NOT (version = ANY($1::text[])))
           OR (version IS NULL AND build_id IN (SELECT id FROM release_builds WHERE state IN ('failed', 'cancelled',
             'published')))`,
        [versionsOnDisk],
      );
      await db.query(
        `DELETE FROM release_build_log WHERE build_id IN (SELECT id FROM release_builds WHERE
           finished_at < now() - make_interval(days => $1))`,
        [keepDays],
      );
    },
    async inputsOf(local: string, version: string): Promise<unknown | null> {
      const rows = await db.query<{ summary: unknown }>(
        `SELECT summary FROM release_inputs WHERE local = $1 AND version = $2 ORDER BY recorded_at DESC LIMIT 1`,
        [local, version],
      );
      return rows[0]?.summary ?? null;
    },
  };
}

export type ReleaseStore = ReturnType<typeof releaseStore>;

async function addEvent(
  q: Queryable,
  e: {
    actor: Actor;
    action: ReleaseAction;
    locals: string[];
    buildId: number | null;
    releaseId: string | null;
    note: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO release_events (actor_id, actor_label, action, locals, build_id, release_id, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [e.actor.id, e.actor.label, e.action, e.locals, e.buildId, e.releaseId, e.note],
  );
}
