import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { testImei as imei } from '../../test-support/fixtures';
import { Errno } from '../../errors';

/**
 * The /id programme of content/tools/build-trade-in.ts (seeded from the snapshot): Xiaomi 13 256GB is worth
 * Rp4.680.000 in flawless condition; the Xiaomi 15 adds a Rp810.000 bonus and a Rp360.000 subsidy.
 */
const XIAOMI_13 = { modelId: 'xiaomi-13', storage: '256GB', base: 4_680_000 };
const FLAWLESS = {
  'powers-on': 'yes',
  screen: 'flawless',
  body: 'flawless',
  functions: 'all-work',
  accessories: 'box-and-charger',
};
/** 10 + 5 + 0 + 3 = 18 % off. */
const WORN = {
  'powers-on': 'yes',
  screen: 'light-scratches',
  body: 'light-wear',
  functions: 'all-work',
  accessories: 'charger-only',
};

/** The same IMEI with its check digit wrong. */
const badCheck = (good: string) => good.slice(0, 14) + String((Number(good[14]) + 1) % 10);

describe.each(drivers)('trade-in (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const evaluate = (c: Client, body: Record<string, unknown>, urlLocal = 'id') =>
    c.call(`/api/${urlLocal}/tradein/evaluate`, { method: 'POST', json: body });
  const cancel = (c: Client, id: string, urlLocal = 'id') =>
    c.call(`/api/${urlLocal}/tradein/cancel`, { method: 'POST', json: { id } });
  const mine = async (c: Client) => (await c.call('/api/id/tradein/mine')).body.data.trade_ins as any[];
  const repo = () => server.app.repos.tradeIns;
  /** An order row of the user (as the checkout writes it); `state` other than unpaid lets one user hold several. */
  async function order(
    userId: number,
    state = 'unpaid',
    lines: [commodityId: string, productId: string, price: number][] = [],
  ): Promise<string> {
    const total = lines.reduce((sum, [, , price]) => sum + price, 0);
    const row = await server.db.query<{ id: string }>(
      `INSERT INTO orders (user_id, local, url_local, state, currency, items_total, shipping_fee, tax,
        tax_inclusive, tax_rate_bp, net_amount, total,
         delivery_method, address, idempotency_key, pay_before)
       VALUES ($1, 'id', 'id', $2, 'IDR', $3, 0, 0, true, 1100, $3, $3, 'standard', '{}'::jsonb, $4,
       now() + interval '1 hour') RETURNING id::text AS id`,
      [userId, state, total, `test-${Math.random()}`],
    );
    const id = row[0]!.id;
    for (const [i, [commodityId, productId, price]] of lines.entries())
      await server.db.query(
        `INSERT INTO order_lines (order_id, line_no, commodity_id, product_id, name, image, quantity,
          unit_price, market_price, subtotal)
         VALUES ($1::bigint, $2, $3, $4, $4, '/images/x.svg', 1, $5, $5, $5)`,
        [id, i + 1, commodityId, productId, price],
      );
    return id;
  }
  const redeem = (userId: number, id: string, orderId: string, productId?: string) =>
    server.db.transaction((tx) => repo().redeemIn(tx, userId, id, orderId, productId));

  it("shows the country's programme to all: models and storages, questions, eligible phones, time limits", async () => {
    const r = await new Client(server.base).call('/api/id/tradein/models');
    expect(r.body.errno).toBe(0);
    const p = r.body.data;
    expect(p).toMatchObject({
      currency: 'IDR',
      exponent: 0,
      validity_days: 7,
      timing: { pickup_days: 7, refund_days: 16, rebate_business_days: 10 },
    });
    expect(p.models.find((m: any) => m.id === 'xiaomi-13')).toEqual({
      id: 'xiaomi-13',
      brand: 'Xiaomi',
      model: 'Xiaomi 13',
      storages: [
        { storage: '128GB', base_value: 4_140_000 },
        { storage: '256GB', base_value: 4_680_000 },
      ],
    });
    expect(p.questions.map((q: any) => q.id)).toEqual(['powers-on', 'screen', 'body', 'functions', 'accessories']);
    expect(p.questions[0].options).toContainEqual({ id: 'no', deduction_percent: 100, not_eligible: true });
    const x15 = p.phones.find((ph: any) => ph.product_id === 'xiaomi-15');
    expect(x15).toMatchObject({ name: 'Xiaomi 15', bonus: 810_000, subsidy: 360_000 });
    expect(x15.from_price).toBeGreaterThan(0);
    // Germany has its own programme in euro cents, Korea the standard one in won (no minor unit).
    expect((await new Client(server.base).call('/api/de/tradein/models')).body.data.models[0].storages[0]).toEqual({
      storage: '128GB',
      base_value: 23_000,
    });
    const kr = (await new Client(server.base).call('/api/kr/tradein/models')).body.data;
    expect(kr).toMatchObject({ currency: 'KRW', exponent: 0 });
    expect(kr.models[0].storages[0]).toEqual({ storage: '128GB', base_value: 368_000 });
  });

  it('a storefront whose country runs no programme says so in the envelope', async () => {
    // Every storefront country has one in the snapshot: take Korea's out of this test's database.
    await server.db.query(`DELETE FROM trade_in_programs WHERE local = 'kr'`);
    expect((await new Client(server.base).call('/api/kr/tradein/models')).body.errno).toBe(Errno.TRADEIN_NOT_OFFERED);
    expect((await new Client(server.base).call('/api/jp/tradein/models')).body.errno).toBe(0);
  });

  it('values the device from the answers: flawless is the base value, deductions add up and stop at zero', async () => {
    const s = await quickShopper(server);
    const flawless = await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: imei() });
    expect(flawless.body.errno).toBe(0);
    expect(flawless.body.data.trade_in).toMatchObject({
      state: 'evaluated',
      base_value: XIAOMI_13.base,
      exchange_value: XIAOMI_13.base,
      currency: 'IDR',
      exponent: 0,
      cancellable: true,
    });

    const worn = (await evaluate(s.client, { ...XIAOMI_13, answers: WORN, imei: imei() })).body.data.trade_in;
    expect(worn.exchange_value).toBe(3_837_600); // 4 680 000 × 82 %
    expect(worn.offers).toContainEqual({
      product_id: 'xiaomi-15',
      bonus: 810_000,
      subsidy: 360_000,
      total: 3_837_600 + 810_000,
    });
    expect(worn.answers).toContainEqual({ question: 'powers-on', answer: 'yes' });
    expect(worn.valid_until - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(worn.valid_until - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    // 125 %
    const wrecked = {
      'powers-on': 'yes',
      screen: 'cracked',
      body: 'broken-back',
      functions: 'several-faults',
      accessories: 'none',
    };
    expect(
      (await evaluate(s.client, { modelId: 'redmi-note-12', storage: '128GB', answers: wrecked, imei: imei() })).body
        .data.trade_in,
    ).toMatchObject({ state: 'evaluated', base_value: 1_080_000, exchange_value: 0 });
    // Printed IMEIs come with spaces or dashes.
    const spaced = imei().replace(/^(\d{2})(\d{6})(\d{6})(\d)$/, '$1-$2-$3-$4');
    expect((await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: spaced })).body.data.trade_in.imei).toBe(
      spaced.replace(/-/g, ''),
    );
    expect((await mine(s.client)).map((t) => t.exchange_value)).toEqual([XIAOMI_13.base, 0, 3_837_600, XIAOMI_13.base]);
  });

  it('a dead device is not evaluated: no value, no offers, nothing to cancel, and its IMEI stays free', async () => {
    const s = await quickShopper(server);
    const device = imei();
    const r = await evaluate(s.client, { ...XIAOMI_13, answers: { ...FLAWLESS, 'powers-on': 'no' }, imei: device });
    expect(r.body.data.trade_in).toMatchObject({
      state: 'not_evaluated',
      exchange_value: 0,
      offers: [],
      cancellable: false,
    });
    expect((await cancel(s.client, r.body.data.trade_in.id)).body.errno).toBe(Errno.TRADEIN_NOT_CANCELLABLE);
    expect(await server.db.transaction((tx) => repo().usable(tx, s.userId, 'id', r.body.data.trade_in.id))).toBeNull();
    const other = await quickShopper(server);
    expect((await evaluate(other.client, { ...XIAOMI_13, answers: FLAWLESS, imei: device })).body.errno).toBe(0);
  });

  it('checks the IMEI (15 digits, Luhn), model ("device model not found"), storage, every answer given', async () => {
    const s = await quickShopper(server);
    const good = imei();
    for (const bad of ['12345', `${good}0`, 'ABCDEFGHIJKLMNO', '', '35 12 34'])
      expect((await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: bad })).body, bad).toMatchObject({
        errno: Errno.TRADEIN_IMEI_INVALID,
        data: { fields: { imei: 'format' } },
      });
    const luhn = await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: badCheck(good) });
    expect(luhn.body).toMatchObject({
      errno: Errno.TRADEIN_IMEI_INVALID,
      errmsg: 'IMEI ini tidak valid. Periksa digitnya dan coba lagi.',
      data: { fields: { imei: 'checksum' } },
    });

    const unknown = await evaluate(s.client, {
      modelId: 'nokia-3310',
      storage: '128GB',
      answers: FLAWLESS,
      imei: good,
    });
    expect(unknown.body).toMatchObject({
      errno: Errno.TRADEIN_MODEL_NOT_FOUND,
      errmsg: 'Model perangkat tidak ditemukan.',
    });
    expect(
      (await evaluate(s.client, { modelId: 'nokia-3310', storage: '128GB', answers: FLAWLESS, imei: good }, 'de')).body
        .errmsg,
    ).toBe('Gerätemodell nicht gefunden.');
    expect(
      (await evaluate(s.client, { ...XIAOMI_13, storage: '64GB', answers: FLAWLESS, imei: good })).body.errno,
    ).toBe(Errno.TRADEIN_STORAGE_UNKNOWN);
    const { accessories: _left, ...partial } = FLAWLESS;
    expect((await evaluate(s.client, { ...XIAOMI_13, answers: partial, imei: good })).body).toMatchObject({
      errno: Errno.TRADEIN_ANSWERS_INCOMPLETE,
      data: { fields: { accessories: 'missing' } },
    });
    expect(
      (await evaluate(s.client, { ...XIAOMI_13, answers: { ...FLAWLESS, screen: 'like-new' }, imei: good })).body,
    ).toMatchObject({ errno: Errno.TRADEIN_ANSWERS_INCOMPLETE, data: { fields: { screen: 'unknown' } } });
    expect(
      (await evaluate(s.client, { ...XIAOMI_13, answers: { ...FLAWLESS, battery: 'good' }, imei: good })).body.errno,
    ).toBe(Errno.TRADEIN_ANSWERS_INCOMPLETE);
    expect(await mine(s.client)).toEqual([]); // nothing half-written
    // Evaluating and listing need a signed-in shopper (not signed in: 20001 sends clients to sign-in).
    expect((await evaluate(new Client(server.base), { ...XIAOMI_13, answers: FLAWLESS, imei: good })).body.errno).toBe(
      Errno.NOT_LOGGED_IN,
    );
    expect((await new Client(server.base).call('/api/id/tradein/mine')).body.errno).toBe(Errno.NOT_LOGGED_IN);
  });

  it("another shopper's trade-in cannot be seen, cancelled or used; nor can one from another country", async () => {
    const owner = await quickShopper(server);
    const other = await quickShopper(server);
    const id = (await evaluate(owner.client, { ...XIAOMI_13, answers: WORN, imei: imei() })).body.data.trade_in
      .id as string;
    expect(await mine(other.client)).toEqual([]);
    expect((await cancel(other.client, id)).body.errno).toBe(Errno.TRADEIN_NOT_FOUND);
    expect((await cancel(owner.client, id, 'de')).body.errno).toBe(Errno.TRADEIN_NOT_FOUND);
    expect(await repo().usable(server.db, other.userId, 'id', id)).toBeNull();
    expect(await repo().usable(server.db, owner.userId, 'de', id)).toBeNull();
    expect(await redeem(other.userId, id, await order(other.userId))).toBe(false);
    const usable = await repo().usable(server.db, owner.userId, 'id', id);
    expect(usable).toMatchObject({ id, currency: 'IDR', exchangeValue: 3_837_600 });
    expect(usable!.offers).toContainEqual({ productId: 'xiaomi-15', bonus: 810_000, subsidy: 360_000 });
    expect((await mine(owner.client))[0]).toMatchObject({ id, state: 'evaluated' });
  });

  it('an exchange cannot be cancelled once redeemed; a cancelled unpaid order gives it back, then it can', async () => {
    const s = await quickShopper(server);
    const id = (await evaluate(s.client, { ...XIAOMI_13, answers: WORN, imei: imei() })).body.data.trade_in
      .id as string;
    const x15 = (
      await server.db.query<{ commodity_id: string }>(
        `SELECT commodity_id FROM commodities WHERE product_id = 'xiaomi-15' ORDER BY commodity_id LIMIT 1`,
      )
    )[0]!.commodity_id;
    const orderId = await order(s.userId, 'unpaid', [[x15, 'xiaomi-15', 15_179_000]]);
    expect(await redeem(s.userId, id, orderId)).toBe(true);
    // The phone it went to is found among the order's lines, with the bonus and subsidy quoted for it.
    expect((await mine(s.client))[0]).toMatchObject({
      id,
      state: 'redeemed',
      order_id: orderId,
      order_state: 'unpaid',
      product_id: 'xiaomi-15',
      product_name: 'Xiaomi 15',
      bonus: 810_000,
      subsidy: 360_000,
      cancellable: false,
    });
    expect((await cancel(s.client, id)).body).toMatchObject({
      errno: Errno.TRADEIN_REDEEMED,
      errmsg: 'Penukaran tidak dapat dibatalkan setelah digunakan.',
    });
    expect(await repo().usable(server.db, s.userId, 'id', id)).toBeNull();

    expect(await server.db.transaction((tx) => repo().releaseIn(tx, orderId))).toBe(1);
    expect((await mine(s.client))[0]).toMatchObject({
      state: 'evaluated',
      order_id: null,
      product_id: null,
      bonus: null,
      cancellable: true,
    });
    expect((await cancel(s.client, id)).body.data.trade_in).toMatchObject({ state: 'cancelled', cancellable: false });
    expect((await cancel(s.client, id)).body.errno).toBe(0); // cancelling twice changes nothing
    expect(await redeem(s.userId, id, await order(s.userId, 'paid'))).toBe(false);
  });

  it('moves a redeemed exchange forward only (picked up → assessed → completed), never to cancellable', async () => {
    const s = await quickShopper(server);
    const id = (await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: imei() })).body.data.trade_in
      .id as string;
    expect(await repo().advance(server.db, id, 'picked_up')).toBe(false); // not redeemed yet
    expect(await redeem(s.userId, id, await order(s.userId, 'paid'), 'xiaomi-15-ultra')).toBe(true);
    expect(await repo().advance(server.db, id, 'assessed')).toBe(false);
    expect(await repo().advance(server.db, id, 'picked_up')).toBe(true);
    expect(await repo().advance(server.db, id, 'assessed')).toBe(true);
    expect(await repo().advance(server.db, id, 'completed')).toBe(true);
    const done = (await mine(s.client))[0];
    expect(done).toMatchObject({
      state: 'completed',
      product_id: 'xiaomi-15-ultra',
      bonus: 1_080_000,
      subsidy: 540_000,
    });
    expect(done.picked_up_at).toBeGreaterThan(0);
    expect(done.assessed_at).toBeGreaterThan(0);
    expect((await cancel(s.client, id)).body.errno).toBe(Errno.TRADEIN_REDEEMED);
    expect(await server.db.transaction((tx) => repo().releaseIn(tx, done.order_id))).toBe(0);
  });

  it('an expired evaluation cannot be used, and its device can be evaluated again', async () => {
    const s = await quickShopper(server);
    const device = imei();
    const id = (await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: device })).body.data.trade_in
      .id as string;
    await server.db.query(`UPDATE trade_ins SET valid_until = now() - interval '1 minute' WHERE id = $1::bigint`, [id]);
    expect((await mine(s.client))[0]).toMatchObject({ id, state: 'expired' });
    expect(await repo().usable(server.db, s.userId, 'id', id)).toBeNull();
    expect(await redeem(s.userId, id, await order(s.userId, 'paid'))).toBe(false);
    const other = await quickShopper(server);
    expect((await evaluate(other.client, { ...XIAOMI_13, answers: FLAWLESS, imei: device })).body.errno).toBe(0);
    expect((await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: device })).body.errno).toBe(0);
    expect(
      (
        await server.db.query<{ state: string; cancel_reason: string }>(
          `SELECT state, cancel_reason FROM trade_ins WHERE id = $1::bigint`,
          [id],
        )
      )[0],
    ).toEqual({ state: 'cancelled', cancel_reason: 'expired' });
  });

  it('an evaluation holds no device against others: shoppers evaluating one IMEI at once all get quotes', async () => {
    const device = imei();
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => quickShopper(server)));
    const answers = await Promise.all(
      shoppers.map((s) => evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: device })),
    );
    expect(answers.map((r) => r.body.errno)).toEqual(Array.from({ length: 8 }, () => 0));
    const active = `SELECT count(*)::int AS n FROM trade_ins
      WHERE imei = $1 AND user_id = $2 AND state IN ('evaluated', 'redeemed', 'picked_up', 'assessed')`;
    for (const s of shoppers) expect((await server.db.query<{ n: number }>(active, [device, s.userId]))[0]!.n).toBe(1);

    // Re-evaluating replaces the shopper's own quote.
    const owner = shoppers[0]!;
    const again = await evaluate(owner.client, { ...XIAOMI_13, answers: WORN, imei: device });
    expect(again.body.data.trade_in.exchange_value).toBe(3_837_600);
    expect((await mine(owner.client)).map((t) => t.state)).toEqual(['evaluated', 'cancelled']);

    // The same shopper sending the form several times at once still ends with one.
    const twice = await Promise.all(
      Array.from({ length: 4 }, () => evaluate(owner.client, { ...XIAOMI_13, answers: FLAWLESS, imei: device })),
    );
    expect(twice.every((r) => r.status < 500 && [0, Errno.TRADEIN_IMEI_IN_USE].includes(r.body.errno))).toBe(true);
    expect((await server.db.query<{ n: number }>(active, [device, owner.userId]))[0]!.n).toBe(1);

    // A device another account has redeemed can still be quoted; a shopper whose own exchange of it is under way cannot
    // evaluate it again.
    const [winner, other] = shoppers.slice(1, 3) as [typeof owner, typeof owner];
    const winnerId = (await mine(winner.client))[0].id as string;
    expect(await redeem(winner.userId, winnerId, await order(winner.userId, 'paid'), 'xiaomi-15')).toBe(true);
    expect((await evaluate(other.client, { ...XIAOMI_13, answers: WORN, imei: device })).body.errno).toBe(0);
    expect((await evaluate(winner.client, { ...XIAOMI_13, answers: WORN, imei: device })).body).toMatchObject({
      errno: Errno.TRADEIN_IMEI_IN_USE,
      errmsg: 'Anda sudah memiliki tukar tambah aktif untuk perangkat ini.',
    });
  });

  it('a device goes into one order at a time: of 2 accounts redeeming one IMEI at once, one wins', async () => {
    const device = imei();
    const pairs = await Promise.all(
      Array.from({ length: 2 }, async () => {
        const s = await quickShopper(server);
        const id = (await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: device })).body.data.trade_in
          .id as string;
        return { s, id, orderId: await order(s.userId, 'paid') };
      }),
    );
    const results = await Promise.all(pairs.map((p) => redeem(p.s.userId, p.id, p.orderId, 'xiaomi-15')));
    expect(results.filter(Boolean)).toHaveLength(1);
    const loser = pairs[results.indexOf(false)]!;
    // The loser's quote stays theirs (evaluated) but cannot be used while the device is exchanged elsewhere.
    expect((await mine(loser.s.client))[0]).toMatchObject({ id: loser.id, state: 'evaluated' });
    expect(await repo().usable(server.db, loser.s.userId, 'id', loser.id)).toBeNull();
    const held = `SELECT count(*)::int AS n FROM trade_ins
      WHERE imei = $1 AND state IN ('redeemed', 'picked_up', 'assessed')`;
    expect((await server.db.query<{ n: number }>(held, [device]))[0]!.n).toBe(1);
  });

  it('parallel orders quoting one IMEI: one placed, the other refused in its language; free after cancel', async () => {
    const device = imei();
    const x15 = (
      await server.db.query<{ commodity_id: string }>(
        `SELECT c.commodity_id FROM commodities c JOIN offers o ON o.commodity_id = c.commodity_id
          AND o.local = 'id' WHERE c.product_id = 'xiaomi-15' AND o.stock > 20 ORDER BY c.commodity_id LIMIT 1`,
      )
    )[0]!.commodity_id;
    const buyers = await Promise.all(
      Array.from({ length: 2 }, async () => {
        const s = await quickShopper(server);
        const addressId = await saveAddress(s.client);
        await addToCart(s.client, x15);
        const id = (await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: device })).body.data.trade_in
          .id as string;
        return { ...s, addressId, id };
      }),
    );
    const place = (b: (typeof buyers)[number]) =>
      b.client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId: b.addressId, agreePrivacy: true, tradeInId: b.id },
      });
    const placed = await Promise.all(buyers.map(place));
    expect(placed.every((r) => r.status < 500)).toBe(true);
    expect(placed.filter((r) => r.body.errno === 0)).toHaveLength(1);
    const refused = placed.find((r) => r.body.errno !== 0)!;
    expect(refused.body).toMatchObject({
      errno: Errno.TRADEIN_UNAVAILABLE,
      errmsg:
        'Tukar tambah ini tidak dapat digunakan lagi: sudah kedaluwarsa, sudah digunakan, atau perangkatnya ' +
        'sedang ditukar dalam pesanan lain.',
    });
    const winner = buyers[placed.findIndex((r) => r.body.errno === 0)]!;
    const loser = buyers[placed.findIndex((r) => r.body.errno !== 0)]!;
    expect(
      (await loser.client.call('/api/id/checkout/quote', { method: 'POST', json: { tradeInId: loser.id } })).body.errno,
    ).toBe(Errno.TRADEIN_UNAVAILABLE);

    // The winner cancels the unpaid order: the device is free and the other account's quote can be redeemed.
    const orderId = placed.find((r) => r.body.errno === 0)!.body.data.order_id as string;
    expect((await winner.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId } })).body.errno).toBe(
      0,
    );
    expect((await place(loser)).body.errno).toBe(0);
  });

  it('parallel redemptions of one trade-in on several orders succeed once', async () => {
    const s = await quickShopper(server);
    const id = (await evaluate(s.client, { ...XIAOMI_13, answers: FLAWLESS, imei: imei() })).body.data.trade_in
      .id as string;
    const orders = await Promise.all(Array.from({ length: 6 }, () => order(s.userId, 'paid')));
    const results = await Promise.all(orders.map((o) => redeem(s.userId, id, o, 'xiaomi-15')));
    expect(results.filter(Boolean)).toHaveLength(1);
    const row = (
      await server.db.query<{ state: string; order_id: string }>(
        `SELECT state, order_id::text AS order_id FROM trade_ins WHERE id = $1::bigint`,
        [id],
      )
    )[0]!;
    expect(row.state).toBe('redeemed');
    expect(row.order_id).toBe(orders[results.indexOf(true)]);
  });

  it('answers bad input with the envelope, never a 5xx', async () => {
    const s = await quickShopper(server);
    const bodies: unknown[] = [
      {},
      { modelId: 1, storage: [], answers: 'x', imei: 123 },
      { ...XIAOMI_13, answers: { screen: 5 }, imei: imei() },
      { ...XIAOMI_13, answers: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`q${i}`, 'a'])), imei: imei() },
      { modelId: 'x'.repeat(5000), storage: '128GB', answers: FLAWLESS, imei: imei() },
      { modelId: 'xiaomi-13\u0000', storage: '256GB', answers: FLAWLESS, imei: imei() },
      { ...XIAOMI_13, answers: { ...FLAWLESS, 'powers-on': 'y\u0000es' }, imei: imei() },
      [],
      null,
    ];
    for (const json of bodies) {
      const r = await s.client.call('/api/id/tradein/evaluate', { method: 'POST', json });
      expect(r.status, JSON.stringify(json).slice(0, 80)).toBeLessThan(500);
      expect(r.body.errno).not.toBe(0);
    }
    for (const id of ['abc', '-1', '1e5', '99999999999999999999', '', ' ', '0']) {
      const r = await cancel(s.client, id);
      expect(r.status, id).toBeLessThan(500);
      expect(r.body.errno, id).not.toBe(0);
    }
    const form = await s.client.call('/api/id/tradein/evaluate', {
      method: 'POST',
      form: { modelId: 'xiaomi-13', storage: '256GB', imei: imei() },
    });
    expect(form.status).toBeLessThan(500);
    expect(form.body.errno).not.toBe(0);
    const broken = await s.client.call('/api/id/tradein/evaluate', {
      method: 'POST',
      body: '{"modelId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.body.errno).toBe(Errno.INVALID_PARAM);
  });
});
