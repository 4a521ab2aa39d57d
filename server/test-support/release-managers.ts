import type { TestServer } from './harness';
import { quickShopper } from './shoppers';

/** Gives an account the release manager role straight in the database, as makeStaff does for support staff. */
export async function makeReleaseManager(server: Pick<TestServer, 'db'>, userId: number): Promise<void> {
  await server.db.query(`UPDATE users SET role = 'release_manager' WHERE id = $1`, [userId]);
}

/** A signed-in release manager: a quick shopper given the role. */
export async function releaseManager(
  server: Pick<TestServer, 'db' | 'base'>,
): Promise<Awaited<ReturnType<typeof quickShopper>>> {
  const s = await quickShopper(server);
  await makeReleaseManager(server, s.userId);
  return s;
}
