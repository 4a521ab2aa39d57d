import type { Database } from '../db/types';
import { hashToken } from '../auth/tokens';

/** One signed-in browser as its owner sees it. */
export interface SessionRow {
  public_id: string;
  user_agent: string | null;
  place: string | null;
  created_at: Date;
  last_used_at: Date;
  current: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The signed-in browsers of an account (the sessions table) as the device list shows and ends them. */
export function accountSessionsRepository(db: Database) {
  return {
    /** Describes a new session: the browser's summary and the approximate network (never the full address). */
    async describe(token: string, userAgent: string, place: string | null): Promise<void> {
      await db.query(`UPDATE sessions SET user_agent = $2, place = $3 WHERE token_hash = $1`, [
        hashToken(token),
        userAgent,
        place,
      ]);
    },

    /** The live sessions of the account, most recently used first; `current` marks the caller's. */
    async list(userId: number, currentToken: string): Promise<SessionRow[]> {
      return db.query<SessionRow>(
        `SELECT public_id::text AS public_id, user_agent, place, created_at, last_used_at,
                token_hash = $2 AS current
         FROM sessions WHERE user_id = $1 AND expires_at > now()
         ORDER BY last_used_at DESC, created_at DESC`,
        [userId, hashToken(currentToken)],
      );
    },

    /** Ends one session of the account; false when the id is not one of its live sessions (another's included). */
    async end(userId: number, publicId: string): Promise<boolean> {
      if (!UUID.test(publicId)) return false;
      const rows = await db.query(`DELETE FROM sessions WHERE user_id = $1 AND public_id = $2::uuid RETURNING 1`, [
        userId,
        publicId,
      ]);
      return rows.length > 0;
    },

    /** Ends every session of the account but the caller's; returns how many ended. */
    async endOthers(userId: number, currentToken: string): Promise<number> {
      const rows = await db.query(`DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING 1`, [
        userId,
        hashToken(currentToken),
      ]);
      return rows.length;
    },
  };
}
export type AccountSessionsRepository = ReturnType<typeof accountSessionsRepository>;
