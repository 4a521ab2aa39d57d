import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { Client, drivers, linkToken, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { sellable } from '../../test-support/fixtures';
import { addToCart, jakartaHousehold, quickShopper, saveAddress } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { Errno } from '../../errors';
import { FRIEND_REWARD_QUEUE } from '../../friends/index';
import { bossSchema } from '../../releases/boss';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
const PASSWORD = 'correct horse 1';
const BERLIN = {
  recipient: 'Erika Mustermann',
  phone: '030-1234567',
  street: 'Unter den Linden',
  houseNumber: '1',
  city: 'Berlin',
  postalCode: '10117',
};
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);
const randomEmail = (prefix = 'n') => `${prefix}${randomBytes(5).toString('hex')}@example.com`;

/** The friend codes end to end through the API: codes, sign-up with a code, the limits against abuse, the reward. */
function friendSuite(server: () => TestServer) {
  const db = () => server().db;

  /** A signed-in shopper (quick, no browser history) and their code. */
  async function friend(urlLocal = 'id') {
    const s = await quickShopper(server());
    const mine = await s.client.call(`/api/${urlLocal}/friend/mine`);
    expect(mine.body.errno, JSON.stringify(mine.body)).toBe(0);
    return { ...s, code: mine.body.data.code as string };
  }

  /** Signs up as a new shopper would, with `code` typed on the form, in `client`'s browser. */
  async function signUp(code: string, opts: { urlLocal?: string; email?: string; client?: Client } = {}) {
    const urlLocal = opts.urlLocal ?? 'id';
    const client = opts.client ?? new Client(server().base);
    const email = opts.email ?? randomEmail();
    const r = await client.call(`/api/${urlLocal}/site/register`, {
      method: 'POST',
      json: { email, password: PASSWORD, nickname: 'Newbie', friendCode: code },
    });
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    const mail = (await mailbox(server().base, email.toLowerCase())).find((m) => m.kind === 'register-verify');
    const token = mail && linkToken(mail.text);
    if (!token) throw new Error(`no sign-up mail for ${email}`);
    const v = await client.call(`/api/${urlLocal}/site/verify`, { method: 'POST', json: { token } });
    expect(v.body.errno, JSON.stringify(v.body)).toBe(0);
    return { client, email, userId: v.body.data.user_id as number };
  }

  const referralOf = async (userId: number) =>
    (
      await db().query<{ id: string; state: string; reason: string | null; due_at: Date | null; referrer_id: number }>(
        `SELECT id::text AS id, state, reason, due_at, referrer_id FROM friend_referrals WHERE referee_id = $1`,
        [userId],
      )
    )[0];
  const welcomeCoupons = async (userId: number) =>
    (
      await db().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM user_coupons WHERE user_id = $1 AND coupon_id = 'id-teman-baru'`,
        [userId],
      )
    )[0]!.n;
  const friendPoints = async (userId: number) =>
    db().query<{ delta: number; local: string }>(
      `SELECT delta, local FROM points_ledger WHERE user_id = $1 AND reason = 'friend'`,
      [userId],
    );

  /** The new shopper's first order in Indonesia to `address` (their own household unless given), paid by card. */
  async function paidFirstOrder(client: Client, address: Record<string, string> = jakartaHousehold()) {
    const item = await sellable(db(), 1, 3);
    await db().query(
      `UPDATE offers SET stock = greatest(stock, 1000), sale_price = 1000000, market_price = 1000000
       WHERE commodity_id = $1 AND local = 'id'`,
      [item.commodity_id],
    );
    const addressId = await saveAddress(client, 'id', address);
    await addToCart(client, item.commodity_id);
    const placed = await client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true },
    });
    expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
    const orderId = placed.body.data.order_id as string;
    // Other accounts ordering to one address within the hour go to review (address_velocity): this test's orders
    // were placed earlier, as a household's orders are.
    await db().query(`UPDATE orders SET created_at = created_at - interval '2 hours' WHERE id = $1`, [orderId]);
    const paid = await client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
    expect(paid.body.data?.state, JSON.stringify(paid.body)).toBe('succeeded');
    return orderId;
  }

  /** The order arrived `daysAgo` days ago (the lifecycle's columns, as the fulfilment steps set them). */
  const deliver = (orderId: string, daysAgo: number) =>
    db().query(
      `UPDATE orders SET state = 'delivered', shipped_at = now() - make_interval(secs => $2::float8 + 86400),
         delivered_at = now() - make_interval(secs => $2::float8) WHERE id = $1`,
      [orderId, daysAgo * 86400],
    );
  const step = (id: string) => server().app.friends.advance(id);

  it('gives each shopper one code of unambiguous characters, made once even when asked in parallel', async () => {
    const s = await quickShopper(server());
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.client.call('/api/id/friend/mine')));
    const codes = new Set(answers.map((a) => a.body.data.code));
    expect(codes.size).toBe(1);
    const [code] = [...codes] as string[];
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    const d = answers[0]!.body.data;
    expect(d.offered).toBe(true);
    expect(d.share_url).toMatch(new RegExp(`/api/id/site/login\\?scene=register&friend=${code}$`));
    expect(d.networks).toEqual(['facebook', 'twitter', 'whatsapp', 'telegram', 'clipboard']);
    expect(d.welcome).toMatchObject({ amount: 50_000, min_spend: 500_000, currency: 'IDR' });
    expect(d.reward).toEqual({ kind: 'points', points: 10_000 });
    expect(d.monthly_cap).toBe(5);
    expect(d.friends).toEqual([]);
    const rows = await db().query(`SELECT 1 FROM friend_codes WHERE user_id = $1`, [s.userId]);
    expect(rows).toHaveLength(1);
    // A visitor has no code.
    expect((await new Client(server().base).call('/api/id/friend/mine')).body.errno).toBe(Errno.NOT_LOGGED_IN);
  });

  it('opens the sign-up with the shared code; a signed-in friend gets no sign-up form', async () => {
    const f = await friend();
    const page = await new Client(server().base).fetch(`/api/id/site/login?scene=register&friend=${f.code}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`name="friendCode" type="text"`);
    expect(html).toContain(`value="${f.code}"`);
    // Where the programme does not run, there is no field for a code.
    const us = await (
      await new Client(server().base).fetch(`/api/us/site/login?scene=register&friend=${f.code}`)
    ).text();
    expect(us).not.toContain('friendCode');
    const own = await f.client.fetch(`/api/id/site/login?scene=register&friend=${f.code}`);
    expect(own.status).toBe(303);
  });

  it('refuses an unknown code, or one where the programme does not run, before any mail', async () => {
    const f = await friend();
    const email = randomEmail();
    const c = new Client(server().base);
    const register = (urlLocal: string, friendCode: string) =>
      c.call(`/api/${urlLocal}/site/register`, {
        method: 'POST',
        json: { email, password: PASSWORD, nickname: 'Newbie', friendCode },
      });
    const unknown = await register('id', 'ABCD2345');
    expect(unknown.body).toMatchObject({ errno: Errno.FRIEND_CODE_UNKNOWN, data: { field: 'friendCode' } });
    expect((await register('id', 'O0I1-LLLL')).body.errno).toBe(Errno.FRIEND_CODE_UNKNOWN);
    expect((await register('us', f.code)).body.errno).toBe(Errno.FRIEND_CODE_NOT_OFFERED);
    expect(await mailbox(server().base, email)).toEqual([]);
    // The form shows the field's message and keeps what was typed.
    const form = await c.fetch('/api/id/site/register', {
      method: 'POST',
      form: { email, password: PASSWORD, nickname: 'Newbie', friendCode: 'zzzz-zzzz' },
    });
    expect(form.status).toBe(400);
    expect(await form.text()).toMatch(/id="friendCode-error"[^>]*>[^<]+</);
  });

  it('attaches the code at sign-up: a welcome coupon for the first order; the friend sees who joined', async () => {
    const f = await friend();
    // Typed the way people type codes: small letters, a dash.
    const typed = `${f.code.slice(0, 4).toLowerCase()}-${f.code.slice(4)}`;
    const a = await signUp(typed);
    expect(await referralOf(a.userId)).toMatchObject({ state: 'joined', reason: null, referrer_id: f.userId });
    const coupons = (await a.client.call('/api/id/coupon/mine')).body.data.coupons;
    const welcome = coupons.find((c: { coupon_id: string }) => c.coupon_id === 'id-teman-baru');
    expect(welcome).toMatchObject({ state: 'claimed', amount: 50_000 });
    const inbox = await db().query<{ user_id: number; title: string }>(
      `SELECT user_id, title FROM messages WHERE user_id IN ($1, $2) AND link LIKE '%coupon%' OR link LIKE '%#friends'`,
      [a.userId, f.userId],
    );
    expect(inbox.map((m) => m.user_id).sort()).toEqual([f.userId, a.userId].sort());
    const list = (await f.client.call('/api/id/friend/mine')).body.data.friends;
    expect(list).toEqual([
      expect.objectContaining({ name: 'N***', state: 'joined', reason: null, due_at: null, rewarded_at: null }),
    ]);
    // Nobody else can claim the welcome coupon by its code, nor see it among the coupons to claim.
    const other = await quickShopper(server());
    expect(
      (await other.client.call('/api/id/coupon/claim', { method: 'POST', json: { code: 'TEMANBARU' } })).body.errno,
    ).toBe(Errno.COUPON_UNKNOWN);
    const claimable = (await other.client.call('/api/id/coupon/claimable')).body.data.coupons;
    expect(claimable.map((c: { coupon_id: string }) => c.coupon_id)).not.toContain('id-teman-baru');

    // The first order takes the coupon.
    const item = await sellable(db(), 1, 3);
    await db().query(
      `UPDATE offers SET stock = greatest(stock, 1000), sale_price = 1000000, market_price = 1000000
       WHERE commodity_id = $1 AND local = 'id'`,
      [item.commodity_id],
    );
    const addressId = await saveAddress(a.client);
    await addToCart(a.client, item.commodity_id);
    const placed = await a.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true, userCouponId: welcome.user_coupon_id },
    });
    expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
    const order = (await a.client.call(`/api/id/order/detail?orderId=${placed.body.data.order_id}`)).body.data.order;
    expect(order.amounts.discount).toBe(50_000);

    // Another new shopper orders first without it: the coupon no longer works.
    const b = await signUp(f.code);
    const bCoupon = (await b.client.call('/api/id/coupon/mine')).body.data.coupons[0];
    await paidFirstOrder(b.client);
    await addToCart(b.client, item.commodity_id);
    const later = await b.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId: await saveAddress(b.client), agreePrivacy: true, userCouponId: bCoupon.user_coupon_id },
    });
    expect(later.body.errno).toBe(Errno.COUPON_UNAVAILABLE);
    const after = (await b.client.call('/api/id/coupon/mine')).body.data.coupons[0];
    expect(after.state).toBe('expired');
  });

  it('refuses self-referral: the friend’s own mailbox however written, own browser, own delivery address', async () => {
    // A friend who signed up in a browser (it is trusted for their account) with a Gmail address.
    const local = `jo.${randomBytes(4).toString('hex')}`;
    const browser = new Client(server().base);
    const f = await browser.register('id', `${local}@gmail.com`);
    const code = (await browser.call('/api/id/friend/mine')).body.data.code as string;

    const sameMailbox = await signUp(code, { email: `${local.replace('.', '').toUpperCase()}@GoogleMail.com` });
    expect(await referralOf(sameMailbox.userId)).toMatchObject({ state: 'not_eligible', reason: 'self_email' });
    expect(await welcomeCoupons(sameMailbox.userId)).toBe(0);

    // The same browser, signed out (its device cookie stays).
    const sameBrowser = new Client(server().base, undefined, new Map([['deviceId', browser.cookies.get('deviceId')!]]));
    const viaBrowser = await signUp(code, { client: sameBrowser });
    expect(await referralOf(viaBrowser.userId)).toMatchObject({ state: 'not_eligible', reason: 'self_device' });
    expect(await welcomeCoupons(viaBrowser.userId)).toBe(0);

    // A new shopper with a browser of their own, whose first order goes to the friend's door.
    const home = jakartaHousehold();
    await saveAddress(browser, 'id', home);
    const n = await signUp(code);
    expect(await referralOf(n.userId)).toMatchObject({ state: 'joined' });
    await paidFirstOrder(n.client, { ...home, recipient: 'Siti Aminah', street: home.street!.toUpperCase() });
    await server().app.friends.sweep();
    expect(await referralOf(n.userId)).toMatchObject({ state: 'not_eligible', reason: 'self_address' });
    expect((await friendPoints(f.userId)).length).toBe(0);
  });

  it('keeps one reward per mailbox and per browser, also for sign-ups finished in parallel', async () => {
    const f = await friend();
    const box = `x${randomBytes(4).toString('hex')}`;
    const first = await signUp(f.code, { email: `${box.slice(0, 3)}.${box.slice(3)}@gmail.com` });
    const second = await signUp(f.code, { email: `${box}@gmail.com` });
    expect((await referralOf(first.userId))?.state).toBe('joined');
    expect(await referralOf(second.userId)).toMatchObject({ state: 'not_eligible', reason: 'email_used' });

    // One browser, five sign-up links followed at once.
    const device = new Client(server().base);
    await device.fetch('/api/id/site/login'); // any page; the device cookie comes with the first sign-up
    const jar = () => new Client(server().base, undefined, new Map(device.cookies));
    const seed = await signUp(f.code, { client: jar() });
    const deviceId = seed.client.cookies.get('deviceId')!;
    const emails = Array.from({ length: 5 }, () => randomEmail('p'));
    const clients = emails.map(() => new Client(server().base, undefined, new Map([['deviceId', deviceId]])));
    const tokens = await Promise.all(
      emails.map(async (email, i) => {
        await clients[i]!.call('/api/id/site/register', {
          method: 'POST',
          json: { email, password: PASSWORD, nickname: 'Twin', friendCode: f.code },
        });
        return linkToken((await mailbox(server().base, email)).find((m) => m.kind === 'register-verify')!.text)!;
      }),
    );
    const verified = await Promise.all(
      tokens.map((token, i) => clients[i]!.call('/api/id/site/verify', { method: 'POST', json: { token } })),
    );
    const ids = verified.map((v) => v.body.data.user_id as number);
    expect(await referralOf(seed.userId)).toMatchObject({ state: 'joined' });
    for (const id of ids) {
      expect(await referralOf(id)).toMatchObject({ state: 'not_eligible', reason: 'device_used' });
      expect(await welcomeCoupons(id)).toBe(0);
    }
  });

  it('rewards one of 20 new accounts with one code ordering to one address, however the steps race', async () => {
    const f = await friend();
    const door = jakartaHousehold();
    const shoppers = [];
    for (let i = 0; i < 20; i++) shoppers.push(await signUp(f.code));
    for (const s of shoppers) {
      const orderId = await paidFirstOrder(s.client, door);
      await deliver(orderId, 15);
    }
    // Sweeps of three processes and the reward jobs at once.
    const ids = await Promise.all(shoppers.map(async (s) => (await referralOf(s.userId))!.id));
    await Promise.all([
      server().app.friends.sweep(),
      server().app.friends.sweep(),
      ...ids.map((id) => step(id)),
      server().app.friends.sweep(),
    ]);
    await server().app.friends.sweep();
    const states = await Promise.all(shoppers.map((s) => referralOf(s.userId)));
    expect(states.filter((r) => r?.state === 'rewarded')).toHaveLength(1);
    expect(states.filter((r) => r?.reason === 'address_used')).toHaveLength(19);
    expect(await friendPoints(f.userId)).toEqual([{ delta: 10_000, local: 'id' }]);
  });

  it('pays the reward once the first order is delivered and its return window has passed, exactly once', async () => {
    const f = await friend();
    const n = await signUp(f.code);
    const referral = (await referralOf(n.userId))!;
    const orderId = await paidFirstOrder(n.client);
    expect((await step(referral.id)).state).toBe('pending');
    expect((await f.client.call('/api/id/friend/mine')).body.data.friends[0]).toMatchObject({
      state: 'pending',
      due_at: null,
    });
    await deliver(orderId, 0);
    const waiting = await step(referral.id);
    const delivered = (
      await db().query<{ d: Date }>(`SELECT delivered_at AS d FROM orders WHERE id = $1`, [orderId])
    )[0]!.d;
    // Delivery plus the 14 days of sites/returns.json.
    expect(waiting.queueAt?.getTime()).toBe(new Date(delivered).getTime() + 14 * 86_400_000);
    const jobs = await db().query<{ start_after: Date; data: { referralId: string } }>(
      `SELECT start_after, data FROM ${await bossSchema(db())}.job WHERE name = $1 AND data->>'referralId' = $2`,
      [FRIEND_REWARD_QUEUE, referral.id],
    );
    expect(jobs.map((j) => new Date(j.start_after).getTime())).toEqual([waiting.queueAt!.getTime()]);
    expect((await f.client.call('/api/id/friend/mine')).body.data.friends[0].due_at).toBe(waiting.queueAt!.getTime());
    expect((await step(referral.id)).state).toBe('pending');
    expect(await friendPoints(f.userId)).toEqual([]);

    // 14 days later (the delivery moved back), five steps at once pay once.
    await deliver(orderId, 15);
    const results = await Promise.all(Array.from({ length: 5 }, () => step(referral.id)));
    expect(results.map((r) => r.state)).toEqual(Array(5).fill('rewarded'));
    expect(await friendPoints(f.userId)).toEqual([{ delta: 10_000, local: 'id' }]);
    const answer = (await f.client.call('/api/id/friend/mine')).body.data.friends[0];
    expect(answer).toMatchObject({ state: 'rewarded', reward_points: 10_000 });
    expect(answer.rewarded_at).toEqual(expect.any(Number));
    const history = (await f.client.call('/api/id/points')).body.data.history;
    expect(history[0]).toMatchObject({ delta: 10_000, reason: 'friend' });
  });

  it('rewards nothing for a cancelled or returned first order; an open return holds the reward', async () => {
    const f = await friend();
    const cancelled = await signUp(f.code);
    const orderId = await paidFirstOrder(cancelled.client);
    await step((await referralOf(cancelled.userId))!.id);
    const cancel = await cancelled.client.call('/api/id/order/cancel', {
      method: 'POST',
      json: { orderId, refund: true },
    });
    expect(cancel.body.errno, JSON.stringify(cancel.body)).toBe(0);
    await server().app.friends.sweep();
    expect(await referralOf(cancelled.userId)).toMatchObject({ state: 'not_eligible', reason: 'order_cancelled' });
    // A later order does not stand in for the cancelled first one.
    await deliver(await paidFirstOrder(cancelled.client), 20);
    await server().app.friends.sweep();
    expect(await referralOf(cancelled.userId)).toMatchObject({ state: 'not_eligible', reason: 'order_cancelled' });

    const returned = await signUp(f.code);
    const rOrder = await paidFirstOrder(returned.client);
    await deliver(rOrder, 2);
    const upload = await returned.client.fetch('/api/id/aftersales/upload', {
      method: 'POST',
      body: new Uint8Array(PNG),
      headers: { 'content-type': 'image/png', 'x-file-name': 'photo.png', accept: 'application/json' },
    });
    const photo = (await upload.json()).data.upload.id as string;
    const asked = await returned.client.call('/api/id/aftersales/return', {
      method: 'POST',
      json: { orderId: rOrder, lines: [{ lineNo: 1, quantity: 1 }], reason: 'changed_mind', uploadIds: [photo] },
    });
    expect(asked.body.errno, JSON.stringify(asked.body)).toBe(0);
    const request = asked.body.data.request.id as string;
    // The window ends while the return is open: the reward waits for the decision.
    await deliver(rOrder, 15);
    const id = (await referralOf(returned.userId))!.id;
    expect((await step(id)).state).toBe('pending');
    const staff = await staffMember(server());
    const today = new Date().toISOString().slice(0, 10);
    for (const [path, body] of [
      ['pickup', { id: request, date: today }],
      ['picked-up', { id: request }],
      ['accept', { id: request }],
    ] as const) {
      const r = await staff.client.call(`/api/id/staff/returns/${path}`, { method: 'POST', json: body });
      expect(r.body.errno, `${path}: ${JSON.stringify(r.body)}`).toBe(0);
    }
    expect(await step(id)).toEqual({ state: 'not_eligible', reason: 'order_returned' });
    expect(await friendPoints(f.userId)).toEqual([]);
  });

  it('pays a friend at most 5 rewards a month, however many fall due at once', async () => {
    const f = await friend();
    const shoppers = [];
    for (let i = 0; i < 7; i++) shoppers.push(await signUp(f.code));
    for (const s of shoppers) await deliver(await paidFirstOrder(s.client), 15);
    const ids = await Promise.all(shoppers.map(async (s) => (await referralOf(s.userId))!.id));
    // Each reaches pending first (its own step), then all fall due together.
    await Promise.all(ids.map((id) => step(id)));
    await Promise.all([...ids.map((id) => step(id)), server().app.friends.sweep()]);
    const states = await Promise.all(shoppers.map((s) => referralOf(s.userId)));
    expect(states.filter((r) => r?.state === 'rewarded')).toHaveLength(5);
    expect(states.filter((r) => r?.reason === 'monthly_cap')).toHaveLength(2);
    expect(await friendPoints(f.userId)).toHaveLength(5);
  });

  it('shows staff an account’s code, who joined with it and why a reward was refused; not shoppers', async () => {
    const f = await friend();
    const joined = await signUp(f.code);
    // Another sign-up from the first one's browser: no reward, and staff read why.
    const twin = await signUp(f.code, {
      client: new Client(server().base, undefined, new Map([['deviceId', joined.client.cookies.get('deviceId')!]])),
    });
    const staff = await staffMember(server());
    const look = (c: Client, email: string) => c.call(`/api/id/staff/friends?email=${encodeURIComponent(email)}`);
    const answer = await look(staff.client, f.email.toUpperCase());
    expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
    expect(answer.body.data).toMatchObject({ user_id: f.userId, code: f.code, invited_by: null });
    const invited = answer.body.data.invited.map((r: { email: string; state: string; reason: string | null }) => [
      r.email,
      r.state,
      r.reason,
    ]);
    expect(invited).toEqual([
      [twin.email, 'not_eligible', 'device_used'],
      [joined.email, 'joined', null],
    ]);
    const theirs = (await look(staff.client, joined.email)).body.data;
    expect(theirs).toMatchObject({ code: null, invited: [], invited_by: { email: f.email, state: 'joined' } });
    expect((await look(staff.client, randomEmail())).body.errno).toBe(Errno.NOT_FOUND);
    expect((await look(f.client, f.email)).status).toBe(403);
    expect((await look(new Client(server().base), f.email)).body.errno).toBe(Errno.NOT_LOGGED_IN);
  });

  it('de: the new shopper gets 10 € off the first order and the friend a 15 € coupon', async () => {
    const f = await friend('de');
    const n = await signUp(f.code, { urlLocal: 'de' });
    const coupons = (await n.client.call('/api/de/coupon/mine')).body.data.coupons;
    expect(coupons.map((c: { coupon_id: string; amount: number }) => [c.coupon_id, c.amount])).toEqual([
      ['de-freunde-willkommen', 1000],
    ]);
    const item = (
      await db().query<{ commodity_id: string }>(
        `SELECT o.commodity_id FROM offers o JOIN commodities c ON c.commodity_id = o.commodity_id
         JOIN products p ON p.id = c.product_id
         WHERE o.local = 'de' AND o.on_sale AND o.stock > 0 AND p.category = 'phones'
           AND p.id NOT IN (SELECT product_id FROM presale_campaigns) AND p.id NOT IN (SELECT product_id FROM fcodes)
         ORDER BY o.commodity_id LIMIT 1`,
      )
    )[0]!;
    const addressId = await saveAddress(n.client, 'de', BERLIN);
    await addToCart(n.client, item.commodity_id, 1, 'de');
    const placed = await n.client.call('/api/de/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true },
    });
    expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
    const orderId = placed.body.data.order_id as string;
    const paid = await n.client.call('/api/de/payment/card', { method: 'POST', json: { orderId, ...CARD } });
    expect(paid.body.data?.state, JSON.stringify(paid.body)).toBe('succeeded');
    const id = (await referralOf(n.userId))!.id;
    await step(id);
    await deliver(orderId, 15);
    expect((await step(id)).state).toBe('rewarded');
    const mine = (await f.client.call('/api/de/coupon/mine')).body.data.coupons;
    expect(
      mine.map((c: { coupon_id: string; amount: number; state: string }) => [c.coupon_id, c.amount, c.state]),
    ).toEqual([['de-freunde-danke', 1500, 'claimed']]);
    const answer = (await f.client.call('/api/de/friend/mine')).body.data;
    expect(answer.reward).toMatchObject({ kind: 'coupon', coupon: { amount: 1500, currency: 'EUR' } });
    expect(answer.friends[0]).toMatchObject({
      state: 'rewarded',
      reward_coupon: 'Dankeschön für Ihre Empfehlung',
    });
  });
}

