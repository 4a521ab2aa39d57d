import type { Queryable } from '../db/types';
import type { ClubLevel } from '../../sites/club';

/** A member whose birthday points may be due: their birthday falls in the window and the year has no grant yet. */
export interface BirthdayCandidate {
  user_id: number;
  /** The calendar year of the birthday the points are for. */
  year: number;
  /** The storefront of their latest order in the country (the language of the message), or null. */
  url_local: string | null;
}

/** A day of the birthday window: birthdays on this month and day (month * 100 + day) belong to `year`. */
export interface BirthdayDay {
  monthDay: number;
  year: number;
}

/**
 * The Mi Club's birthday grants: one row per member, country and calendar year of the birthday. The row is written
 * in the transaction that writes the points, and its primary key refuses a second one, so parallel runs and
 * restarts give the points once.
 */
export function clubBirthdaysRepository(db: Queryable) {
  return {
    /** The countries where someone has earned points (where a member may have a level). */
    async countries(): Promise<string[]> {
      return (
        await db.query<{ local: string }>(`SELECT DISTINCT local FROM points_ledger WHERE reason = 'earn' ORDER BY 1`)
      ).map((r) => r.local);
    },

    /**
     * Members of a country whose birthday is one of the window's days, whose year has no grant, and who earned at least
     * `minEarned` points there (a coarse filter; the caller works out the level exactly).
     */
    async candidates(local: string, days: readonly BirthdayDay[], minEarned: number): Promise<BirthdayCandidate[]> {
      if (days.length === 0) return [];
      return db.query<BirthdayCandidate>(
        `SELECT u.id AS user_id, w.year,
           (SELECT o.url_local FROM orders o WHERE o.user_id = u.id AND o.local = $1
             ORDER BY o.created_at DESC LIMIT 1) AS url_local
         FROM users u
         JOIN unnest($2::int[], $3::int[]) AS w(month_day, year)
           ON w.month_day = extract(month FROM u.birthday)::int * 100 + extract(day FROM u.birthday)::int
         WHERE u.birthday IS NOT NULL AND u.erased_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM club_birthday_grants g WHERE g.user_id = u.id AND g.local = $1
             AND g.year = w.year)
           AND (SELECT coalesce(sum(l.delta), 0) FROM points_ledger l WHERE l.user_id = u.id AND l.local = $1
             AND l.reason = 'earn') >= $4
         ORDER BY u.id`,
        [local, days.map((d) => d.monthDay), days.map((d) => d.year), minEarned],
      );
    },

    /**
     * Records the year's grant in the caller's transaction; false when the year already has one (another run came
     * first: it waits here for that run's commit, then finds the row).
     */
    async recordIn(
      tx: Queryable,
      grant: { userId: number; local: string; year: number; level: ClubLevel; points: number },
    ): Promise<boolean> {
      const rows = await tx.query(
        `INSERT INTO club_birthday_grants (user_id, local, year, level, points) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING year`,
        [grant.userId, grant.local, grant.year, grant.level, grant.points],
      );
      return rows.length > 0;
    },

    /** The member's latest grant in a country (the year and the points), or null. */
    async latest(userId: number, local: string): Promise<{ year: number; points: number } | null> {
      return (
        (
          await db.query<{ year: number; points: number }>(
            `SELECT year, points FROM club_birthday_grants WHERE user_id = $1 AND local = $2
             ORDER BY year DESC LIMIT 1`,
            [userId, local],
          )
        )[0] ?? null
      );
    },
  };
}

export type ClubBirthdaysRepository = ReturnType<typeof clubBirthdaysRepository>;
