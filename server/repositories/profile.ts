import type { Database, Queryable } from '../db/types';
import { BIRTHDAY_CHANGE_MONTHS } from '../profile/rules';

/** What the profile page shows and edits. */
export interface ProfileRow {
  email: string;
  nickname: string;
  icon: string | null;
  phone: string | null;
  phone_local: string | null;
  /** `YYYY-MM-DD` or null. */
  birthday: string | null;
  birthday_changed_at: Date | null;
}

/** The outcome of a birthday change: changed, the same date again, or refused until `next` (once a year). */
export type BirthdayChange = { status: 'changed' | 'same' } | { status: 'locked'; next: Date };

export interface AvatarFile {
  size: number;
  bytes: Buffer;
}

/**
 * The profile columns of an account (nickname, phone, birthday, avatar and its files) and its password: what the
 * shopper edits under /user/profile. Sign-in columns and sessions stay with the users repository.
 */
export function profileRepository(db: Database) {
  return {
    async read(userId: number): Promise<ProfileRow | null> {
      const rows = await db.query<ProfileRow>(
        `SELECT email, nickname, icon, phone, phone_local, to_char(birthday, 'YYYY-MM-DD') AS birthday,
                birthday_changed_at
         FROM users WHERE id = $1`,
        [userId],
      );
      return rows[0] ?? null;
    },

    /** Sets the fields given (undefined leaves one as it is; '' clears the phone). */
    async update(userId: number, input: { nickname?: string; phone?: string; phoneLocal?: string }): Promise<void> {
      await db.query(
        `UPDATE users SET nickname = COALESCE($2, nickname),
           phone = CASE WHEN $3::text IS NULL THEN phone WHEN $3 = '' THEN NULL ELSE $3 END,
           phone_local = CASE WHEN $3::text IS NULL THEN phone_local WHEN $3 = '' THEN NULL ELSE $4 END
         WHERE id = $1`,
        [userId, input.nickname ?? null, input.phone ?? null, input.phoneLocal ?? null],
      );
    },

    /**
     * Changes the birthday when the last change is a year old (or there was none). One conditional statement, so
     * parallel changes cannot both pass: the row lock makes the second one see the first one's date.
     */
    async setBirthday(userId: number, birthday: string): Promise<BirthdayChange> {
      const changed = await db.query(
        `UPDATE users SET birthday = $2::date, birthday_changed_at = now()
         WHERE id = $1 AND birthday IS DISTINCT FROM $2::date
           AND (birthday_changed_at IS NULL OR birthday_changed_at <= now() - make_interval(months => $3))
         RETURNING 1`,
        [userId, birthday, BIRTHDAY_CHANGE_MONTHS],
      );
      if (changed.length > 0) return { status: 'changed' };
      const rows = await db.query<{ same: boolean; next: Date | null }>(
        `SELECT birthday = $2::date AS same, birthday_changed_at + make_interval(months => $3) AS next
         FROM users WHERE id = $1`,
        [userId, birthday, BIRTHDAY_CHANGE_MONTHS],
      );
      const row = rows[0];
      if (!row || row.same || !row.next) return { status: 'same' };
      return { status: 'locked', next: row.next };
    },

    /** The stored password hash (to check the current password before a change). */
    async passwordHash(userId: number): Promise<string | null> {
      const rows = await db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE id = $1`, [userId]);
      return rows[0]?.password_hash ?? null;
    },

    /**
     * Replaces the password only while the stored hash is still the one checked (`expected`): of parallel changes
     * with the same current password one wins, the others find the password changed. Ends every session of the
     * account in the same transaction (returns how many; null when the password changed meanwhile); the caller signs
     * the current browser in afresh.
     */
    async replacePassword(q: Queryable, userId: number, expected: string, next: string): Promise<number | null> {
      const rows = await q.query(
        `UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2 RETURNING 1`,
        [userId, expected, next],
      );
      if (rows.length === 0) return null;
      return (await q.query(`DELETE FROM sessions WHERE user_id = $1 RETURNING 1`, [userId])).length;
    },

    /**
     * Replaces the avatar: the old files are removed, the new ones stored under a new key, and the profile's icon
     * points at `icon`. The user row is locked first, so parallel uploads replace each other instead of colliding.
     */
    async replaceAvatar(userId: number, key: string, files: AvatarFile[], icon: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
        await tx.query(`DELETE FROM user_avatars WHERE user_id = $1`, [userId]);
        for (const file of files)
          await tx.query(`INSERT INTO user_avatars (user_id, key, size, bytes) VALUES ($1, $2, $3, $4)`, [
            userId,
            key,
            file.size,
            file.bytes,
          ]);
        await tx.query(`UPDATE users SET icon = $2 WHERE id = $1`, [userId, icon]);
      });
    },

    /** Back to the default avatar: the files are removed. */
    async removeAvatar(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
        await tx.query(`DELETE FROM user_avatars WHERE user_id = $1`, [userId]);
        await tx.query(`UPDATE users SET icon = NULL WHERE id = $1`, [userId]);
      });
    },

    /** One size of the avatar with this key, or null (a replaced avatar's key finds nothing). */
    async avatar(key: string, size: number): Promise<Buffer | null> {
      const rows = await db.query<{ bytes: Buffer | Uint8Array }>(
        `SELECT bytes FROM user_avatars WHERE key = $1 AND size = $2`,
        [key, size],
      );
      const bytes = rows[0]?.bytes;
      return bytes ? Buffer.from(bytes) : null;
    },
  };
}
export type ProfileRepository = ReturnType<typeof profileRepository>;
