import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { Client, drivers, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { paidOrder } from '../../test-support/paid-orders';
import { saveAddress } from '../../test-support/shoppers';
import { makeStaff } from '../../test-support/staff';
import { Errno } from '../../errors';

/** Polls `check` until it is truthy (the job queue works in the background). */
async function eventually<T>(check: () => Promise<T>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const confirmToken = (text: string) => /[?&]confirm=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe.each(drivers)('data rights (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { ACCOUNT_DELETION_GRACE_MS: 1500 });
  });
  afterAll(async () => server?.close());

  async function shopper() {
    const client = new Client(server.base);
    const account = await client.register('id');
    return { client, ...account };
  }

  async function readyArchive(client: Client) {
    const asked = await client.call('/api/id/account/data/export', { method: 'POST', json: {} });
    expect(asked.body.errno).toBe(0);
    const id = asked.body.data.export.id as string;
    const item = await eventually(async () => {
      const list = await client.call('/api/id/account/data');
      return (list.body.data.exports as { id: string; state: string; download_url: string }[]).find(
        (e) => e.id === id && e.state === 'ready',
      );
    });
    expect(item).toBeTruthy();
    return item!;
  }

  async function askDeletion(s: Awaited<ReturnType<typeof shopper>>) {
    const asked = await s.client.call('/api/id/account/data/delete', {
      method: 'POST',
      json: { password: s.password },
    });
    expect(asked.body.errno).toBe(0);
    expect(asked.body.data.deletion.state).toBe('unconfirmed');
    const mail = (await mailbox(server.base, s.email)).find((m) => m.kind === 'account-deletion-confirm');
    return confirmToken(mail!.text)!;
  }

  const state = async (userId: number) =>
    (
      await server.db.query<{ state: string }>(
        `SELECT state FROM account_deletions WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
        [userId],
      )
    )[0]?.state;

  it('makes the archive in the background, mails its owner, and serves it to the owner only', async () => {
    const s = await shopper();
    await saveAddress(s.client);
    const item = await readyArchive(s.client);
    const mail = await eventually(async () =>
      (await mailbox(server.base, s.email)).find((m) => m.kind === 'data-export-ready'),
    );
    expect(mail?.text).toContain('/id/user/data/');

    const res = await s.client.fetch(item.download_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="my-data-/);
    const text = await res.text();
    const archive = JSON.parse(text);
    expect(archive.profile[0].email).toBe(s.email);
    expect(archive.addresses).toHaveLength(1);
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('token_hash');
    expect(text).not.toContain('scrypt$');

    // Another signed-in shopper with the link, and a visitor, get nothing.
    const other = await shopper();
    const stolen = await other.client.call(item.download_url);
    expect(stolen.body.errno).toBe(Errno.DATA_EXPORT_NOT_FOUND);
    expect(stolen.status).toBe(404);
    const visitor = await new Client(server.base).call(item.download_url);
    expect(visitor.body.errno).toBe(Errno.NOT_LOGGED_IN);
    const guessed = await s.client.call('/api/id/account/data/export/download?id=nothing-here');
    expect(guessed.body.errno).toBe(Errno.DATA_EXPORT_NOT_FOUND);
  });

  it('holds orders with lines and payments without card data', async () => {
    const order = await paidOrder(server);
    const item = await readyArchive(order.client);
    const archive = await (await order.client.fetch(item.download_url)).json();
    expect(archive.orders.map((o: { id: unknown }) => String(o.id))).toContain(order.orderId);
    expect(archive.order_lines.length).toBeGreaterThan(0);
    expect(archive.payments.length).toBeGreaterThan(0);
    for (const p of archive.payments) expect(p).not.toHaveProperty('provider_ref');
    for (const c of archive.saved_cards) expect(c).not.toHaveProperty('token');
  });

  it('refuses an expired link, and lists the archive as expired', async () => {
    const s = await shopper();
    const item = await readyArchive(s.client);
    await server.db.query(`UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE public_id = $1`, [
      item.id,
    ]);
    const late = await s.client.call(item.download_url);
    expect(late.body.errno).toBe(Errno.DATA_EXPORT_EXPIRED);
    const list = await s.client.call('/api/id/account/data');
    expect(list.body.data.exports[0]).toMatchObject({ id: item.id, state: 'expired', download_url: null });
  });

  it('answers parallel archive requests with one archive, and caps the day', async () => {
    const s = await shopper();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => s.client.call('/api/id/account/data/export', { method: 'POST', json: {} })),
    );
    const ids = new Set(answers.map((a) => a.body.data?.export.id));
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    expect(ids.size).toBe(1);
    const rows = await server.db.query(`SELECT id FROM data_exports WHERE user_id = $1`, [s.userId]);
    expect(rows).toHaveLength(1);
    await server.db.query(
      `INSERT INTO data_exports (public_id, user_id, url_local, state)
       VALUES ($1, $2, 'id', 'failed'), ($3, $2, 'id', 'failed')`,
      [`x${s.userId}a`, s.userId, `x${s.userId}b`],
    );
    const first = [...ids][0];
    await eventually(async () =>
      (await s.client.call('/api/id/account/data')).body.data.exports.some(
        (e: { id: string; state: string }) => e.id === first && e.state === 'ready',
      ),
    );
    const fourth = await s.client.call('/api/id/account/data/export', { method: 'POST', json: {} });
    expect(fourth.body.errno).toBe(Errno.DATA_EXPORT_TOO_MANY);
  });

  it('deletes after the mail link and the grace period: sign-in refused, data gone, address free', async () => {
    const s = await shopper();
    await saveAddress(s.client);
    // The profile's own data: a phone and a birthday.
    await server.db.query(
      `UPDATE users SET phone = '081234567890', phone_local = 'id', birthday = '1990-05-01' WHERE id = $1`,
      [s.userId],
    );
    const token = await askDeletion(s);
    const confirmed = await new Client(server.base).call('/api/id/account/data/delete/confirm', {
      method: 'POST',
      json: { token },
    });
    expect(confirmed.body.errno).toBe(0);
    expect(confirmed.body.data.deletion.state).toBe('scheduled');
    // Every session ended with the confirmation.
    expect((await s.client.call('/api/id/account/data')).body.errno).toBe(Errno.NOT_LOGGED_IN);
    expect((await mailbox(server.base, s.email)).some((m) => m.kind === 'account-deletion-scheduled')).toBe(true);

    expect(await eventually(async () => (await state(s.userId)) === 'erased')).toBe(true);
    const signIn = await new Client(server.base).call('/api/id/site/login', {
      method: 'POST',
      json: { email: s.email, password: s.password },
    });
    expect(signIn.body.errno).toBe(Errno.WRONG_CREDENTIALS);
    const user = (
      await server.db.query<{ email: string; nickname: string; erased_at: unknown; phone: unknown; birthday: unknown }>(
        `SELECT email, nickname, erased_at, phone, birthday FROM users WHERE id = $1`,
        [s.userId],
      )
    )[0]!;
    expect(user.email).not.toBe(s.email);
    expect([user.phone, user.birthday]).toEqual([null, null]);
    expect(user.erased_at).not.toBeNull();
    expect(await server.db.query(`SELECT 1 FROM addresses WHERE user_id = $1`, [s.userId])).toHaveLength(0);
    // The outbox keeps no mail to the erased address but the notice of the erasure.
    expect((await mailbox(server.base, s.email)).map((m) => m.kind)).toEqual(['account-erased']);
    // The address can open a new account.
    const again = await new Client(server.base).register('id', s.email, s.password);
    expect(again.userId).not.toBe(s.userId);
  });

  it('keeps orders, lines, payments and invoices of an erased account, with the address reduced', async () => {
    const order = await paidOrder(server);
    await server.db.query(`UPDATE orders SET state = 'delivered', delivered_at = now() WHERE id = $1`, [order.orderId]);
    await server.db.query(
      `INSERT INTO reviews (user_id, local, url_local, product_id, product_name, score, body, author_name, state)
       SELECT $1, 'id', 'id', product_id, name, 5, 'Great phone, fast delivery.', 'Budi S.', 'reviewed'
         FROM order_lines WHERE order_id = $2 LIMIT 1`,
      [order.userId, order.orderId],
    );
    await server.db.query(
      `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = $1)
      WHERE id = $2`,
      [
        (await server.db.query<{ id: number }>(`SELECT id FROM users WHERE password_hash LIKE 'scrypt$%' LIMIT 1`))[0]!
          .id,
        order.userId,
      ],
    );
    // A closed repair of the phone: kept (warranty records), without its IMEI or description.
    await server.db.query(
      `INSERT INTO service_requests (request_no, user_id, local, url_local, order_id, commodity_id, product_id,
         product_name, kind, imei, model, purchase_date, description, state)
       SELECT $3, $1, 'id', 'id', order_id, commodity_id, product_id, name, 'repair', '356938035643809',
              'Phone', current_date, 'The screen flickers at night.', 'completed'
         FROM order_lines WHERE order_id = $2 LIMIT 1`,
      [order.userId, order.orderId, `SR-${order.orderId}`],
    );
    const before = await server.db.query(`SELECT 1 FROM order_lines WHERE order_id = $1`, [order.orderId]);
    await server.db.query(
      `INSERT INTO account_deletions (user_id, url_local, state, confirm_by, confirmed_at, effective_at)
       VALUES ($1, 'id', 'scheduled', now(), now(), now())`,
      [order.userId],
    );
    const id = (
      await server.db.query<{ id: string }>(`SELECT id::text AS id FROM account_deletions WHERE user_id = $1`, [
        order.userId,
      ])
    )[0]!.id;
    expect(await server.app.dataRights.runErasure(Number(id))).toBe('erased');

    const kept = (
      await server.db.query<{ address: Record<string, string>; state: string }>(
        `SELECT address, state FROM orders WHERE id = $1`,
        [order.orderId],
      )
    )[0]!;
    expect(kept.state).toBe('delivered');
    expect(kept.address).not.toHaveProperty('recipient');
    expect(kept.address).not.toHaveProperty('phone');
    expect(kept.address).not.toHaveProperty('street');
    expect(kept.address['city']).toBeTruthy();
    expect(await server.db.query(`SELECT 1 FROM order_lines WHERE order_id = $1`, [order.orderId])).toHaveLength(
      before.length,
    );
    expect(await server.db.query(`SELECT 1 FROM payments WHERE order_id = $1`, [order.orderId])).not.toHaveLength(0);
    const review = (
      await server.db.query<{ author_name: string; anonymous: boolean; body: string }>(
        `SELECT author_name, anonymous, body FROM reviews WHERE user_id = $1`,
        [order.userId],
      )
    )[0]!;
    expect(review).toMatchObject({ author_name: '***', anonymous: true, body: 'Great phone, fast delivery.' });
    const repair = (
      await server.db.query<{ imei: string; description: string }>(
        `SELECT imei, description FROM service_requests WHERE user_id = $1`,
        [order.userId],
      )
    )[0]!;
    expect(repair.imei).not.toBe('356938035643809');
    expect(repair.description).not.toContain('flickers');
    for (const table of ['sessions', 'addresses', 'messages', 'carts', 'trusted_devices', 'points_ledger']) {
      expect(await server.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [order.userId]), table).toHaveLength(0);
    }
  });

  it('is cancelled by signing in during the grace period, and the shopper is told', async () => {
    const slow = await startServer(driver, { ACCOUNT_DELETION_GRACE_MS: 60 * 60_000 });
    try {
      const client = new Client(slow.base);
      const s = { client, ...(await client.register('id')) };
      await s.client.call('/api/id/account/data/delete', { method: 'POST', json: { password: s.password } });
      const mail = (await mailbox(slow.base, s.email)).find((m) => m.kind === 'account-deletion-confirm');
      const confirmed = await new Client(slow.base).call('/api/id/account/data/delete/confirm', {
        method: 'POST',
        json: { token: confirmToken(mail!.text) },
      });
      expect(confirmed.body.data.deletion.state).toBe('scheduled');
      const back = new Client(slow.base);
      const signIn = await back.call('/api/id/site/login', {
        method: 'POST',
        json: { email: s.email, password: s.password },
      });
      expect(signIn.body.errno).toBe(0);
      const rows = await slow.db.query<{ state: string; cancel_reason: string }>(
        `SELECT state, cancel_reason FROM account_deletions WHERE user_id = $1`,
        [s.userId],
      );
      expect(rows).toEqual([{ state: 'cancelled', cancel_reason: 'sign_in' }]);
      expect((await mailbox(slow.base, s.email)).some((m) => m.kind === 'account-deletion-cancelled')).toBe(true);
      expect((await back.call('/api/id/account/data')).body.data.deletion).toBeNull();
      // The cancelled deletion's job finds nothing to do.
      const id = Number(
        (
          await slow.db.query<{ id: string }>(`SELECT id::text AS id FROM account_deletions WHERE user_id = $1`, [
            s.userId,
          ])
        )[0]!.id,
      );
      await slow.db.query(`UPDATE account_deletions SET effective_at = now() WHERE id = $1`, [id]);
      expect(await slow.app.dataRights.runErasure(id)).toBe('skipped');
    } finally {
      await slow.close();
    }
  });

  it('refuses a wrong password, a bad or expired link, a staff account, and open orders', async () => {
    const s = await shopper();
    const wrong = await s.client.call('/api/id/account/data/delete', {
      method: 'POST',
      json: { password: 'nope nope 1' },
    });
    expect(wrong.body.errno).toBe(Errno.DELETION_WRONG_PASSWORD);
    const bad = await new Client(server.base).call('/api/id/account/data/delete/confirm', {
      method: 'POST',
      json: { token: 'A'.repeat(43) },
    });
    expect(bad.body.errno).toBe(Errno.DELETION_LINK_INVALID);
    const token = await askDeletion(s);
    await server.db.query(`UPDATE account_deletions SET confirm_by = now() - interval '1 second' WHERE user_id = $1`, [
      s.userId,
    ]);
    const late = await new Client(server.base).call('/api/id/account/data/delete/confirm', {
      method: 'POST',
      json: { token },
    });
    expect(late.body.errno).toBe(Errno.DELETION_LINK_INVALID);

    const staff = await shopper();
    await makeStaff(server, staff.userId);
    const refused = await staff.client.call('/api/id/account/data/delete', {
      method: 'POST',
      json: { password: staff.password },
    });
    expect(refused.body.errno).toBe(Errno.DELETION_NOT_SHOPPER);

    const buyer = await paidOrder(server);
    await server.db.query(
      `UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = $1) WHERE id = $2`,
      [s.userId, buyer.userId],
    );
    const open = await buyer.client.call('/api/id/account/data/delete', {
      method: 'POST',
      json: { password: s.password },
    });
    expect(open.body.errno).toBe(Errno.DELETION_OPEN_DEALINGS);
    expect(open.body.data).toMatchObject({ open_orders: 1 });
  });

  it('postpones the erasure while an order is open at its time', async () => {
    const order = await paidOrder(server);
    await server.db.query(
      `INSERT INTO account_deletions (user_id, url_local, state, confirm_by, confirmed_at, effective_at)
       VALUES ($1, 'id', 'scheduled', now(), now(), now())`,
      [order.userId],
    );
    const id = Number(
      (
        await server.db.query<{ id: string }>(`SELECT id::text AS id FROM account_deletions WHERE user_id = $1`, [
          order.userId,
        ])
      )[0]!.id,
    );
    expect(await server.app.dataRights.runErasure(id)).toBe('postponed');
    expect(await state(order.userId)).toBe('scheduled');
    const user = await server.db.query(`SELECT 1 FROM users WHERE id = $1 AND erased_at IS NULL`, [order.userId]);
    expect(user).toHaveLength(1);
  });

  it('takes parallel deletion requests and confirmations as one', async () => {
    const s = await shopper();
    const asks = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.client.call('/api/id/account/data/delete', { method: 'POST', json: { password: s.password } }),
      ),
    );
    expect(asks.every((a) => a.body.errno === 0)).toBe(true);
    const open = await server.db.query(`SELECT token_hash FROM account_deletions WHERE user_id = $1`, [s.userId]);
    expect(open).toHaveLength(1);
    const token = await askDeletion(s);
    const confirms = await Promise.all(
      Array.from({ length: 5 }, () =>
        new Client(server.base).call('/api/id/account/data/delete/confirm', { method: 'POST', json: { token } }),
      ),
    );
    expect(confirms.filter((c) => c.body.errno === 0)).toHaveLength(1);
    expect(confirms.filter((c) => c.body.errno === Errno.DELETION_LINK_INVALID)).toHaveLength(4);
    expect(await eventually(async () => (await state(s.userId)) === 'erased')).toBe(true);
  });

  it('erases after a restart of the job runner', async () => {
    const s = await shopper();
    const token = await askDeletion(s);
    const confirmed = await new Client(server.base).call('/api/id/account/data/delete/confirm', {
      method: 'POST',
      json: { token },
    });
    expect(confirmed.body.errno).toBe(0);
    // The process that queued the erasure stops before its time; a new one on the same database does it.
    await server.app.close();
    expect(await state(s.userId)).toBe('scheduled');
    const app = await buildApp({
      db: server.db,
      logger: false,
      env: {
        PUBLIC_DIR: server.publicDir,
        LOG_LEVEL: 'silent',
        TRUST_PROXY: 'loopback',
        ACCOUNT_DELETION_GRACE_MS: 1500,
      },
    });
    try {
      expect(await eventually(async () => (await state(s.userId)) === 'erased')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
