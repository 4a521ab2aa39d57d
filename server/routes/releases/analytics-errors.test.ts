import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { releaseManager } from '../../test-support/release-managers';
import type { AnalyticsErrorsAnswer } from '../../schemas/analytics-dashboard';

const R1 = 'r-20240501T000000000Z-aaaa';
const R2 = 'r-20240502T000000000Z-bbbb';
const cartFrame = (line: number, column: number) =>
  `TypeError: x is undefined\n    at render (https://shop.example/widgets/cart.3f2a91bc.js:${line}:${column})`;

/**
 * Front-end error groups in the release console: errsave reports (with the page's release) grouped by message and
 * file, listed with count, first and last seen, releases and file:line:col, most frequent first, within the period
 * and the release manager's storefronts.
 */
describe.each(drivers)('front-end error groups in the release console (%s)', (driver) => {
  let server: TestServer;
  let manager: Client;
  const report = (local: string, body: Record<string, string>) =>
    new Client(server.base).call(`/api/${local}/error/errsave`, { method: 'POST', form: body });
  const groups = async (query = '', client = manager) => {
    const r = await client.call<AnalyticsErrorsAnswer>(`/api/de/releases/analytics/errors?${query}`);
    expect(r.body.errno).toBe(0);
    return r.body.data.groups;
  };

  beforeAll(async () => {
    server = await startServer(driver);
    manager = (await releaseManager(server)).client;
    await server.db.query(`DELETE FROM error_slots`);
    const page = 'https://shop.example/de/product/x/?ref=1';
    const island = (stack: string) => JSON.stringify({ level: 'error', message: 'x is undefined', stack });
    // The same error at two lines of the same file (a later release moved it): one group.
    expect((await report('de', { url: page, content: island(cartFrame(10, 5)), release: R1 })).body.errno).toBe(0);
    await report('de', { url: 'https://shop.example/de/', content: island(cartFrame(42, 7)), release: R2 });
    await report('de', { url: page, content: island(cartFrame(42, 7)) });
    // Another message in the same file, a plain-text report, and one in another storefront.
    await report('de', {
      url: page,
      content: JSON.stringify({ message: 'y is null', stack: cartFrame(3, 1) }),
      release: R2,
    });
    await report('de', { url: page, content: 'ReferenceError: z\n    at https://cdn.other.example/lib.js:3:9' });
    await report('id', { url: 'https://shop.example/id/', content: island(cartFrame(1, 1)), release: R1 });
  });
  afterAll(async () => server?.close());

  it('groups a message thrown in a file, most frequent first, with its releases and where first thrown', async () => {
    const list = await groups();
    expect(list.map((g) => [g.storefront, g.message, g.source, g.count])).toEqual([
      ['de', 'x is undefined', '/widgets/cart.3f2a91bc.js:10:5', 3],
      expect.anything(),
      expect.anything(),
      expect.anything(),
    ]);
    const first = list[0]!;
    // The latest report named no release: the group keeps the last one named.
    expect(first).toMatchObject({ release: R2, first_release: R1, url: 'https://shop.example/de/product/x/?ref=1' });
    expect(Date.parse(first.first_seen)).toBeLessThanOrEqual(Date.parse(first.last_seen));
    expect(list.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ storefront: 'de', message: 'y is null', source: '/widgets/cart.3f2a91bc.js:3:1' }),
        expect.objectContaining({
          storefront: 'de',
          message: 'ReferenceError: z',
          source: 'https://cdn.other.example/lib.js:3:9',
          release: null,
          first_release: null,
        }),
        expect.objectContaining({ storefront: 'id', message: 'x is undefined', count: 1, release: R1 }),
      ]),
    );
  });

  it('keeps to the period and to the storefronts asked for and allowed', async () => {
    expect((await groups('storefront=id')).map((g) => g.storefront)).toEqual(['id']);
    const scoped = await releaseManager(server);
    await server.db.query(`UPDATE users SET release_locals = '{id}' WHERE id = $1`, [scoped.userId]);
    expect((await groups('', scoped.client)).map((g) => g.storefront)).toEqual(['id']);
    // A group last seen before the period is not listed; one first seen after it neither.
    await server.db.query(
      `UPDATE error_slots SET first_seen_at = now() - interval '40 days', last_seen_at = now() - interval '40 days'
       WHERE url_local = 'id'`,
    );
    expect((await groups()).some((g) => g.storefront === 'id')).toBe(false);
    expect(await groups('from=2024-01-01&to=2024-01-31')).toEqual([]);
  });

  it('lists a group stored before groups had their own columns from its content', async () => {
    await server.db.query(
      `UPDATE error_slots SET message = NULL, source = NULL WHERE url_local = 'de' AND content LIKE 'ReferenceError%'`,
    );
    expect(await groups()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'ReferenceError: z', source: 'https://cdn.other.example/lib.js:3:9' }),
      ]),
    );
  });
});
