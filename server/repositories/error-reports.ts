import { createHash } from 'node:crypto';
import type { Queryable } from '../db/types';

const PRUNE_EVERY = 50;

/** Retention of front-end error reports: at most this many groups, none older than this many days. */
export const ERROR_RETENTION = { groups: 2000, days: 30 } as const;

/**
 * The group of a report: the storefront, the page path without its query, and the first line of the report
 * with numbers and hex ids blanked (line numbers and ids vary while the error is the same).
 */
export function fingerprint(report: { urlLocal: string; url: string; content: string }): string {
  let pagePath = report.url;
  try {
    pagePath = new URL(report.url, 'http://x').pathname;
  } catch {
    // not a URL: use it as it is
  }
  const firstLine = (report.content.split('\n')[0] ?? '').replace(/0x[0-9a-f]+|[0-9a-f]{8,}|\d+/gi, '#').slice(0, 300);
  return createHash('sha256').update(`${report.urlLocal}\n${pagePath}\n${firstLine}`).digest('hex');
}

/** Front-end error reports (errsave), grouped by fingerprint and kept within ERROR_RETENTION. */
export function errorReportsRepository(db: Queryable) {
  return {
    /**
     * Stores a report in its group (a repeat only counts) and returns the group id. Every PRUNE_EVERY-th new
     * group prunes, so many clients sending distinct errors still cannot grow the table past the retention.
     */
    async save(report: { urlLocal: string; url: string; content: string; userAgent: string | undefined }): Promise<number> {
      const rows = await db.query<{ id: number; inserted: boolean }>(
        `INSERT INTO error_groups AS g (fingerprint, url_local, url, content, user_agent) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (fingerprint) DO UPDATE SET occurrences = g.occurrences + 1, last_seen_at = now()
         RETURNING id::int AS id, (xmax = 0) AS inserted`,
        [fingerprint(report), report.urlLocal, report.url, report.content, report.userAgent?.slice(0, 512) ?? null],
      );
      const row = rows[0]!;
      if (row.inserted && row.id % PRUNE_EVERY === 0) await this.prune();
      return row.id;
    },

    /** Deletes groups beyond the retention (oldest last-seen first). */
    async prune(): Promise<void> {
      await db.query(
        `DELETE FROM error_groups WHERE last_seen_at < now() - make_interval(days => $1)
            OR fingerprint IN (SELECT fingerprint FROM error_groups ORDER BY last_seen_at DESC OFFSET $2)`,
        [ERROR_RETENTION.days, ERROR_RETENTION.groups],
      );
    },
  };
}
export type ErrorReportsRepository = ReturnType<typeof errorReportsRepository>;
