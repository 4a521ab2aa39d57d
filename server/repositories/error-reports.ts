import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types';
import { readReport, sourceOf, type ReportContent } from './error-report-content';

const KB = 1024;

/**
 * The bounds of front-end error reports, in one place. Reports come from anyone, so they are bounded in bytes, not
 * only in rows: a fixed table (slots), a cut on every field, and byte budgets per client address and for everyone.
 */
export const ERROR_REPORT_LIMITS = {
  /**
   * The table holds this many slots and never more; a group lives in the slot its fingerprint picks. With the
   * fields cut below, a row takes under half a page and the table keeps one per page (fillfactor 10, migration 024),
   * so a new report rewrites its slot inside the same page (a HOT update) and the table stays near slots × 8 KB
   * (8 MB) whatever the traffic, on Postgres and on PGlite, which has no autovacuum.
   */
  slots: 1024,
  /** Stored bytes of each field (UTF-8); longer text is cut and ends with "…". The first lines name the error. */
  contentBytes: 2 * KB,
  urlBytes: 512,
  userAgentBytes: 256,
  /** The message and file:line:col read from the content (the first report's), shown in the console's list. */
  messageBytes: 256,
  sourceBytes: 256,
  releaseBytes: 64,
  /**
   * Stored bytes a client address may send per window: about 11 reports at the cut size, over a hundred of the
   * usual few hundred bytes (a page reports an error once, not in a loop).
   */
  addressBytes: 32 * KB,
  /**
   * Stored bytes of all addresses together per window: what one busy hour of real errors needs many times over, and
   * the most a flood from many addresses can write (the write-ahead log grows with writes, not with rows). Past it,
   * reports are dropped until the window ends.
   */
  globalBytes: 8 * KB * KB,
  windowSeconds: 3600,
  /** A group reported more than once keeps its slot against a new group this long after its last report. */
  keepRecurringMinutes: 60,
  /** Groups not seen for this long are deleted. */
  days: 30,
} as const;

/** Numbers and hex ids blanked: they vary while the error is the same (an index, an id, a chunk's content hash). */
const blankIds = (text: string) => text.replace(/0x[0-9a-f]+|[0-9a-f]{8,}|\d+/gi, '#');

/**
 * The group of a report: the storefront, its message and the file it was thrown in, with numbers and hex ids
 * blanked. The line and column are left out, so one error stays one group when a release moves it within its file,
 * and so are the page (the same error on a thousand product pages is one error) and the release (a group shows the
 * release it was first and last seen in).
 */
export function fingerprint(report: { urlLocal: string; content: string }, read = readReport(report.content, '')) {
  const message = blankIds(read.message).slice(0, 300);
  const file = read.file === null ? '' : blankIds(read.file).slice(0, 300);
  return createHash('sha256').update(`${report.urlLocal}\n${message}\n${file}`).digest('hex');
}

const ELLIPSIS = '…';

/**
 * `text` in at most `maxBytes` bytes of UTF-8: cut on a character boundary and ended with "…" when too long.
 * @example cutUtf8('héllo', 4) // 'h…'
 */
export function cutUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes - Buffer.byteLength(ELLIPSIS);
  // Continuation bytes (10xxxxxx) belong to the character before: never cut inside one.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8') + ELLIPSIS;
}

/** The slot (1…slots) of a fingerprint. */
export const slotOf = (print: string) => (parseInt(print.slice(0, 8), 16) % ERROR_REPORT_LIMITS.slots) + 1;

/** What became of a report: kept in a slot, or dropped by a budget (the address's is the client's to wait out). */
export type SaveReportResult =
  | { kept: true; id: number }
  | { kept: false; reason: 'address'; retryInSeconds: number }
  | { kept: false; reason: 'global' | 'slot' };

/**
 * One statement: charge the address's budget, then (only if that passed) everyone's, then write the slot: a repeat
 * counts, another group takes the slot unless the one there recurs and was seen lately. Locks are taken in that
 * order (address, global, slot) by every report, so reports never wait for each other in a circle.
 */
