import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './test-support/harness';
import { spawnServerPair, type ServerProcess } from './test-support/processes';
import { processStore } from './test-support/process-store';
import { commodity, sellable } from './test-support/fixtures';
import type { Database } from './db/types';
import { Errno } from './errors';
import { SIGN_IN_THROTTLE } from './repositories/auth-throttle';
import { RATE_RULES } from './security/rate-limit';

const url = process.env['TEST_DATABASE_URL'];

/**
 * Two `npm run serve` processes on one Postgres behave as one store: every piece of state a request leaves
 * behind (sessions, throttles, rate limits, carts, idempotency keys) is in the database, and chat messages reach
 * a stream on the other process through LISTEN/NOTIFY. Needs real Postgres (CI starts it); PGlite is one process.
 */
describe.skipIf(!url)('several API processes, one Postgres', () => {
  const store = processStore('pg', 'mp');
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;

  beforeAll(async () => {
    await store.create();
    const env = store.env();
    // Started together: the migration lock lets one migrate and seed while the other waits.
    [a, b] = await spawnServerPair(env);
    db = await store.open();
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await store.remove();
  });

  /** One browser (one address, one cookie jar) whose requests may go to either process. */
  function browser(): { on(server: ServerProcess): Client } {
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const jar = new Map<string, string>();
    return { on: (server) => new Client(server.base, address, jar) };
  }

  it('started both processes on one migrated and seeded database', async () => {
    const migrations = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM schema_migrations`);
    expect(migrations[0]!.n).toBeGreaterThan(0);
    expect((await (await fetch(`${a.base}/api/health`)).json()).data).toEqual({ status: 'ok' });
    expect((await (await fetch(`${b.base}/api/health`)).json()).data).toEqual({ status: 'ok' });
  });

  it('a session started on one process is valid on the other, and sign-out on the other ends it', async () => {
    const user = browser();
    const account = await user.on(a).register('id');
    expect((await user.on(b).call('/api/id/app/userprofile')).body.data.profile.user_id).toBe(account.userId);
    await user.on(b).call('/api/id/site/logout', { method: 'POST', json: {} });
    expect((await user.on(a).call('/api/id/app/userprofile')).body.errno).toBe(Errno.NOT_LOGGED_IN);
  });

  it('parallel guesses split over both processes never pass the sign-in allowance', async () => {
    const account = await browser().on(a).register('id');
    const attacker = browser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attacker
          .on(i % 2 ? a : b)
          .call('/api/id/site/login', { method: 'POST', json: { email: account.email, password: `wrong-${i}` } }),
      ),
    );
    const checked = answers.filter((r) => r.body.errno === Errno.WRONG_CREDENTIALS).length;
    expect(checked).toBeLessThanOrEqual(SIGN_IN_THROTTLE.account.free + 1);
    expect(answers.filter((r) => r.body.errno === Errno.TOO_MANY_ATTEMPTS).length).toBe(30 - checked);
  });

  it("a client's rate limit is one allowance over both processes", async () => {
    const client = browser();
    const answers = await Promise.all(
      Array.from({ length: RATE_RULES.errsave.max + 6 }, (_, i) =>
        client
          .on(i % 2 ? a : b)
          .call('/api/id/error/errsave', { method: 'POST', json: { url: '/id/', content: `TypeError ${i}` } }),
      ),
    );
    expect(answers.filter((r) => r.body.errno === 0)).toHaveLength(RATE_RULES.errsave.max);
    const limited = answers.filter((r) => r.body.errno === Errno.RATE_LIMITED);
    expect(limited).toHaveLength(6);
    for (const r of limited) expect(r.status).toBe(429);
  });

  it('one cart: adds on both processes add up within the purchase limit; one Idempotency-Key adds once', async () => {
    const shopper = browser();
    const item = await sellable(db, 2);
    await shopper.on(a).call('/api/id/cart', {
      method: 'POST',
      json: {
        action: 'add',
        commodityId: (await commodity(db, `o.stock > 0 AND p.id <> $1`, [item.product_id])).commodity_id,
      },
    });
    const adds = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        shopper
          .on(i % 2 ? a : b)
          .call('/api/id/cart', { method: 'POST', json: { action: 'add', commodityId: item.commodity_id } }),
      ),
    );
    expect(adds.filter((r) => r.body.errno === 0)).toHaveLength(item.purchase_limit);
    const seen = await shopper.on(b).call('/api/id/cart', { method: 'POST', json: {} });
    expect(
      seen.body.data.unified_cart_data.items.find((i: any) => i.commodity_id === item.commodity_id).product_num,
    ).toBe(item.purchase_limit);

    const other = await sellable(db, 3, 7);
    const key = `mp-${randomBytes(6).toString('hex')}`;
    const retries = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        shopper.on(i % 2 ? a : b).call('/api/id/cart', {
          method: 'POST',
          headers: { 'idempotency-key': key },
          json: { action: 'add', commodityId: other.commodity_id },
        }),
      ),
    );
    expect(retries.every((r) => r.body.errno === 0)).toBe(true);
    const after = await shopper.on(a).call('/api/id/cart', { method: 'POST', json: {} });
    expect(
      after.body.data.unified_cart_data.items.find((i: any) => i.commodity_id === other.commodity_id).product_num,
    ).toBe(1);
  });

  it('a chat message posted to one process reaches a stream on the other at once (LISTEN/NOTIFY)', async () => {
    const user = browser();
    await user.on(a).register('de');
    const ctrl = new AbortController();
    const stream = await user.on(b).fetch('/api/de/chat/stream', { signal: ctrl.signal });
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes('retry:')) text += new TextDecoder().decode((await reader.read()).value);
    const started = Date.now();
    const posted = await user
      .on(a)
      .call('/api/de/chat/messages', { method: 'POST', json: { body: 'Wo ist meine Bestellung?' } });
    expect(posted.body.errno).toBe(0);
    while (!text.includes('"sender":"agent"')) text += new TextDecoder().decode((await reader.read()).value);
    ctrl.abort();
    expect(text).toContain('Wo ist meine Bestellung?');
    // Well under the 15 s safety poll: the notification woke the stream.
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
