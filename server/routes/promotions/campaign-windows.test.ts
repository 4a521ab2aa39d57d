import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity } from '../../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';

/**
 * Campaigns stop selling at their end on the database's clock, whatever a page built earlier shows: windows are
 * written relative to the database's now() (a second or a minute away), never by waiting for a real date.
 */
const FLASH = { id: 'id-terbatas', code: 'KILAT50' };
const PRESALE = 'id-xiaomi-15t-pro-presale';
const OPS_TOKEN = 'ops-token-for-the-tests-0123456789';
const fcode = (n: number) => `FPOCO${String(n).padStart(4, '0')}`;

describe.each(drivers)('campaign windows on the database clock (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { OPS_TOKEN });
  });
  afterAll(async () => server?.close());

  /** Sets a coupon's window with SQL interval expressions relative to now(), e.g. `now() + interval '1 minute'`. */
  const couponWindow = (starts: string, ends: string) =>
    server.db.query(`UPDATE coupons SET starts_at = ${starts}, ends_at = ${ends} WHERE id = $1`, [FLASH.id]);
  const claim = (c: Client) => c.call('/api/id/coupon/claim', { method: 'POST', json: { code: FLASH.code } });
  const listed = async (c: Client, upcoming: boolean) =>
    (
      (await c.call(`/api/id/coupon/claimable${upcoming ? '?upcoming=1' : ''}`)).body.data.coupons as {
        coupon_id: string;
        state: string;
        starts_at: number;
      }[]
    ).find((x) => x.coupon_id === FLASH.id);

  it('the rule itself: a window is live from its start up to, not including, its end', async () => {
    const rows = await server.db.query<{
      before: string;
      at_start: string;
      before_end: string;
      at_end: string;
      live_at_end: boolean;
    }>(
      `SELECT campaign_phase(s, e, s - interval '1 millisecond') AS before, campaign_phase(s, e, s) AS at_start,
              campaign_phase(s, e, e - interval '1 millisecond') AS before_end, campaign_phase(s, e, e) AS at_end,
              campaign_live(s, e, e) AS live_at_end
       FROM (SELECT now() AS s, now() + interval '1 minute' AS e) w`,
    );
    expect(rows[0]).toEqual({
      before: 'upcoming',
      at_start: 'live',
      before_end: 'live',
      at_end: 'ended',
      live_at_end: false,
    });
  });

  it('a coupon about to start: listed for a countdown, refused by errno; opens at start, shut at end', async () => {
    const s = await quickShopper(server);
    await couponWindow(`now() + interval '1 minute'`, `now() + interval '2 minutes'`);
    expect(await listed(s.client, false)).toBeUndefined();
    expect(await listed(s.client, true)).toMatchObject({ state: 'upcoming' });
    const early = await claim(s.client);
    expect(early.body.errno).toBe(Errno.COUPON_NOT_STARTED);
    expect(early.body.errmsg).not.toBe('campaign.error.couponNotStarted');

    // Opened a moment ago, ends in a minute: just before the end the claim goes through.
    await couponWindow(`now() - interval '1 second'`, `now() + interval '1 minute'`);
    expect(await listed(s.client, false)).toMatchObject({ state: 'available' });
    expect((await claim(s.client)).body.errno).toBe(0);

    // The end has just passed: the next shopper is refused, and the coupon is no longer listed.
    await couponWindow(`now() - interval '1 minute'`, `now()`);
    const late = await quickShopper(server);
    expect((await claim(late.client)).body.errno).toBe(Errno.COUPON_EXPIRED);
    expect(await listed(late.client, true)).toBeUndefined();
    expect(
      (await s.client.call('/api/id/coupon/mine')).body.data.coupons.find(
        (c: { coupon_id: string }) => c.coupon_id === FLASH.id,
      ),
    ).toMatchObject({ state: 'expired' });
  });

  it('parallel claims just after the start: stock holds; a coupon held at the end fails at checkout', async () => {
    await couponWindow(`now() + interval '1 second'`, `now() + interval '1 minute'`);
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => quickShopper(server)));
    expect((await claim(shoppers[0]!.client)).body.errno).toBe(Errno.COUPON_NOT_STARTED);
    await waitForDatabase(`SELECT now() >= starts_at AS ok FROM coupons WHERE id = '${FLASH.id}'`);
    const answers = await Promise.all(shoppers.map((s) => claim(s.client)));
    const stockLeft = (
      await server.db.query<{ left: number }>(`SELECT total_stock - claimed AS left FROM coupons WHERE id = $1`, [
        FLASH.id,
      ])
    )[0]!.left;
    expect(stockLeft).toBeGreaterThanOrEqual(0);
    const winner = shoppers[answers.findIndex((r) => r.body.errno === 0)];
    if (!winner) throw new Error(`no claim succeeded: ${JSON.stringify(answers.map((r) => r.body.errno))}`);
    const held = answers.find((r) => r.body.errno === 0)!.body.data.coupon.user_coupon_id as string;
    await addToCart(
      winner.client,
      (await commodity(server.db, `p.category = 'phones' AND o.stock > 5 AND o.sale_price >= 1000000`)).commodity_id,
    );
    expect(
      (await winner.client.call('/api/id/checkout/quote', { method: 'POST', json: { userCouponId: held } })).body.errno,
    ).toBe(0);
    await couponWindow(`now() - interval '1 minute'`, `now()`);
    expect(
      (await winner.client.call('/api/id/checkout/quote', { method: 'POST', json: { userCouponId: held } })).body.errno,
    ).toBe(Errno.COUPON_UNAVAILABLE);
    const addressId = await saveAddress(winner.client);
    expect(
      (
        await winner.client.call('/api/id/order/place', {
          method: 'POST',
          json: { addressId, agreePrivacy: true, userCouponId: held },
        })
      ).body.errno,
    ).toBe(Errno.COUPON_UNAVAILABLE);
  });

  it('an F-code campaign redeems until its end and refuses just after it', async () => {
    const s = await quickShopper(server);
    await server.db.query(`UPDATE fcodes SET ends_at = now() + interval '1 minute' WHERE code = $1`, [fcode(30)]);
    expect(
      (await s.client.call('/api/id/fcode/redeem', { method: 'POST', json: { code: fcode(30) } })).body.errno,
    ).toBe(0);
    await server.db.query(`UPDATE fcodes SET ends_at = now() WHERE code = $1`, [fcode(31)]);
    expect(
      (await s.client.call('/api/id/fcode/redeem', { method: 'POST', json: { code: fcode(31) } })).body.errno,
    ).toBe(Errno.FCODE_EXPIRED);
  });

  describe('pre-sale', () => {
    let phone: string;
    beforeAll(async () => {
      phone = (await commodity(server.db, `p.id = 'xiaomi-15t-pro' AND o.stock > 20`)).commodity_id;
    });
    /** Deposit window ending at `depositEnds` (SQL), final window an hour later. */
    const depositWindow = (depositEnds: string) =>
      server.db.query(
        `UPDATE presale_campaigns SET deposit_starts_at = now() - interval '1 hour', deposit_ends_at = ${depositEnds},
           final_starts_at = now() + interval '2 hours', final_ends_at = now() + interval '3 hours' WHERE id = $1`,
        [PRESALE],
      );
    const place = async (c: Client, addressId: string) =>
      c.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true, agreePreOrder: true } });

    it('a deposit before its window ends is taken; one agreed after the end is refused, not full price', async () => {
      await depositWindow(`now() + interval '1 minute'`);
      const early = await quickShopper(server);
      const earlyAddress = await saveAddress(early.client);
      await addToCart(early.client, phone);
      const ok = await place(early.client, earlyAddress);
      expect(ok.body.errno).toBe(0);
      expect(
        (await early.client.call(`/api/id/order/detail?orderId=${ok.body.data.order_id}`)).body.data.order.kind,
      ).toBe('deposit');

      const late = await quickShopper(server);
      const lateAddress = await saveAddress(late.client);
      await addToCart(late.client, phone);
      expect((await late.client.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data.pre_order).toBe(
        true,
      );
      // The window closes between the checkout the shopper saw and the click.
      await depositWindow(`now()`);
      const refused = await place(late.client, lateAddress);
      expect(refused.body.errno).toBe(Errno.PRESALE_WINDOW);
      expect(refused.body.errmsg).not.toBe('campaign.error.depositClosed');
      expect((await server.db.query(`SELECT 1 FROM orders WHERE user_id = $1`, [late.userId])).length).toBe(0);
    });

    it('the final payment opens and closes on the database clock', async () => {
      await depositWindow(`now() + interval '1 minute'`);
      const s = await quickShopper(server);
      const addressId = await saveAddress(s.client);
      await addToCart(s.client, phone);
      const deposit = (await place(s.client, addressId)).body.data.order_id as string;
      const paid = await s.client.call('/api/id/payment/card', {
        method: 'POST',
        json: { orderId: deposit, number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Budi Santoso' },
      });
      expect(paid.body.data.state).toBe('succeeded');
      const final = () => s.client.call('/api/id/presale/final', { method: 'POST', json: { orderId: deposit } });
      const finalWindow = (starts: string, ends: string) =>
        server.db.query(
          `UPDATE presale_campaigns SET deposit_starts_at = now() - interval '2 hours',
            deposit_ends_at = now() - interval '1 hour', final_starts_at = ${starts}, final_ends_at = ${ends}
            WHERE id = $1`,
          [PRESALE],
        );
      await finalWindow(`now() + interval '1 minute'`, `now() + interval '1 hour'`);
      expect((await final()).body.errno).toBe(Errno.PRESALE_WINDOW);
      await finalWindow(`now() - interval '1 minute'`, `now()`);
      expect((await final()).body.errno).toBe(Errno.PRESALE_WINDOW);
      await finalWindow(`now() - interval '1 second'`, `now() + interval '1 minute'`);
      expect((await final()).body.errno).toBe(0);
    });
  });

  it('operators move a coupon window; every answer, static ones too, carries the server time', async () => {
    const ops = (body: object, token = OPS_TOKEN) =>
      new Client(server.base).call('/api/ops/coupon/window', {
        method: 'POST',
        json: body,
        headers: { authorization: `Bearer ${token}` },
      });
    const startsAt = new Date(Date.now() + 3600_000).toISOString();
    const endsAt = new Date(Date.now() + 7200_000).toISOString();
    expect((await ops({ couponId: FLASH.id, startsAt, endsAt })).body.errno).toBe(0);
    expect((await ops({ couponId: FLASH.id, startsAt: endsAt, endsAt: startsAt })).body.errno).toBe(
      Errno.INVALID_PARAM,
    );
    expect((await ops({ couponId: 'no-such-coupon', startsAt, endsAt })).status).toBe(404);
    expect((await ops({ couponId: FLASH.id, startsAt, endsAt }, 'wrong-token-wrong-token-wrong')).status).toBe(404);
    const row = (
      await server.db.query<{ s: Date }>(`SELECT starts_at AS s FROM coupons WHERE id = $1`, [FLASH.id])
    )[0]!;
    expect(new Date(row.s).toISOString()).toBe(startsAt);

    for (const path of ['/api/health', '/id/', '/id/no-such-page/']) {
      const before = Date.now();
      const res = await fetch(server.base + path);
      const at = Number(res.headers.get('x-server-time'));
      expect(at, path).toBeGreaterThanOrEqual(before - 1000);
      expect(at, path).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  /** Polls a boolean query (`… AS ok`) until it holds on the database's clock (at most 5 s). */
  async function waitForDatabase(sql: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if ((await server.db.query<{ ok: boolean }>(sql))[0]?.ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out: ${sql}`);
  }
});