describe.each(drivers)('friend codes (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());
  friendSuite(() => server);
});

describe.each(drivers)('friend rewards across a restart (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  it('keeps the reward job in the store’s queue: a new process pays it at the end of the window', async () => {
    const f = await quickShopper(server);
    const code = (await f.client.call('/api/id/friend/mine')).body.data.code as string;
    const email = randomEmail();
    const fresh = new Client(server.base);
    await fresh.call('/api/id/site/register', {
      method: 'POST',
      json: { email, password: PASSWORD, nickname: 'Later', friendCode: code },
    });
    const token = linkToken((await mailbox(server.base, email)).find((m) => m.kind === 'register-verify')!.text)!;
    const userId = (await fresh.call('/api/id/site/verify', { method: 'POST', json: { token } })).body.data.user_id;
    const item = await sellable(server.db, 1, 3);
    await server.db.query(`UPDATE offers SET stock = greatest(stock, 1000) WHERE commodity_id = $1 AND local = 'id'`, [
      item.commodity_id,
    ]);
    const addressId = await saveAddress(fresh);
    await addToCart(fresh, item.commodity_id);
    const orderId = (
      await fresh.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true } })
    ).body.data.order_id as string;
    await fresh.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
    const id = (
      await server.db.query<{ id: string }>(`SELECT id::text AS id FROM friend_referrals WHERE referee_id = $1`, [
        userId,
      ])
    )[0]!.id;
    await server.app.friends.advance(id);
    // Delivered so that the window ends 2 s from now; the job is queued for then, and this process stops.
    await server.db.query(
      `UPDATE orders SET state = 'delivered', shipped_at = now() - interval '15 days',
         delivered_at = now() - interval '14 days' + interval '2 seconds' WHERE id = $1`,
      [orderId],
    );
    expect((await server.app.friends.advance(id)).queueAt).toBeInstanceOf(Date);
    await server.app.close();
    const app = await buildApp({
      db: server.db,
      logger: false,
      env: { PUBLIC_DIR: server.publicDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'loopback' },
    });
    try {
      // The new process's sweep ran at its start, before the window ended; the next is 30 s away, so the job pays.
      const state = async () =>
        (await server.db.query<{ state: string }>(`SELECT state FROM friend_referrals WHERE id = $1`, [id]))[0]!.state;
      const deadline = Date.now() + 15_000;
      while ((await state()) !== 'rewarded' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(await state()).toBe('rewarded');
    } finally {
      await app.close();
    }
  });
});
