import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, linkToken, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { commodity } from '../../test-support/fixtures';
import { addToCart, establishedShopper, quickShopper, saveAddress } from '../../test-support/shoppers';
import { postMessageIn, type MessageKind } from '../../repositories/messages';
import { wantsIn } from '../../repositories/notification-prefs';
import { mailOutbox } from '../../mail/outbox';
import { newsletterMail } from '../../mail/newsletter-mails';
import { findStorefront } from '../../storefront';
import { Errno } from '../../errors';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';

describe.each(drivers)('messages and notifications (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const post = (userId: number, kind: MessageKind, title: string, link: string | null = null) =>
    postMessageIn(server.db, { userId, kind, title, body: `${title} body`, link });
  const unreadHeader = async (c: Client) => (await c.call('/api/id/misc/info')).body.data.unread_message as number;
  const list = async (c: Client, query = '') => (await c.call(`/api/id/message/list${query}`)).body;

  /** A shopper with a phone in the cart and an address: ready to place an order. */
  async function buyer() {
    // Established: its third order holds two phones, above what a new account may order without review.
    const s = await establishedShopper(server);
    const addressId = await saveAddress(s.client);
    const phone = await commodity(server.db, `p.category = 'phones' AND o.stock > 5`);
    await addToCart(s.client, phone.commodity_id);
    return { ...s, addressId };
  }
  async function placeOrder(b: Awaited<ReturnType<typeof buyer>>, checkoutToken: string): Promise<string> {
    const placed = await b.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId: b.addressId, agreePrivacy: true, checkoutToken },
    });
    expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
    return placed.body.data.order_id as string;
  }
  async function pay(b: Awaited<ReturnType<typeof buyer>>, orderId: string) {
    const paid = await b.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
    expect(paid.body.errno, JSON.stringify(paid.body)).toBe(0);
  }

  it('lists by kind and page, opens, marks read (header count drops), deletes; others’ ids are not found', async () => {
    const a = await quickShopper(server);
    const b = await quickShopper(server);
    const welcome = (await list(a.client)).data.total as number; // the joining message of a new account
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await post(a.userId, i % 3 === 0 ? 'ticket' : 'order', `Message ${i}`, `/id/user/order/${i}/`))!);
    const foreign = (await post(b.userId, 'order', 'Not yours'))!;

    const first = await list(a.client, '?pageSize=5');
    expect(first.errno).toBe(0);
    expect(first.data.total).toBe(12 + welcome);
    expect(first.data.messages.map((m: any) => m.title)).toEqual([
      'Message 11',
      'Message 10',
      'Message 9',
      'Message 8',
      'Message 7',
    ]);
    expect(first.data.unread).toBe(12 + welcome);
    expect(first.data.unread_by_kind).toMatchObject({ order: 8, ticket: 4, service: 0, review: 0 });
    const third = await list(a.client, '?pageSize=5&page=3&kind=order');
    expect(third.data.total).toBe(8);
    expect(third.data.messages).toEqual([]);
    const tickets = await list(a.client, '?kind=ticket');
    expect(tickets.data.messages.map((m: any) => m.title)).toEqual([
      'Message 9',
      'Message 6',
      'Message 3',
      'Message 0',
    ]);
    expect(await unreadHeader(a.client)).toBe(12 + welcome);

    const detail = await a.client.call(`/api/id/message/detail?id=${ids[4]}`);
    expect(detail.body.data.message).toMatchObject({
      id: ids[4],
      kind: 'order',
      title: 'Message 4',
      body: 'Message 4 body',
      link: '/id/user/order/4/',
      read: false,
    });
    const read = await a.client.call('/api/id/message/read', { method: 'POST', json: { id: ids[4] } });
    expect(read.body.data).toEqual({ unread: 11 + welcome });
    // Reading again changes nothing.
    expect((await a.client.call('/api/id/message/read', { method: 'POST', json: { id: ids[4] } })).body.data).toEqual({
      unread: 11 + welcome,
    });
    expect(await unreadHeader(a.client)).toBe(11 + welcome);
    expect((await a.client.call(`/api/id/message/detail?id=${ids[4]}`)).body.data.message.read).toBe(true);
    expect((await list(a.client, '?unread=true&kind=order')).data.messages.map((m: any) => m.id)).not.toContain(ids[4]);

    const removed = await a.client.call('/api/id/message/delete', { method: 'POST', json: { id: ids[5] } });
    expect(removed.body.data).toEqual({ unread: 10 + welcome });
    expect((await a.client.call(`/api/id/message/detail?id=${ids[5]}`)).body.errno).toBe(Errno.NOT_FOUND);

    // Another user's message: not found for every call, and left as it was.
    for (const call of [
      a.client.call(`/api/id/message/detail?id=${foreign}`),
      a.client.call('/api/id/message/read', { method: 'POST', json: { id: foreign } }),
      a.client.call('/api/id/message/delete', { method: 'POST', json: { id: foreign } }),
    ]) {
      const r = await call;
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ errno: Errno.NOT_FOUND, data: null });
    }
    expect((await b.client.call(`/api/id/message/detail?id=${foreign}`)).body.data.message).toMatchObject({
      title: 'Not yours',
      read: false,
    });

    const all = await a.client.call('/api/id/message/read-all', { method: 'POST', json: { kind: 'ticket' } });
    expect(all.body.data).toEqual({ marked: 4, unread: 6 + welcome });
    expect((await a.client.call('/api/id/message/read-all', { method: 'POST', json: {} })).body.data).toEqual({
      marked: 6 + welcome,
      unread: 0,
    });
    expect(await unreadHeader(a.client)).toBe(0);
    expect(await unreadHeader(b.client)).toBeGreaterThan(0);
  });

  it('parallel mark-all-read marks each message once and leaves nothing unread', async () => {
    const a = await quickShopper(server);
    for (let i = 0; i < 20; i++) await post(a.userId, 'order', `Parallel ${i}`);
    const before = (await list(a.client)).data.unread as number;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => a.client.call('/api/id/message/read-all', { method: 'POST', json: {} })),
    );
    expect(answers.every((r) => r.body.errno === 0)).toBe(true);
    expect(answers.reduce((sum, r) => sum + (r.body.data.marked as number), 0)).toBe(before);
    expect(await unreadHeader(a.client)).toBe(0);
  });

  it('a paid order posts a message in the storefront language with its link; an expired one: cancelled', async () => {
    const b = await buyer();
    const orderId = await placeOrder(b, 'ck_msg_paid');
    expect((await list(b.client, '?kind=order')).data.total).toBe(0);
    await pay(b, orderId);
    const orders = (await list(b.client, '?kind=order')).data.messages;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      kind: 'order',
      link: `/id/user/order/${orderId}/`,
      read: false,
      title: `Pembayaran pesanan ${orderId} diterima`,
    });
    expect(orders[0].body).toContain('Rp');

    await addToCart(b.client, (await commodity(server.db, `p.category = 'phones' AND o.stock > 5`)).commodity_id);
    const unpaid = await placeOrder(b, 'ck_msg_expire');
    await server.db.query(`UPDATE orders SET pay_before = now() - interval '1 minute' WHERE id = $1`, [unpaid]);
    expect(await server.app.orderClosing.expireDue()).toBeGreaterThanOrEqual(1);
    const after = (await list(b.client, '?kind=order')).data.messages;
    expect(after[0]).toMatchObject({ title: `Pesanan ${unpaid} dibatalkan`, link: `/id/user/order/${unpaid}/` });
    // Cancelled by the shopper: no message (they know).
    await addToCart(b.client, (await commodity(server.db, `p.category = 'phones' AND o.stock > 5`)).commodity_id);
    const own = await placeOrder(b, 'ck_msg_own_cancel');
    await b.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: own } });
    expect((await list(b.client, '?kind=order')).data.total).toBe(2);
  });

  it('a kind switched off gets no message or mail; security mail and system messages still go', async () => {
    const b = await buyer();
    const defaults = (await b.client.call('/api/id/notification/preferences')).body.data;
    expect(defaults.prefs).toEqual([
      { kind: 'order', mail: true, message: true },
      { kind: 'service', mail: true, message: true },
      { kind: 'ticket', mail: true, message: true },
      { kind: 'review', mail: true, message: true },
      { kind: 'alert', mail: true, message: true },
    ]);
    expect(defaults.newsletter).toBe('none');
    const saved = await b.client.call('/api/id/notification/preferences', {
      method: 'POST',
      json: {
        prefs: [
          { kind: 'order', mail: false, message: false },
          { kind: 'ticket', mail: true, message: false },
        ],
      },
    });
    expect(saved.body.errno).toBe(0);
    expect(saved.body.data.prefs).toContainEqual({ kind: 'order', mail: false, message: false });
    expect(saved.body.data.prefs).toContainEqual({ kind: 'service', mail: true, message: true });
    expect(await wantsIn(server.db, b.userId, 'message', 'ticket')).toBe(false);
    expect(await wantsIn(server.db, b.userId, 'mail', 'ticket')).toBe(true);

    const orderId = await placeOrder(b, 'ck_msg_prefs');
    await pay(b, orderId);
    expect((await list(b.client, '?kind=order')).data.total).toBe(0);
    expect(await post(b.userId, 'ticket', 'Ticket reply')).toBeNull();
    expect(await post(b.userId, 'system', 'System notice')).not.toBeNull();
    expect(await post(b.userId, 'service', 'Repair done')).not.toBeNull();
    const kinds = (await mailbox(server.base, b.email)).map((m) => m.kind);
    expect(kinds).not.toContain('order-confirmation');
    expect(kinds).not.toContain('payment-receipt');

    // The password link is a security mail: it goes out whatever the preferences.
    const forgot = await b.client.call('/api/id/site/forgot', { method: 'POST', json: { email: b.email } });
    expect(forgot.body.errno).toBe(0);
    expect((await mailbox(server.base, b.email)).map((m) => m.kind)).toContain('password-reset');

    // Turned back on, the next order mails again.
    await b.client.call('/api/id/notification/preferences', {
      method: 'POST',
      json: { prefs: [{ kind: 'order', mail: true, message: true }] },
    });
    await addToCart(b.client, (await commodity(server.db, `p.category = 'phones' AND o.stock > 5`)).commodity_id);
    const again = await placeOrder(b, 'ck_msg_prefs_again');
    await pay(b, again);
    expect((await mailbox(server.base, b.email)).map((m) => m.kind)).toEqual(
      expect.arrayContaining(['order-confirmation', 'payment-receipt']),
    );
    expect((await list(b.client, '?kind=order')).data.total).toBe(1);
  });

  it('newsletter: the preference subscribes the account address or ends it; mail to active ones only', async () => {
    const s = await quickShopper(server);
    const links = server.app.mail.links(findStorefront('id')!);
    const issue = (token: string) =>
      newsletterMail(links, s.email, token, { subject: 'News', paragraphs: ['New phones'] });
    const on = await s.client.call('/api/id/notification/preferences', { method: 'POST', json: { newsletter: true } });
    expect(on.body.data.newsletter).toBe('subscribed');
    const token = (
      await server.db.query<{ unsubscribe_token: string }>(
        `SELECT unsubscribe_token FROM subscriptions WHERE email = $1`,
        [s.email],
      )
    )[0]!.unsubscribe_token;
    expect(await wantsIn(server.db, s.userId, 'mail', 'marketing')).toBe(true);
    expect(await mailOutbox.enqueue(server.db, issue(token))).not.toBeNull();
    const mail = (await mailbox(server.base, s.email)).find((m) => m.kind === 'newsletter')!;
    expect(mail.text).toContain(`/api/id/misc/unsubscribe?token=${token}`);

    const off = await s.client.call('/api/id/notification/preferences', {
      method: 'POST',
      json: { newsletter: false },
    });
    expect(off.body.data.newsletter).toBe('none');
    expect(await mailOutbox.enqueue(server.db, issue(token))).toBeNull();
    expect(await wantsIn(server.db, s.userId, 'mail', 'marketing')).toBe(false);
  });

  it('unsubscribe by the newsletter mail’s token: valid, reused, forged, another subscription’s token', async () => {
    const subscribe = async (email: string) => {
      const c = new Client(server.base);
      expect((await c.call(`/api/id/misc/emailsubscribe?email=${encodeURIComponent(email)}`)).body.errno).toBe(0);
      const confirm = (await mailbox(server.base, email)).find((m) => m.kind === 'subscribe-confirm')!;
      expect(
        (await c.call('/api/id/misc/subscribe/confirm', { method: 'POST', json: { token: linkToken(confirm.text) } }))
          .body.errno,
      ).toBe(0);
      return /misc\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(confirm.text)![1]!;
    };
    const stamp = Date.now().toString(36);
    const [one, two] = [`one-${stamp}@example.com`, `two-${stamp}@example.com`];
    const tokenOne = await subscribe(one);
    const tokenTwo = await subscribe(two);
    const active = async (email: string) =>
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM subscriptions WHERE email = $1 AND unsubscribed_at IS NULL`,
          [email],
        )
      )[0]!.n === 1;
    const c = new Client(server.base);

    // The link's page names the address and offers one button; without JavaScript the form posts and the answer says it
    // plainly.
    const page = await (await c.fetch(`/api/id/misc/unsubscribe?token=${tokenOne}`)).text();
    expect(page).toContain(one);
    expect(page).toContain('method="post"');
    expect(page).not.toContain('emailsubscribe');
    const done = await c.fetch('/api/id/misc/unsubscribe', {
      method: 'POST',
      form: { token: tokenOne },
      headers: { accept: 'text/html', origin: server.base },
    });
    expect(done.status).toBe(200);
    const doneText = await done.text();
    expect(doneText).toContain(`${one} telah berhenti berlangganan`);
    expect(doneText).not.toContain('emailsubscribe');
    expect(await active(one)).toBe(false);
    // Only that subscription: the other address still gets the newsletter.
    expect(await active(two)).toBe(true);

    // Reused: says it is already done.
    const reused = await c.call('/api/id/misc/unsubscribe', { method: 'POST', json: { token: tokenOne } });
    expect(reused.body).toMatchObject({ errno: 0, data: { unsubscribed: true, already: true, email: one } });
    expect(await (await c.fetch(`/api/id/misc/unsubscribe?token=${tokenOne}`)).text()).toContain(
      `${one} sudah berhenti berlangganan`,
    );

    // Forged: a well-formed unknown token, and a malformed one.
    const forged = await c.call('/api/id/misc/unsubscribe', { method: 'POST', json: { token: 'A'.repeat(43) } });
    expect(forged.body.errno).toBe(Errno.NOT_FOUND);
    expect(forged.body.errmsg).toContain('tidak valid');
    const malformed = await c.call('/api/id/misc/unsubscribe', { method: 'POST', json: { token: '<script>' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errno).toBe(Errno.INVALID_PARAM);
    const forgedPage = await c.fetch(`/api/id/misc/unsubscribe?token=${'B'.repeat(43)}`);
    expect(forgedPage.status).toBe(410);
    expect(await forgedPage.text()).toContain('tidak valid atau sudah kedaluwarsa');

    expect(
      (await c.call('/api/id/misc/unsubscribe', { method: 'POST', json: { token: tokenTwo } })).body.data,
    ).toMatchObject({ already: false, email: two });
    expect(await active(two)).toBe(false);
  });

  it('bad input gets the envelope with a non-zero errno; visitors are asked to sign in', async () => {
    const s = await quickShopper(server);
    const bad = [
      await s.client.call('/api/id/message/list?pageSize=0'),
      await s.client.call('/api/id/message/list?pageSize=51'),
      await s.client.call('/api/id/message/list?kind=spam'),
      await s.client.call('/api/id/message/list?page=abc'),
      await s.client.call('/api/id/message/detail?id=abc'),
      await s.client.call('/api/id/message/detail'),
      await s.client.call('/api/id/message/read', { method: 'POST', json: { id: -1 } }),
      await s.client.call('/api/id/message/read', { method: 'POST', json: { id: 1e20 } }),
      await s.client.call('/api/id/message/delete', { method: 'POST', json: {} }),
      await s.client.call('/api/id/message/read-all', { method: 'POST', json: { kind: 'all' } }),
      await s.client.call('/api/id/notification/preferences', {
        method: 'POST',
        json: { prefs: [{ kind: 'marketing', mail: true, message: true }] },
      }),
      await s.client.call('/api/id/notification/preferences', {
        method: 'POST',
        json: { prefs: [{ kind: 'order', mail: 'maybe', message: true }] },
      }),
      await s.client.call('/api/id/notification/preferences', {
        method: 'POST',
        json: {
          prefs: [
            { kind: 'order', mail: true, message: true },
            { kind: 'order', mail: false, message: false },
          ],
        },
      }),
    ];
    for (const r of bad) {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errno).not.toBe(0);
      expect(r.body.data).toBeNull();
      expect(typeof r.body.errmsg).toBe('string');
    }
    // Nothing half-written by the refused duplicate.
    expect((await s.client.call('/api/id/notification/preferences')).body.data.prefs[0]).toEqual({
      kind: 'order',
      mail: true,
      message: true,
    });
    const visitor = new Client(server.base);
    for (const path of ['/api/id/message/list', '/api/id/notification/preferences', '/api/id/club'])
      expect((await visitor.call(path)).body.errno).toBe(Errno.NOT_LOGGED_IN);
    expect((await visitor.call('/api/id/message/read-all', { method: 'POST', json: {} })).body.errno).toBe(
      Errno.NOT_LOGGED_IN,
    );
  });

  it('Mi Club: the level follows the points earned on paid orders, not the balance', async () => {
    const b = await buyer();
    const start = (await b.client.call('/api/id/club')).body.data;
    expect(start).toMatchObject({
      level: 'member',
      earned: 0,
      next: { level: 'silver', missing: 2000 },
      min_redeem: 5000,
    });
    expect(start.welcome_points).toBe(5000);
    const orderId = await placeOrder(b, 'ck_club_order');
    await pay(b, orderId);
    const total = (await b.client.call(`/api/id/order/detail?orderId=${orderId}`)).body.data.order.amounts
      .total as number;
    const after = (await b.client.call('/api/id/club')).body.data;
    const earned = Math.floor(total / after.earn_per);
    expect(after.earned).toBe(earned);
    expect(after.balance).toBe(start.balance + earned);
    expect(after.level).toBe(
      earned >= 30000 ? 'platinum' : earned >= 10000 ? 'gold' : earned >= 2000 ? 'silver' : 'member',
    );
  });
});
