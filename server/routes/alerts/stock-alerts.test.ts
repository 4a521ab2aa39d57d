import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { sellable } from '../../test-support/fixtures';
import { moveStock } from '../../stock/move-stock';
import { Errno } from '../../errors';
import { specText } from '../../../content/i18n/spec-values';
import {
  ALERT_WRITES_PER_HOUR,
  CLOSED_ALERTS_KEPT_DAYS,
  STOCK_ALERT_FOLLOW_UP_DAYS,
  WAITING_STOCK_ALERTS_MAX,
} from '../../alerts/rules';

/**
 * "Tell me when it is back" through real HTTP: a signed-in shopper waits for a sold-out version; when its stock comes
 * back by any path (an operator's restock, a cancellation, an offer back on sale) every waiting shopper gets one
 * message and one mail, within the follow-up window, as their notification preferences allow. Parallel restocks,
 * parallel requests and the limits hold on both drivers.
 */
describe.each(drivers)('back-in-stock alerts (%s)', (driver) => {
  let server: TestServer;
  let skip = 40;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  /** A version of its own for each test, sold out in Indonesia. */
  async function soldOut(): Promise<{ commodity_id: string; product_id: string; name: string }> {
    const item = await sellable(server.db, 1, skip++);
    await server.db.query(`UPDATE offers SET stock = 0 WHERE commodity_id = $1 AND local = 'id'`, [item.commodity_id]);
    return item;
  }
  const ask = (c: Client, commodityId: string) =>
    c.call('/api/id/alerts/stock', { method: 'POST', json: { commodity_id: commodityId } });
  const list = async (c: Client) => (await c.call('/api/id/alerts')).body.data;
  const restock = async (staff: Client, commodityId: string, delta: number) => {
    const stock = Number(
      (
        await server.db.query<{ stock: number }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
          commodityId,
        ])
      )[0]!.stock,
    );
    return staff.call('/api/id/staff/inventory/adjust', {
      method: 'POST',
      json: { local: 'id', commodity_id: commodityId, expected_stock: stock, delta, note: 'delivery from Cikarang' },
    });
  };
  const alertMails = async (email: string) =>
    (await mailbox(server.base, email)).filter((m) => m.kind === 'alert-back-in-stock');
  const alertMessages = (userId: number) =>
    server.db.query<{ title: string; body: string; link: string }>(
      `SELECT title, body, link FROM messages WHERE user_id = $1 AND kind = 'alert'`,
      [userId],
    );
  /** Polls until `check` passes (the telling runs after the restock's commit, woken by the database). */
  async function eventually(check: () => Promise<void>, ms = 8000): Promise<void> {
    const until = Date.now() + ms;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  it('visitors sign in first; in stock or not sold here keeps no alert; bad input is an envelope', async () => {
    const item = await sellable(server.db, 1, 3);
    const visitor = new Client(server.base);
    expect((await ask(visitor, item.commodity_id)).body.errno).toBe(Errno.NOT_LOGGED_IN);
    const { client } = await quickShopper(server);
    const inStock = await ask(client, item.commodity_id);
    expect(inStock.body.errno).toBe(Errno.ALERT_IN_STOCK);
    expect(inStock.body.errmsg).not.toMatch(/^alert\./);
    expect((await ask(client, '999999999')).body.errno).toBe(Errno.ALERT_NOT_SOLD);
    // Off sale (dropped from the country's catalogue): nothing to wait for.
    const dropped = await soldOut();
    await server.db.query(`UPDATE offers SET on_sale = false WHERE commodity_id = $1 AND local = 'id'`, [
      dropped.commodity_id,
    ]);
    expect((await ask(client, dropped.commodity_id)).body.errno).toBe(Errno.ALERT_NOT_SOLD);
    for (const body of [{}, { commodity_id: 'abc' }, { commodity_id: 12 }, 'x'.repeat(100)]) {
      const r = await client.call('/api/id/alerts/stock', { method: 'POST', json: body });
      expect(r.status).toBeLessThan(500);
      expect(r.body.errno).not.toBe(0);
    }
    expect((await list(client)).stock).toEqual([]);
  });

  it('an operator restocks in the console: the waiting shopper gets one message and one mail', async () => {
    const item = await soldOut();
    const shopper = await quickShopper(server);
    const first = await ask(shopper.client, item.commodity_id);
    expect(first.body.errno).toBe(0);
    const alert = first.body.data.alert;
    expect(alert).toMatchObject({
      commodity_id: item.commodity_id,
      product_id: item.product_id,
      name: item.name,
      state: 'waiting',
      closed_at: null,
      link: `/id/product/${item.product_id}/?commodityId=${item.commodity_id}`,
    });
    expect(alert.expires_at - alert.created_at).toBe(STOCK_ALERT_FOLLOW_UP_DAYS * 86_400_000);
    // Asking again answers the same alert.
    expect((await ask(shopper.client, item.commodity_id)).body.data.alert.id).toBe(alert.id);

    const staff = (await staffMember(server)).client;
    expect((await restock(staff, item.commodity_id, 12)).body.errno).toBe(0);
    await eventually(async () => expect(await alertMails(shopper.email)).toHaveLength(1));
    const [mail] = await alertMails(shopper.email);
    expect(mail!.subject).toContain(item.name);
    expect(mail!.text).toContain(`/id/product/${item.product_id}/?commodityId=${item.commodity_id}`);
    const messages = await alertMessages(shopper.userId);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.link).toBe(alert.link);
    const listed = (await list(shopper.client)).stock[0];
    expect(listed).toMatchObject({ id: alert.id, state: 'notified' });
    expect(listed.closed_at).toBeGreaterThanOrEqual(alert.created_at);

    // Sold out and back again: the alert was told once, so nothing more goes out.
    await server.db.query(`UPDATE offers SET stock = 0 WHERE commodity_id = $1 AND local = 'id'`, [item.commodity_id]);
    await restock(staff, item.commodity_id, 3);
    await server.app.alerts.tellBackInStock();
    expect(await alertMails(shopper.email)).toHaveLength(1);
    expect(await alertMessages(shopper.userId)).toHaveLength(1);
  });

  it('parallel restocks and parallel senders tell each waiting shopper exactly once', async () => {
    const item = await soldOut();
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => quickShopper(server)));
    for (const s of shoppers) expect((await ask(s.client, item.commodity_id)).body.errno).toBe(0);
    const staff = await Promise.all([staffMember(server), staffMember(server), staffMember(server)]);
    // Three operators restock from the stock they saw (one wins, the others are refused as stale), a cancelled
    // order puts units back, and every process's sender runs at once.
    await Promise.all([
      ...staff.map((s) => restock(s.client, item.commodity_id, 5)),
      server.db.transaction((tx) =>
        moveStock(tx, { commodityId: item.commodity_id, local: 'id', delta: 2, reason: 'cancellation' }),
      ),
      ...Array.from({ length: 5 }, () => server.app.alerts.tellBackInStock()),
      ...Array.from({ length: 5 }, () =>
        server.app.alerts.tellBackInStock({ local: 'id', commodityId: item.commodity_id }),
      ),
    ]);
    await server.app.alerts.tellBackInStock();
    for (const s of shoppers) {
      await eventually(async () => expect(await alertMails(s.email)).toHaveLength(1));
      expect(await alertMessages(s.userId)).toHaveLength(1);
    }
    const states = await server.db.query<{ state: string; n: number }>(
      `SELECT state, count(*)::int AS n FROM stock_alerts WHERE commodity_id = $1 GROUP BY state`,
      [item.commodity_id],
    );
    expect(states).toEqual([{ state: 'notified', n: 6 }]);
  });

  it('parallel requests of one shopper keep one alert; the waiting limit holds under parallel requests', async () => {
    const item = await soldOut();
    const shopper = await quickShopper(server);
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(shopper.client, item.commodity_id)));
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.alert.id)).size).toBe(1);

    // At the limit less two, five more versions at once: two are kept, three refused with the limit.
    const other = await quickShopper(server);
    // One after another: each is then sold out, so the next is another version.
    const more: Awaited<ReturnType<typeof soldOut>>[] = [];
    for (let i = 0; i < 5; i++) more.push(await soldOut());
    const fillers = await server.db.query<{ commodity_id: string }>(
      `SELECT commodity_id FROM offers WHERE local = 'id' AND on_sale AND NOT (commodity_id = ANY($2::text[]))
       ORDER BY commodity_id LIMIT $1`,
      [WAITING_STOCK_ALERTS_MAX - 2, more.map((m) => m.commodity_id)],
    );
    await server.db.query(
      `INSERT INTO stock_alerts (user_id, url_local, commodity_id, local, expires_at)
       SELECT $1, 'id', x, 'id', now() + interval '30 days' FROM unnest($2::text[]) AS x`,
      [other.userId, fillers.map((f) => f.commodity_id)],
    );
    const results = await Promise.all(more.map((m) => ask(other.client, m.commodity_id)));
    expect(results.filter((r) => r.body.errno === 0)).toHaveLength(2);
    const refused = results.filter((r) => r.body.errno !== 0);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.body.errno).toBe(Errno.ALERT_LIMIT);
      expect(r.body.data).toEqual({ max: WAITING_STOCK_ALERTS_MAX });
      expect(r.body.errmsg).toContain(String(WAITING_STOCK_ALERTS_MAX));
    }
    const waiting = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stock_alerts WHERE user_id = $1 AND state = 'waiting'`,
      [other.userId],
    );
    expect(waiting[0]!.n).toBe(WAITING_STOCK_ALERTS_MAX);
  });

  it('past its follow-up window: told nothing, listed as expired, and a new one may take its place', async () => {
    const item = await soldOut();
    const shopper = await quickShopper(server);
    const id = (await ask(shopper.client, item.commodity_id)).body.data.alert.id as string;
    await server.db.query(
      `UPDATE stock_alerts SET created_at = now() - interval '31 days', expires_at = now() - interval '1 day'
       WHERE id = $1`,
      [id],
    );
    const staff = (await staffMember(server)).client;
    await restock(staff, item.commodity_id, 4);
    await server.app.alerts.tellBackInStock();
    expect(await alertMails(shopper.email)).toHaveLength(0);
    expect(await alertMessages(shopper.userId)).toHaveLength(0);
    expect((await list(shopper.client)).stock[0]).toMatchObject({ id, state: 'expired' });
    // Cancelling it changes nothing; the sweep records it as expired.
    expect(
      (await shopper.client.call('/api/id/alerts/cancel', { method: 'POST', json: { type: 'stock', id } })).body.data,
    ).toEqual({ state: 'expired' });
    await server.app.alerts.stock.expireAndPrune(90);
    expect((await server.db.query(`SELECT state FROM stock_alerts WHERE id = $1`, [id]))[0]).toEqual({
      state: 'expired',
    });
    // Sold out again: the shopper may wait anew.
    await server.db.query(`UPDATE offers SET stock = 0 WHERE commodity_id = $1 AND local = 'id'`, [item.commodity_id]);
    const again = await ask(shopper.client, item.commodity_id);
    expect(again.body.errno).toBe(0);
    expect(again.body.data.alert.id).not.toBe(id);
  });

  it('a cancelled alert is told nothing; another shopper cannot cancel it', async () => {
    const item = await soldOut();
    const shopper = await quickShopper(server);
    const stranger = await quickShopper(server);
    const id = (await ask(shopper.client, item.commodity_id)).body.data.alert.id as string;
    const cancel = (c: Client, alertId: string) =>
      c.call('/api/id/alerts/cancel', { method: 'POST', json: { type: 'stock', id: alertId } });
    const foreign = await cancel(stranger.client, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errno).toBe(Errno.ALERT_NOT_FOUND);
    expect((await cancel(stranger.client, '999999999999')).body.errno).toBe(Errno.ALERT_NOT_FOUND);
    const results = await Promise.all(Array.from({ length: 4 }, () => cancel(shopper.client, id)));
    expect(results.map((r) => r.body.data.state)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    await restock((await staffMember(server)).client, item.commodity_id, 2);
    await server.app.alerts.tellBackInStock();
    expect(await alertMails(shopper.email)).toHaveLength(0);
    expect((await list(shopper.client)).stock[0]).toMatchObject({ id, state: 'cancelled' });
  });

  it('follows the notification preferences: mail off gets the message only, messages off the mail only', async () => {
    const item = await soldOut();
    const noMail = await quickShopper(server);
    const noMessage = await quickShopper(server);
    const save = (c: Client, prefs: { mail: boolean; message: boolean }) =>
      c.call('/api/id/notification/preferences', {
        method: 'POST',
        json: { prefs: [{ kind: 'alert', ...prefs }] },
      });
    expect((await save(noMail.client, { mail: false, message: true })).body.errno).toBe(0);
    expect((await save(noMessage.client, { mail: true, message: false })).body.errno).toBe(0);
    for (const s of [noMail, noMessage]) expect((await ask(s.client, item.commodity_id)).body.errno).toBe(0);
    await restock((await staffMember(server)).client, item.commodity_id, 6);
    await eventually(async () => expect(await alertMails(noMessage.email)).toHaveLength(1));
    await server.app.alerts.tellBackInStock();
    expect(await alertMails(noMail.email)).toHaveLength(0);
    expect(await alertMessages(noMail.userId)).toHaveLength(1);
    expect(await alertMessages(noMessage.userId)).toHaveLength(0);
    // Both were told (the alert is closed), whatever the channels let through.
    for (const s of [noMail, noMessage]) expect((await list(s.client)).stock[0].state).toBe('notified');
  });

  it('an offer back on sale with stock (a seed bringing it back) tells its waiting shoppers', async () => {
    const item = await soldOut();
    const shopper = await quickShopper(server);
    expect((await ask(shopper.client, item.commodity_id)).body.errno).toBe(0);
    // The snapshot dropped the version (off sale) while stock arrived, then a later snapshot has it again.
    await server.db.query(`UPDATE offers SET on_sale = false, stock = 8 WHERE commodity_id = $1 AND local = 'id'`, [
      item.commodity_id,
    ]);
    await server.app.alerts.tellBackInStock();
    expect(await alertMails(shopper.email)).toHaveLength(0);
    await server.db.query(`UPDATE offers SET on_sale = true WHERE commodity_id = $1 AND local = 'id'`, [
      item.commodity_id,
    ]);
    await eventually(async () => expect(await alertMails(shopper.email)).toHaveLength(1));
  });

  it('tells in the language of the storefront it was asked in, colour names too', async () => {
    // /de sells this version sold out from the start (its snapshot stock is 0): "30W · Red".
    const shopper = await quickShopper(server);
    const asked = await shopper.client.call('/api/de/alerts/stock', {
      method: 'POST',
      json: { commodity_id: '10141' },
    });
    expect(asked.body.errno).toBe(0);
    const spec = specText('30W · Red', 'de');
    expect(spec).not.toBe('30W · Red');
    expect(asked.body.data.alert.spec).toBe(spec);
    await server.db.query(`UPDATE offers SET stock = 3 WHERE commodity_id = '10141' AND local = 'de'`);
    await eventually(async () => expect(await alertMails(shopper.email)).toHaveLength(1));
    const [mail] = await alertMails(shopper.email);
    expect(mail!.subject).toBe(`Wieder verfügbar: Xiaomi Sound Outdoor (${spec})`);
    expect(mail!.text).toContain('/de/product/xiaomi-sound-outdoor/?commodityId=10141');
  });

  it('an account gets 100 alert requests and cancellations an hour, over all its sessions', async () => {
    const shopper = await quickShopper(server);
    const cancel = () =>
      shopper.client.call('/api/id/alerts/cancel', { method: 'POST', json: { type: 'stock', id: '999999999999' } });
    const answers = await Promise.all(Array.from({ length: ALERT_WRITES_PER_HOUR }, cancel));
    expect(answers.every((a) => a.body.errno === Errno.ALERT_NOT_FOUND)).toBe(true);
    const over = await cancel();
    expect(over.status).toBe(429);
    expect(over.body.errno).toBe(Errno.RATE_LIMITED);
    // Another session of the same account has no fresh allowance.
    const item = await soldOut();
    const again = new Client(server.base);
    again.cookies.set('serviceToken', await server.app.repos.users.createSession(shopper.userId));
    again.cookies.set('userId', String(shopper.userId));
    expect((await ask(again, item.commodity_id)).status).toBe(429);
  });

  it('closed alerts are kept 90 days, waiting ones until their window ends', async () => {
    const item = await soldOut();
    const shopper = await quickShopper(server);
    const id = (await ask(shopper.client, item.commodity_id)).body.data.alert.id as string;
    const old = await server.db.query<{ id: string }>(
      `INSERT INTO stock_alerts (user_id, url_local, commodity_id, local, state, created_at, expires_at, closed_at)
       VALUES ($1, 'id', $2, 'id', 'cancelled', now() - interval '130 days', now() - interval '100 days',
               now() - interval '${CLOSED_ALERTS_KEPT_DAYS + 1} days')
       RETURNING id::text AS id`,
      [shopper.userId, item.commodity_id],
    );
    await server.app.alerts.stock.expireAndPrune(CLOSED_ALERTS_KEPT_DAYS);
    const left = await server.db.query<{ id: string }>(`SELECT id::text AS id FROM stock_alerts WHERE user_id = $1`, [
      shopper.userId,
    ]);
    expect(left.map((r) => r.id)).toEqual([id]);
    expect(old[0]!.id).not.toBe(id);
  });

  it('staff see who is waiting for which version; shoppers are refused', async () => {
    const item = await soldOut();
    const shoppers = await Promise.all([quickShopper(server), quickShopper(server)]);
    for (const s of shoppers) await ask(s.client, item.commodity_id);
    const staff = (await staffMember(server)).client;
    const r = await staff.call('/api/id/staff/alerts');
    expect(r.body.errno).toBe(0);
    expect(
      r.body.data.offers.find((o: { commodity_id: string }) => o.commodity_id === item.commodity_id),
    ).toMatchObject({ product_id: item.product_id, stock: 0, on_sale: true, waiting: 2 });
    const refused = await shoppers[0]!.client.call('/api/id/staff/alerts');
    expect(refused.status).toBe(403);
    expect(refused.body.errno).toBe(Errno.STAFF_ONLY);
  });
});
