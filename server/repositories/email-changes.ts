import type { Database } from '../db/types';
import { hashToken, newToken } from '../auth/tokens';

/** How long the confirmation link of a new sign-in address works. */
export const EMAIL_CHANGE_HOURS = 24;

export interface PendingEmailChange {
  user_id: number;
  new_email: string;
  url_local: string;
}

/** The outcome of opening a confirmation link. */
export type EmailChangeResult =
  | { status: 'changed'; userId: number; oldEmail: string; newEmail: string }
  | { status: 'invalid' }
  | { status: 'taken' };

/**
 * Changes of sign-in address waiting for the new address's confirmation. The account's address changes only when
 * the link is used; a link works once, until it expires, and a newer request retires the older ones.
 */
export function emailChangesRepository(db: Database) {
  return {
    /** Starts a change; earlier pending changes of the account stop working. Returns the link's token. */
    async create(userId: number, newEmail: string, urlLocal: string): Promise<string> {
      const token = newToken();
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE email_changes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
        await tx.query(
          `INSERT INTO email_changes (token_hash, user_id, new_email, url_local, expires_at)
           VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
          [hashToken(token), userId, newEmail, urlLocal, EMAIL_CHANGE_HOURS],
        );
      });
      return token;
    },

    /** The pending change of a link, without using it (the confirmation page shows the new address). */
    async peek(token: string): Promise<PendingEmailChange | null> {
      const rows = await db.query<PendingEmailChange>(
        `SELECT user_id, new_email, url_local FROM email_changes
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
        [hashToken(token)],
      );
      return rows[0] ?? null;
    },

    /**
     * Uses a link once and changes the account's address, unless another account has it by now. The lock on the
     * new address serialises confirmations of the same address, so the unique address never turns into an error.
     */
    async confirm(token: string): Promise<EmailChangeResult> {
      return db.transaction(async (tx) => {
        const used = await tx.query<PendingEmailChange>(
          `UPDATE email_changes SET used_at = now()
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
           RETURNING user_id, new_email, url_local`,
          [hashToken(token)],
        );
        const change = used[0];
        if (!change) return { status: 'invalid' as const };
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`email:${change.new_email}`]);
        const old = await tx.query<{ email: string }>(`SELECT email FROM users WHERE id = $1 FOR UPDATE`, [
          change.user_id,
        ]);
        const oldEmail = old[0]?.email;
        if (!oldEmail) return { status: 'invalid' as const };
        const updated = await tx.query(
          `UPDATE users SET email = $2 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users WHERE email = $2)
           RETURNING 1`,
          [change.user_id, change.new_email],
        );
        if (updated.length === 0) return { status: 'taken' as const };
        return { status: 'changed' as const, userId: change.user_id, oldEmail, newEmail: change.new_email };
      });
    },

    async prune(): Promise<void> {
      await db.query(`DELETE FROM email_changes WHERE expires_at < now() - interval '1 day'`);
    },
  };
}
export type EmailChangesRepository = ReturnType<typeof emailChangesRepository>;
