import type { Queryable } from '../db/types';
import type { MessageKind } from '../schemas/account';

/** The kinds a user may switch off, per channel (system messages and security mails are always sent). */
export const PREF_KINDS = ['order', 'service', 'ticket', 'review', 'alert'] as const;
export type PrefKind = (typeof PREF_KINDS)[number];
export type PrefChannel = 'mail' | 'message';
/** A preference question: a kind of /user/message, or 'marketing' (the newsletter of the user's address). */
export type NotificationKind = MessageKind | 'marketing';

export type KindPrefs = {
  kind: PrefKind;
  mail: boolean;
  message: boolean;
};

export function isPrefKind(kind: string): kind is PrefKind {
  return (PREF_KINDS as readonly string[]).includes(kind);
}

/**
 * Whether the user wants `kind` by `channel`, in the caller's transaction. No stored row means yes; 'system' is
 * always yes; 'marketing' mail is yes only while the user's address has a confirmed newsletter subscription
 * (there are no marketing messages).
 */
export async function wantsIn(
  q: Queryable,
  userId: number,
  channel: PrefChannel,
  kind: NotificationKind,
): Promise<boolean> {
  if (kind === 'system') return true;
  if (kind === 'marketing') {
    if (channel === 'message') return false;
    const rows = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscriptions s JOIN users u ON u.email = s.email
       WHERE u.id = $1 AND s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL`,
      [userId],
    );
    return rows[0]!.n > 0;
  }
  const rows = await q.query<{ mail: boolean; message: boolean }>(
    `SELECT mail, message FROM notification_prefs WHERE user_id = $1 AND kind = $2`,
    [userId, kind],
  );
  const row = rows[0];
  return row ? row[channel] : true;
}

/** Notification preferences per user: a row per kind the user changed. */
export function notificationPrefsRepository(db: Queryable) {
  return {
    /** Every switchable kind with its two channels (defaults filled in). */
    async list(userId: number): Promise<KindPrefs[]> {
      const rows = await db.query<KindPrefs>(`SELECT kind, mail, message FROM notification_prefs WHERE user_id = $1`, [
        userId,
      ]);
      return PREF_KINDS.map((kind) => rows.find((r) => r.kind === kind) ?? { kind, mail: true, message: true });
    },

    /** Stores the given kinds (one statement per kind, in one transaction by the caller). */
    async saveIn(q: Queryable, userId: number, prefs: readonly KindPrefs[]): Promise<void> {
      for (const p of prefs) {
        await q.query(
          `INSERT INTO notification_prefs (user_id, kind, mail, message) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, kind) DO UPDATE SET mail = EXCLUDED.mail, message = EXCLUDED.message,
             updated_at = now()`,
          [userId, p.kind, p.mail, p.message],
        );
      }
    },

    /**
     * The newsletter state of the user's address in one country: subscribed (confirmed), pending confirmation, or none.
     */
    async newsletter(userId: number, local: string): Promise<'subscribed' | 'pending' | 'none'> {
      const rows = await db.query<{ confirmed: boolean; active: boolean }>(
        `SELECT s.confirmed_at IS NOT NULL AS confirmed, s.unsubscribed_at IS NULL AS active
         FROM subscriptions s JOIN users u ON u.email = s.email WHERE u.id = $1 AND s.local = $2`,
        [userId, local],
      );
      const row = rows[0];
      if (!row?.active) return 'none';
      return row.confirmed ? 'subscribed' : 'pending';
    },
  };
}
export type NotificationPrefsRepository = ReturnType<typeof notificationPrefsRepository>;
