import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import { readArchiveParts } from './data-archive';

/** How long an archive's link works after it is ready; the archive is deleted then. */
export const DATA_EXPORT_LINK_DAYS = 7;
/** Archives one account may ask for in a day: each reads every table of the account. */
export const DATA_EXPORTS_PER_DAY = 3;

export interface DataExportRow {
  id: number;
  public_id: string;
  user_id: number;
  url_local: string;
  state: 'pending' | 'ready' | 'failed';
  size: number | null;
  build_ms: number | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
}

const COLUMNS = 'id, public_id, user_id, url_local, state, size, build_ms, created_at, ready_at, expires_at';

/** Archives of a shopper's data: asked for, built by the data-export job, downloaded by their owner until expiry. */
export function dataExportsRepository(db: Database) {
  return {
    /**
     * A new pending archive for the user, or the one already pending (parallel requests meet on the one-pending
     * index); null when the day's allowance is used.
     */
    async request(userId: number, urlLocal: string): Promise<{ row: DataExportRow; created: boolean } | null> {
      return db.transaction(async (tx) => {
        // One request at a time per account, so the day's count and the pending index are read after the last one.
        await tx.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
        const pending = await tx.query<DataExportRow>(
          `SELECT ${COLUMNS} FROM data_exports WHERE user_id = $1 AND state = 'pending'`,
          [userId],
        );
        if (pending[0]) return { row: pending[0], created: false };
        const today = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM data_exports WHERE user_id = $1 AND created_at > now() - interval '1 day'`,
          [userId],
        );
        if ((today[0]?.n ?? 0) >= DATA_EXPORTS_PER_DAY) return null;
        const rows = await tx.query<DataExportRow>(
          `INSERT INTO data_exports (public_id, user_id, url_local) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
          [randomBytes(24).toString('base64url'), userId, urlLocal],
        );
        return { row: rows[0]!, created: true };
      });
    },

    /** The user's archives, newest first (expired ones are gone). */
    async list(userId: number): Promise<DataExportRow[]> {
      return db.query<DataExportRow>(
        `SELECT ${COLUMNS} FROM data_exports WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 10`,
        [userId],
      );
    },

    /** A pending archive to build, or null when it is not pending any more. */
    async pending(id: number): Promise<DataExportRow | null> {
      const rows = await db.query<DataExportRow>(
        `SELECT ${COLUMNS} FROM data_exports WHERE id = $1 AND state = 'pending'`,
        [id],
      );
      return rows[0] ?? null;
    },

    /** The user's data, read in one transaction so the parts agree with each other. */
    async read(userId: number): Promise<Record<string, unknown[]>> {
      return db.transaction((tx) => readArchiveParts(tx, userId));
    },

    /** Stores a built archive, ready until its link expires; `then` runs in the same transaction (the mail). */
    async store(
      id: number,
      archive: Buffer,
      buildMs: number,
      then: (tx: Queryable, row: DataExportRow) => Promise<void>,
    ): Promise<DataExportRow | null> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<DataExportRow>(
          `UPDATE data_exports SET state = 'ready', archive = $2, size = $3, build_ms = $4, ready_at = now(),
                  expires_at = now() + make_interval(days => $5)
            WHERE id = $1 AND state = 'pending' RETURNING ${COLUMNS}`,
          [id, archive, archive.length, buildMs, DATA_EXPORT_LINK_DAYS],
        );
        const row = rows[0] ?? null;
        if (row) await then(tx, row);
        return row;
      });
    },

    /** Marks an archive whose job gave up. */
    async fail(id: number): Promise<void> {
      await db.query(`UPDATE data_exports SET state = 'failed' WHERE id = $1 AND state = 'pending'`, [id]);
    },

    /**
     * The archive behind a link, for its owner only: 'missing' for an unknown link or another user's (the same
     * answer, so a link's existence is not told), 'expired', 'pending', or the bytes.
     */
    async download(
      publicId: string,
      userId: number,
    ): Promise<{ state: 'missing' | 'expired' | 'pending' } | { state: 'ready'; archive: Buffer; row: DataExportRow }> {
      const rows = await db.query<DataExportRow & { archive: Buffer | Uint8Array | null; expired: boolean }>(
        `SELECT ${COLUMNS}, archive, (expires_at <= now()) AS expired FROM data_exports
          WHERE public_id = $1 AND user_id = $2`,
        [publicId, userId],
      );
      const row = rows[0];
      if (!row || row.state === 'failed') return { state: 'missing' };
      if (row.state === 'pending') return { state: 'pending' };
      if (row.expired || !row.archive) return { state: 'expired' };
      const { archive, expired: _, ...rest } = row;
      return { state: 'ready', archive: Buffer.from(archive), row: rest };
    },

    /** Drops the bytes of expired archives (their rows stay a day, for the daily allowance). */
    async prune(): Promise<void> {
      await db.query(`UPDATE data_exports SET archive = NULL WHERE expires_at <= now() AND archive IS NOT NULL`);
      await db.query(
        `DELETE FROM data_exports
          WHERE created_at < now() - interval '1 day' AND (expires_at <= now() OR state <> 'ready')`,
      );
    },
  };
}
export type DataExportsRepository = ReturnType<typeof dataExportsRepository>;
