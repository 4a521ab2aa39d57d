import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, drivers, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { sellable } from '../../test-support/fixtures';
import { bossSchema } from '../../releases/boss';
import { Errno } from '../../errors';
import { DEFAULT_SALE_REMINDER_LEAD_MINUTES, WAITING_SALE_REMINDERS_MAX } from '../../alerts/rules';
import { SALE_REMINDER_QUEUE } from '../../alerts/index';

/**
 * "Remind me" through real HTTP: a signed-in shopper asks to be reminded before a flash sale (a coupon campaign) or a
 * pre-sale starts; a queued job (kept in the database) sends one message and one mail at the start less the lead
 * (10 minutes), at once when the start is nearer, and never after the start. Windows are set relative to the
 * database's now(), never by waiting for a real date.
 */
const FLASH = 'id-terbatas';
const PHONES_ONLY = 'id-diskon-10';
const PRESALE = { id: 'id-xiaomi-15t-pro-presale', productId: 'xiaomi-15t-pro' };

describe.each(drivers)('sale reminders (%s)', (driver) => {
  let server: TestServer;
  let productId: string;
  beforeAll(async () => {
    server = await startServer(driver);
    productId = (await sellable(server.db, 1, 2)).product_id;
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    // Each test starts with no reminder waiting, so the sweeps of one test never send another's.
    await server.db.query(`UPDATE sale_reminders SET state = 'cancelled', closed_at = now() WHERE state = 'waiting'`);
  });

  /** Opens the flash coupon `starts` from now (an SQL interval), for a day. */
  const flashStarts = (starts: string) =>
    server.db.query(
      `UPDATE coupons SET starts_at = now() + interval '${starts}',
         ends_at = now() + interval '${starts}' + interval '1 day'
       WHERE id = $1`,
      [FLASH],
    );
  const remind = (c: Client, json: Record<string, unknown>) =>
    c.call('/api/id/alerts/sale', {
      method: 'POST',
      json: { sale_kind: 'coupon', sale_id: FLASH, product_id: productId, ...json },
    });
  const reminderMails = async (email: string) =>
    (await mailbox(server.base, email)).filter((m) => m.kind === 'alert-sale-reminder');
  const alertMessages = (userId: number) =>
    server.db.query<{ title: string; body: string; link: string }>(
      `SELECT title, body, link FROM messages WHERE user_id = $1 AND kind = 'alert'`,
      [userId],
    );
  async function eventually(check: () => Promise<void>, ms = 15_000): Promise<void> {
    const until = Date.now() + ms;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  it('a reminder waits for its job: sent at the start less the lead, once, before the sale opens', async () => {
    expect(server.app.alerts.leadMinutes).toBe(DEFAULT_SALE_REMINDER_LEAD_MINUTES);
    // Due three seconds from now: the start is the lead and three seconds away.
    await flashStarts(`${DEFAULT_SALE_REMINDER_LEAD_MINUTES} minutes 3 seconds`);
    const shopper = await quickShopper(server);
    const r = await remind(shopper.client, {});
    expect(r.body.errno).toBe(0);
    const reminder = r.body.data.reminder;
    expect(reminder).toMatchObject({
      sale_kind: 'coupon',
      sale_id: FLASH,
      product_id: productId,
      name: 'Kupon kilat',
      state: 'waiting',
      link: `/id/product/${productId}/`,
      closed_at: null,
    });
    expect(reminder.starts_at - reminder.remind_at).toBe(DEFAULT_SALE_REMINDER_LEAD_MINUTES * 60_000);
    // The job is a row of the queue in the database (it outlives a restart), due at the reminder's time.
    const schema = await bossSchema(server.db);
    const jobs = await server.db.query<{ state: string; start_after: Date }>(
      `SELECT state, start_after FROM ${schema}.job WHERE name = $1 AND data ->> 'id' = $2`,
      [SALE_REMINDER_QUEUE, FLASH],
    );
    expect(jobs).toHaveLength(1);
    expect(Math.abs(new Date(jobs[0]!.start_after).getTime() - reminder.remind_at)).toBeLessThan(1000);
    expect(await reminderMails(shopper.email)).toHaveLength(0);
    // A second shopper of the same sale adds no job.
    const other = await quickShopper(server);
    expect((await remind(other.client, {})).body.errno).toBe(0);
    expect(
      (
        await server.db.query(`SELECT 1 FROM ${schema}.job WHERE name = $1 AND data ->> 'id' = $2`, [
          SALE_REMINDER_QUEUE,
          FLASH,
        ])
      ).length,
    ).toBe(1);

    await eventually(async () => expect(await reminderMails(shopper.email)).toHaveLength(1));
    const [mail] = await reminderMails(shopper.email);
    expect(mail!.subject).toContain('Kupon kilat');
    expect(mail!.text).toContain(`/id/product/${productId}/`);
    // Before the sale opened.
    const opened = await server.db.query<{ upcoming: boolean }>(
      `SELECT now() < starts_at AS upcoming FROM coupons WHERE id = $1`,
      [FLASH],
    );
    expect(opened[0]!.upcoming).toBe(true);
    expect(await alertMessages(shopper.userId)).toHaveLength(1);
    await eventually(async () => expect(await reminderMails(other.email)).toHaveLength(1));
    // Once: more sweeps send nothing more.
    await server.app.alerts.sendDueReminders();
    expect(await reminderMails(shopper.email)).toHaveLength(1);
    const listed = (await shopper.client.call('/api/id/alerts')).body.data.sales[0];
    expect(listed).toMatchObject({ id: reminder.id, state: 'sent' });
  });

  it('a start nearer than the lead: the reminder goes at once; a started sale takes none', async () => {
    await flashStarts('3 minutes');
    const shopper = await quickShopper(server);
    const r = await remind(shopper.client, {});
    expect(r.body.errno).toBe(0);
    expect(r.body.data.reminder.state).toBe('sent');
    expect(await reminderMails(shopper.email)).toHaveLength(1);
    const [message] = await alertMessages(shopper.userId);
    expect(message!.link).toBe(`/id/product/${productId}/`);

    await flashStarts('-1 minute');
    const late = await remind((await quickShopper(server)).client, {});
    expect(late.body.errno).toBe(Errno.ALERT_SALE_STARTED);
    expect(late.body.errmsg).not.toMatch(/^alert\./);
  });

  it('unknown sales, coupons of other products or countries, visitors and bad input are refused', async () => {
    await flashStarts('1 hour');
    const visitor = new Client(server.base);
    expect((await remind(visitor, {})).body.errno).toBe(Errno.NOT_LOGGED_IN);
    const { client } = await quickShopper(server);
    expect((await remind(client, { sale_id: 'no-such-coupon' })).body.errno).toBe(Errno.ALERT_SALE_UNKNOWN);
    // A German coupon on the Indonesian storefront.
    expect((await remind(client, { sale_id: 'de-willkommen-20' })).body.errno).toBe(Errno.ALERT_SALE_UNKNOWN);
    // A coupon for phones and tablets, asked on the page of a product of neither.
    const category = (
      await server.db.query<{ category: string }>(`SELECT category FROM products WHERE id = $1`, [productId])
    )[0]!.category;
    if (!['phones', 'tablets'].includes(category)) {
      await server.db.query(`UPDATE coupons SET starts_at = now() + interval '1 hour' WHERE id = $1`, [PHONES_ONLY]);
      expect((await remind(client, { sale_id: PHONES_ONLY })).body.errno).toBe(Errno.ALERT_SALE_UNKNOWN);
    }
    // A pre-sale of another product.
    expect((await remind(client, { sale_kind: 'presale', sale_id: undefined })).body.errno).toBe(
      Errno.ALERT_SALE_UNKNOWN,
    );
    const noId = await remind(client, { sale_id: undefined });
    expect(noId.status).toBe(400);
    expect(noId.body.errno).toBe(Errno.INVALID_PARAM);
    for (const body of [{ sale_kind: 'flash' }, { product_id: '../x' }, { sale_id: 'A'.repeat(300) }]) {
      const r = await remind(client, body);
      expect(r.status).toBeLessThan(500);
      expect(r.body.errno).not.toBe(0);
    }
  });

  it('a pre-sale by its product: reminded before its deposit window opens', async () => {
    await server.db.query(
      `UPDATE presale_campaigns SET deposit_starts_at = now() + interval '5 minutes' WHERE id = $1`,
      [PRESALE.id],
    );
    const shopper = await quickShopper(server);
    const r = await shopper.client.call('/api/id/alerts/sale', {
      method: 'POST',
      json: { sale_kind: 'presale', product_id: PRESALE.productId },
    });
    expect(r.body.errno).toBe(0);
    expect(r.body.data.reminder).toMatchObject({ sale_kind: 'presale', sale_id: PRESALE.id, state: 'sent' });
    expect(r.body.data.reminder.name).toContain('Xiaomi 15T Pro');
    const [mail] = await reminderMails(shopper.email);
    expect(mail!.subject).toContain('Xiaomi 15T Pro');
  });

  it('parallel requests keep one reminder, parallel senders send it once, the limit holds in parallel', async () => {
    await flashStarts('1 hour');
    const shopper = await quickShopper(server);
    const answers = await Promise.all(Array.from({ length: 10 }, () => remind(shopper.client, {})));
    expect(answers.every((a) => a.body.errno === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.reminder.id)).size).toBe(1);
    // The start comes within the lead (an operator moved it): every sender at once, one mail.
    await flashStarts('2 minutes');
    await Promise.all([
      ...Array.from({ length: 5 }, () => server.app.alerts.sendDueReminders()),
      ...Array.from({ length: 5 }, () => server.app.alerts.sendDueReminders({ kind: 'coupon', id: FLASH })),
    ]);
    expect(await reminderMails(shopper.email)).toHaveLength(1);
    expect(await alertMessages(shopper.userId)).toHaveLength(1);

    // At the limit less one, two sales at once: one is kept, one refused with the limit.
    const busy = await quickShopper(server);
    await server.db.query(
      `INSERT INTO sale_reminders (user_id, url_local, sale_kind, sale_id, product_id)
       SELECT $1, 'id', 'coupon', 'filler-' || g, $2 FROM generate_series(1, $3::int) g`,
      [busy.userId, productId, WAITING_SALE_REMINDERS_MAX - 1],
    );
    await flashStarts('1 hour');
    await server.db.query(`UPDATE presale_campaigns SET deposit_starts_at = now() + interval '1 hour' WHERE id = $1`, [
      PRESALE.id,
    ]);
    const results = await Promise.all([
      remind(busy.client, {}),
      busy.client.call('/api/id/alerts/sale', {
        method: 'POST',
        json: { sale_kind: 'presale', product_id: PRESALE.productId },
      }),
    ]);
    expect(results.map((r) => r.body.errno).sort()).toEqual([0, Errno.ALERT_LIMIT]);
  });

  it('missed, never late: a sale started or withdrawn before its reminder went tells nobody', async () => {
    await flashStarts('1 hour');
    const shopper = await quickShopper(server);
    const id = (await remind(shopper.client, {})).body.data.reminder.id as string;
    // The operator opens the sale now: the reminder is missed, not sent after the start.
    await flashStarts('-1 second');
    await server.app.alerts.sendDueReminders();
    expect(await reminderMails(shopper.email)).toHaveLength(0);
    const listed = (await shopper.client.call('/api/id/alerts')).body.data.sales[0];
    expect(listed).toMatchObject({ id, state: 'missed' });

    // A campaign withdrawn from the content ends before it starts.
    await flashStarts('1 hour');
    const again = (await remind(shopper.client, {})).body.data.reminder.id as string;
    await server.db.query(`UPDATE coupons SET ends_at = least(ends_at, now()) WHERE id = $1`, [FLASH]);
    await server.app.alerts.sendDueReminders();
    expect(await reminderMails(shopper.email)).toHaveLength(0);
    expect((await server.db.query(`SELECT state FROM sale_reminders WHERE id = $1`, [again]))[0]).toEqual({
      state: 'missed',
    });
  });

  it('a moved start moves the reminder; a cancelled one is not sent; messages follow the preferences', async () => {
    await flashStarts('1 hour');
    const shopper = await quickShopper(server);
    const quiet = await quickShopper(server);
    await quiet.client.call('/api/id/notification/preferences', {
      method: 'POST',
      json: { prefs: [{ kind: 'alert', mail: true, message: false }] },
    });
    const cancelled = await quickShopper(server);
    const id = (await remind(cancelled.client, {})).body.data.reminder.id as string;
    for (const s of [shopper, quiet]) expect((await remind(s.client, {})).body.errno).toBe(0);
    const cancel = await cancelled.client.call('/api/id/alerts/cancel', { method: 'POST', json: { type: 'sale', id } });
    expect(cancel.body.data).toEqual({ state: 'cancelled' });
    const stranger = await shopperCancel(id);
    expect(stranger).toBe(Errno.ALERT_NOT_FOUND);
    // The job of the old time finds nothing due and queues the new one.
    expect(await server.app.alerts.sendDueReminders({ kind: 'coupon', id: FLASH })).toBe(0);
    expect(await server.app.alerts.reminders.nextDue({ kind: 'coupon', id: FLASH }, 10)).not.toBeNull();
    await flashStarts('5 minutes');
    await server.app.alerts.queueReminders({ kind: 'coupon', id: FLASH });
    expect(await reminderMails(shopper.email)).toHaveLength(1);
    expect(await reminderMails(quiet.email)).toHaveLength(1);
    expect(await reminderMails(cancelled.email)).toHaveLength(0);
    expect(await alertMessages(quiet.userId)).toHaveLength(0);
    expect(await alertMessages(shopper.userId)).toHaveLength(1);
  });

  it('staff see the sales with reminders waiting', async () => {
    await flashStarts('2 hours');
    for (const s of await Promise.all([quickShopper(server), quickShopper(server)])) await remind(s.client, {});
    const staff = (await staffMember(server)).client;
    const r = await staff.call('/api/id/staff/alerts');
    expect(r.body.errno).toBe(0);
    expect(r.body.data.sales.find((s: { sale_id: string }) => s.sale_id === FLASH)).toMatchObject({
      sale_kind: 'coupon',
      name: 'Kupon kilat',
      waiting: 2,
    });
  });

  async function shopperCancel(id: string): Promise<number> {
    const other = await quickShopper(server);
    return (await other.client.call('/api/id/alerts/cancel', { method: 'POST', json: { type: 'sale', id } })).body
      .errno;
  }
});
