import type { TestServer } from './harness';
import { quickShopper } from './shoppers';

/**
 * Gives an account the staff role straight in the database (no API grants it: the one staff account comes from the
 * configuration), so a test can show the same session refused before and let through after.
 */
export async function makeStaff(server: Pick<TestServer, 'db'>, userId: number): Promise<void> {
  await server.db.query(`UPDATE users SET role = 'staff' WHERE id = $1`, [userId]);
}

/** A signed-in staff member: a quick shopper given the staff role. */
export async function staffMember(
  server: Pick<TestServer, 'db' | 'base'>,
): Promise<Awaited<ReturnType<typeof quickShopper>>> {
  const s = await quickShopper(server);
  await makeStaff(server, s.userId);
  return s;
}
