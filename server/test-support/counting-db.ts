import type { Database, Queryable } from '../db/types';

/**
 * The database as an app under test sees it, telling `note` every statement it runs (BEGIN and COMMIT included), for
 * tests that keep a request's round trips within a budget.
 */
export function countingDatabase(db: Database, note: (sql: string) => void): Database {
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      note(sql);
      return q.query(sql, params);
    },
  });
  return {
    ...wrap(db),
    driver: db.driver,
    exec: (sql) => db.exec(sql),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    close: () => db.close(),
    transaction: (fn) => {
      note('BEGIN');
      note('COMMIT');
      return db.transaction((tx) => fn(wrap(tx)));
    },
  };
}
