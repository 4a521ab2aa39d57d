import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openPg } from '../db/pg-driver';
import { openPglite } from '../db/pglite-driver';
import type { Database } from '../db/types';
import { drivers, type Driver } from '../test-support/harness';
import { freshPgliteDir } from '../test-support/template';
import { unpaidOrder } from '../test-support/shoppers';
import { webhookTestReceiver } from '../test-support/webhook-receiver';
import { recordOrderEventIn } from '../repositories/order-events';
import { newWebhookSecret } from './signing';

const ENV = {
  WEBHOOK_RETRY_BASE_MS: 200,
  WEBHOOK_MAX_ATTEMPTS: 5,
  WEBHOOK_TIMEOUT_MS: 1000,
  WEBHOOK_INTERVAL_MS: 3_600_000,
};

/** A private database of the driver that outlives the apps started on it. */
async function openDatabase(driver: Driver): Promise<{ db: Database; drop(): Promise<void> }> {
  if (driver === 'pg') {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const db = await openPg(process.env['TEST_DATABASE_URL']!, { schema, max: 12 });
    return {
      db,
      async drop() {
        await db.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
        await db.close();
      },
    };
  }
  const dir = await freshPgliteDir();
  const db = await openPglite(dir);
  return {
    db,
    async drop() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each(drivers)('webhooks across a restart (%s)', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function start(db: Database, publicDir: string): Promise<{ app: FastifyInstance; base: string }> {
    const app = await buildApp({
      db,
      logger: false,
      env: { PUBLIC_DIR: publicDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback', ...ENV },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    return { app, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  }

  it('loses nothing and sends twice only the delivery that was in flight when the process stopped', async () => {
    const { db, drop } = await openDatabase(driver);
    cleanups.push(drop);
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-public-'));
    cleanups.push(async () => fs.rmSync(publicDir, { recursive: true, force: true }));
    const receiver = await webhookTestReceiver();
    cleanups.push(() => receiver.close());

    const first = await start(db, publicDir);
    const secret = newWebhookSecret();
    receiver.setSecret(secret);
    await first.app.webhooks.endpoints.create({
      url: receiver.url,
      kinds: ['shipped', 'delivered', 'returned', 'refunded'],
      countries: [],
      description: 'warehouse',
      secret,
      createdBy: null,
    });
    const { orderId } = await unpaidOrder({ db, base: first.base });
    const step = async (kind: 'shipped' | 'delivered' | 'returned' | 'refunded') =>
      (await recordOrderEventIn(db, { orderId, kind })).id;
    const shipped = await step('shipped');
    const delivered = await step('delivered');
    const returned = await step('returned');
    // The receiver holds the first attempt of `shipped` open: it is in flight when the process stops.
    receiver.behave((r) =>
      r.headers['store-webhook-id'] === shipped && r.verdict.ok && receiverOnce() ? 'hang' : 200,
    );
    let held = false;
    const receiverOnce = () => (held ? false : (held = true));

    const run = first.app.webhooks.run();
    // The other two were answered and recorded; only `shipped` is in flight now.
    const deliveredNow = async () =>
      (await db.query(`SELECT 1 FROM webhook_deliveries WHERE state = 'delivered'`)).length === 2;
    for (let i = 0; i < 300 && !(held && (await deliveredNow())); i++) await new Promise((r) => setTimeout(r, 10));
    expect(held).toBe(true);
    expect(await deliveredNow()).toBe(true);
    const closing = Date.now();
    await first.app.close();
    await run;
    // The close cut the attempt off instead of waiting for the receiver.
    expect(Date.now() - closing).toBeLessThan(1000);

    // While no process runs, the store goes on: a refund is recorded.
    const refunded = await step('refunded');

    const second = await start(db, publicDir);
    // Cleaned up first (the list runs backwards): the app's jobs stop before the database closes under them.
    cleanups.push(() => second.app.close());
    const until = Date.now() + 20_000;
    while (receiver.handled.length < 4 && Date.now() < until) {
      await second.app.webhooks.run();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect([...receiver.handled].sort()).toEqual([shipped, delivered, returned, refunded].sort());
    const times = (id: string) => receiver.received.filter((r) => r.headers['store-webhook-id'] === id).length;
    expect([times(shipped), times(delivered), times(returned), times(refunded)]).toEqual([2, 1, 1, 1]);
    const states = await db.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM webhook_deliveries GROUP BY state`,
    );
    expect(states).toEqual([{ state: 'delivered', n: 4 }]);
  });
});
