import type { Queryable } from '../db/types';

/** Front-end error reports (errsave). */
export function errorReportsRepository(db: Queryable) {
  return {
    async save(report: { urlLocal: string; url: string; content: string; userAgent: string | undefined }): Promise<number> {
      const rows = await db.query<{ id: number }>(
        `INSERT INTO error_reports (url_local, url, content, user_agent) VALUES ($1, $2, $3, $4) RETURNING id::int AS id`,
        [report.urlLocal, report.url, report.content, report.userAgent?.slice(0, 512) ?? null],
      );
      return rows[0]!.id;
    },
  };
}
export type ErrorReportsRepository = ReturnType<typeof errorReportsRepository>;