const SAVE_SQL = `WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM now()) / $3::int) * $3::int) AS start),
  a AS (
    INSERT INTO error_report_budgets AS b (key, window_start, bytes)
    SELECT $1::text, w.start, $2::int FROM w WHERE $2::int <= $4::int
    ON CONFLICT (key, window_start) DO UPDATE SET bytes = b.bytes + EXCLUDED.bytes WHERE
      b.bytes + EXCLUDED.bytes <= $4::int
    RETURNING 1),
  g AS (
    INSERT INTO error_report_budgets AS b (key, window_start, bytes)
    SELECT 'global', w.start, $2::int FROM w WHERE $2::int <= $5::int AND EXISTS (SELECT 1 FROM a)
    ON CONFLICT (key, window_start) DO UPDATE SET bytes = b.bytes + EXCLUDED.bytes WHERE
      b.bytes + EXCLUDED.bytes <= $5::int
    RETURNING 1),
  s AS (
    INSERT INTO error_slots AS e (slot, fingerprint, url_local, url, content, user_agent, message, source, release_id,
      first_release_id)
    SELECT $6::int, $7::text, $8::text, $9::text, $10::text, $11::text, $13::text, $14::text, $15::text, $15::text
    WHERE EXISTS (SELECT 1 FROM g)
    ON CONFLICT (slot) DO UPDATE SET
      occurrences = CASE WHEN e.fingerprint = EXCLUDED.fingerprint THEN e.occurrences + 1 ELSE 1 END,
      first_seen_at = CASE WHEN e.fingerprint = EXCLUDED.fingerprint THEN e.first_seen_at ELSE now() END,
      last_seen_at = now(),
      url_local = CASE WHEN e.fingerprint = EXCLUDED.fingerprint THEN e.url_local ELSE EXCLUDED.url_local END,
      url = CASE WHEN e.fingerprint = EXCLUDED.fingerprint THEN e.url ELSE EXCLUDED.url END,
      content = CASE WHEN e.fingerprint = EXCLUDED.fingerprint THEN e.content ELSE EXCLUDED.content END,
      user_agent = CASE WHEN e.fingerprint = EXCLUDED.fingerprint THEN e.user_agent ELSE EXCLUDED.user_agent END,
      message = CASE WHEN e.fingerprint = EXCLUDED.fingerprint THEN e.message ELSE EXCLUDED.message END,
      source = CASE WHEN e.fingerprint = EXCLUDED.fingerprint THEN e.source ELSE EXCLUDED.source END,
      release_id = CASE WHEN e.fingerprint = EXCLUDED.fingerprint THEN coalesce(EXCLUDED.release_id, e.release_id)
        ELSE EXCLUDED.release_id END,
      first_release_id = CASE WHEN e.fingerprint = EXCLUDED.fingerprint
        THEN coalesce(e.first_release_id, EXCLUDED.release_id) ELSE EXCLUDED.release_id END,
      fingerprint = EXCLUDED.fingerprint
    WHERE e.fingerprint = EXCLUDED.fingerprint OR e.occurrences = 1
      OR e.last_seen_at < now() - make_interval(mins => $12::int)
    RETURNING slot)
  SELECT EXISTS (SELECT 1 FROM a) AS address_ok, EXISTS (SELECT 1 FROM g) AS global_ok, (SELECT slot FROM s) AS slot,
         ceil(extract(epoch FROM (w.start + make_interval(secs => $3::int) - now())))::int AS reset_in
  FROM w`;

/** The most groups the console lists at once (of ERROR_REPORT_LIMITS.slots). */
export const ERROR_GROUPS_LISTED = 200;

interface ErrorSlotRow {
  slot: number;
  url_local: string;
  url: string;
  content: string;
  message: string | null;
  source: string | null;
  occurrences: number;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
  release_id: string | null;
  first_release_id: string | null;
}

/** A group of front-end errors as the release console lists it. */
export interface ErrorGroup {
  /** The slot it lives in. */
  id: number;
  storefront: string;
  message: string;
  /** file:line:col of the first report, or null. */
  source: string | null;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  /** The release of the latest and of the first report that named one. */
  release: string | null;
  firstRelease: string | null;
  /** The page of the first report. */
  url: string;
}

