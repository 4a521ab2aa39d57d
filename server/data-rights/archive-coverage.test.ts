import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../test-support/harness';
import { ARCHIVE_PARTS, LEFT_OUT, archiveCoverage, readArchiveParts, userColumns } from '../repositories/data-archive';
import { ERASURE_KEEPS, erasedTables } from '../repositories/account-deletions';

/**
 * The archive answers for every column of the database that names a user (columns called user_id, and those
 * referencing users): each is in an archive part or on the list of columns left out with a reason. A new table
 * with a user id fails here until it is added to one of them.
 */
describe.each(drivers)('data archive coverage (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  it('covers every user column of the database, or says why not', async () => {
    const columns = await userColumns(server.db);
    expect(columns.length).toBeGreaterThan(20);
    const { uncovered, stale } = archiveCoverage(columns);
    expect(uncovered, 'user columns neither in the archive nor left out with a reason').toEqual([]);
    // A stale entry hides nothing but misleads: every named column exists.
    expect(stale, 'entries naming no user column').toEqual([]);
    for (const [column, reason] of Object.entries(LEFT_OUT)) expect(reason.length, column).toBeGreaterThan(20);
  });

  it('erases or keeps, with a reason, every user column of the database', async () => {
    const columns = await userColumns(server.db);
    const erased = erasedTables();
    const unhandled = columns.filter((c) => !erased.has(c.split('.')[0]!) && !(c in ERASURE_KEEPS));
    expect(unhandled, 'user columns an erasure neither touches nor keeps with a reason').toEqual([]);
    const stale = Object.keys(ERASURE_KEEPS).filter((c) => !columns.includes(c));
    expect(stale, 'kept entries naming no user column').toEqual([]);
  });

  it('reads every part for a user (the statements are valid on this driver)', async () => {
    const [user] = await server.db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, nickname, c_user_id) VALUES ('coverage@example.com', 'x', 'C', 'c-cov')
       RETURNING id`,
    );
    const parts = await readArchiveParts(server.db, user!.id);
    expect(Object.keys(parts)).toEqual(ARCHIVE_PARTS.map((p) => p.name));
    expect(parts['profile']).toHaveLength(1);
    expect(parts['profile']![0]).not.toHaveProperty('password_hash');
  });

  it('fails on a new table with a user id that is not covered', async () => {
    await server.db.query(`CREATE TABLE coverage_probe (id serial PRIMARY KEY, owner integer REFERENCES users (id))`);
    // Found by its reference to users, though not called user_id.
    try {
      const { uncovered } = archiveCoverage(await userColumns(server.db));
      expect(uncovered).toEqual(['coverage_probe.owner']);
    } finally {
      await server.db.query(`DROP TABLE coverage_probe`);
    }
  });
});
