import type { Queryable } from '../db/types';

/** Whether the database answers: the health check's one round trip. */
export function healthRepository(db: Queryable) {
  return {
    /** Resolves when the database answers a trivial statement; rejects with the driver's error when it does not. */
    async ping(): Promise<void> {
      await db.query('SELECT 1');
    },
  };
}