/** Front-end error reports (errsave), grouped by fingerprint in ERROR_REPORT_LIMITS.slots fixed slots. */
export function errorReportsRepository(db: Queryable) {
  return {
    /**
     * Cuts the report's fields and stores it within the budgets of its address (clientKey) and of everyone. The
     * message and source location are read from the whole content before it is cut.
     */
    async save(report: {
      urlLocal: string;
      url: string;
      content: string;
      userAgent: string | undefined;
      address: string;
      /** The release the page was built by (`<html data-release>`), when the page said. */
      release?: string | undefined;
    }): Promise<SaveReportResult> {
      const L = ERROR_REPORT_LIMITS;
      const read = readReport(report.content, report.url);
      const print = fingerprint(report, read);
      const url = cutUtf8(report.url, L.urlBytes);
      const content = cutUtf8(report.content, L.contentBytes);
      const userAgent = report.userAgent === undefined ? null : cutUtf8(report.userAgent, L.userAgentBytes);
      const release = report.release ? cutUtf8(report.release, L.releaseBytes) : null;
      const source = sourceOf(read);
      // Message and source are copies of the content's first lines (cut): the client is charged for what it sent.
      const cost =
        Buffer.byteLength(url) +
        Buffer.byteLength(content) +
        (userAgent ? Buffer.byteLength(userAgent) : 0) +
        (release ? Buffer.byteLength(release) : 0);
      const row = (
        await db.query<{ address_ok: boolean; global_ok: boolean; slot: number | null; reset_in: number }>(SAVE_SQL, [
          `address|${report.address}`,
          cost,
          L.windowSeconds,
          L.addressBytes,
          L.globalBytes,
          slotOf(print),
          print,
          report.urlLocal,
          url,
          content,
          userAgent,
          L.keepRecurringMinutes,
          cutUtf8(read.message, L.messageBytes),
          source === null ? null : cutUtf8(source, L.sourceBytes),
          release,
        ])
      )[0]!;
      if (!row.address_ok) return { kept: false, reason: 'address', retryInSeconds: Math.max(1, row.reset_in) };
      if (!row.global_ok) return { kept: false, reason: 'global' };
      return row.slot === null ? { kept: false, reason: 'slot' } : { kept: true, id: row.slot };
    },

    /**
     * The groups seen between the days `from` and `to` (included) in the storefronts `locals` (null: all), most
     * reported first. Groups stored before their message and source had columns have them read from the content.
     */
    async groups(from: string, to: string, locals: string[] | null): Promise<ErrorGroup[]> {
      const rows = await db.query<ErrorSlotRow>(
        `SELECT slot, url_local, url, content, message, source, occurrences, first_seen_at, last_seen_at, release_id,
           first_release_id
         FROM error_slots
         WHERE last_seen_at >= $1::date AND first_seen_at < $2::date + 1
           AND ($3::text[] IS NULL OR url_local = ANY ($3))
         ORDER BY occurrences DESC, last_seen_at DESC, slot
         LIMIT $4`,
        [from, to, locals, ERROR_GROUPS_LISTED],
      );
      return rows.map((r) => {
        const read: ReportContent | null = r.message === null ? readReport(r.content, r.url) : null;
        return {
          id: r.slot,
          storefront: r.url_local,
          message: r.message ?? read!.message,
          source: r.message === null ? sourceOf(read!) : r.source,
          count: r.occurrences,
          firstSeen: new Date(r.first_seen_at),
          lastSeen: new Date(r.last_seen_at),
          release: r.release_id,
          firstRelease: r.first_release_id,
          url: r.url,
        };
      });
    },

    /**
     * Deletes groups past the retention and budget windows that ended. PGlite has no autovacuum: the vacuum lets
     * the next windows reuse the budget rows' space instead of growing the table with every new address.
     */
    async prune(): Promise<void> {
      await db.query(`DELETE FROM error_slots WHERE last_seen_at < now() - make_interval(days => $1)`, [
        ERROR_REPORT_LIMITS.days,
      ]);
      await db.query(`DELETE FROM error_report_budgets WHERE window_start < now() - make_interval(secs => $1)`, [
        ERROR_REPORT_LIMITS.windowSeconds,
      ]);
      await db.query(`VACUUM error_report_budgets`);
    },
  };
}
export type ErrorReportsRepository = ReturnType<typeof errorReportsRepository>;
