import {
  FLASH_COMMODITY as COMMODITY,
  FLASH_OPS_TOKEN as OPS_TOKEN,
  setTestSale,
} from '../../test-support/flash-sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { releaseManager } from '../../test-support/release-managers';
import { Errno } from '../../errors';

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(ok()).toBe(true);
};

describe.each(drivers)('flash sales (%s)', (driver) => {
  let server: TestServer;
  let n = 0;
  beforeAll(async () => {
    server = await startServer(driver, { OPS_TOKEN });
  });
  afterAll(async () => server?.close());

  /** Sets a sale through the operator route; starts `startIn` ms from now. */
  async function sale(units: number, opts: { startIn?: number; oversubscription?: number; window?: number } = {}) {
    const saleId = `t-${driver}-${++n}-${Date.now()}`;
    const startsAt = new Date(Date.now() + (opts.startIn ?? -1000));
    await setTestSale(server.base, {
      saleId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3600_000).toISOString(),
      units,
      oversubscription: opts.oversubscription ?? 0,
      paymentWindowSeconds: opts.window ?? 900,
    });
    // The operator's NOTIFY reaches the gate asynchronously; read it now for the test.
    await server.app.flashSales.refresh(saleId);
    return saleId;
  }
  const enter = (client: Awaited<ReturnType<typeof quickShopper>>['client'], saleId: string) =>
    client.call('/api/id/seckill/enter', { method: 'POST', json: { saleId, commodityId: COMMODITY } });
  const shoppers = async (count: number) => {
    const out = [];
    for (let i = 0; i < count; i += 50)
      out.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => quickShopper(server)))));
    return out;
  };
  const tally = async (saleId: string) =>
    (
      await server.db.query<{ won: number; waiting: number; places: number; max_seq: number }>(
        `SELECT count(*) FILTER (WHERE state IN ('won', 'paid'))::int AS won,
           count(*) FILTER (WHERE state = 'waiting')::int AS waiting, count(*)::int AS places,
           coalesce(max(seq), 0) AS max_seq
         FROM flash_places WHERE sale_id = $1`,
        [saleId],
      )
    )[0]!;

  it('gives 10 units to the first 10 of 1,000 parallel buyers, and nothing more', async () => {
    const saleId = await sale(10);
    const buyers = await shoppers(1000);
    const answers = await Promise.all(buyers.map((b) => enter(b.client, saleId)));
    expect(answers.every((a) => a.status === 200 && a.body.errno === 0)).toBe(true);
    const won = answers.filter((a) => a.body.data.state === 'won');
    expect(won).toHaveLength(10);
    expect(answers.filter((a) => a.body.data.state === 'sold_out')).toHaveLength(990);
    expect(won.map((a) => a.body.data.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await tally(saleId)).toMatchObject({ won: 10, waiting: 0, places: 10, max_seq: 10 });
    // Sold out now lives in the gate: the answer comes without a place and the sale says so.
    expect(server.app.flashSales.gate.entry(saleId)?.soldOut).toBe(true);
    const info = await buyers[0]!.client.call(`/api/id/seckill/sale?saleId=${saleId}`);
    expect(info.body.data).toMatchObject({ phase: 'sold_out', left: 0, units: 10 });

    // Late asks: a shopper without a place hears "sold out" with no session, place or admission read; a winner
    // (named by the userId cookie, checked by the session) still hears its place.
    await until(() => server.app.flashSales.gate.entry(saleId)?.holders !== undefined);
    const [late] = await shoppers(1);
    const seen: string[] = [];
    const query = server.app.db.query.bind(server.app.db);
    server.app.db.query = ((sql: string, params?: readonly unknown[]) => {
      seen.push(sql);
      return query(sql, params);
    }) as typeof server.app.db.query;
    try {
      const lateAnswers = await Promise.all([enter(late!.client, saleId), enter(buyers[990]!.client, saleId)]);
      expect(lateAnswers.map((a) => a.body)).toEqual([
        { errno: 0, errmsg: expect.any(String), data: { state: 'sold_out' } },
        { errno: 0, errmsg: expect.any(String), data: { state: 'sold_out' } },
      ]);
      expect(seen.filter((sql) => /sessions|flash_/.test(sql))).toEqual([]);
    } finally {
      server.app.db.query = query;
    }
    const winner = buyers[answers.indexOf(won[0]!)]!;
    expect((await enter(winner.client, saleId)).body.data).toMatchObject({ state: 'won' });
  }, 120_000);

  it('admits by arrival at the server, not by arrival at the database', async () => {
    const saleId = await sale(3);
    const six = await shoppers(6);
    const early = new Set(six.slice(0, 3).map((s) => s.userId));
    // The first three asks to arrive are held up on their way to the database (a slow process, a busy pool) until
    // the last three have been recorded: still, the units go to the first three, numbered in their arrival order.
    const { repo } = server.app.flashSales;
    const arrive = repo.arrive;
    repo.arrive = async (input) => {
      if (early.has(input.userId)) await new Promise((r) => setTimeout(r, 150));
      return arrive(input);
    };
    try {
      const asks = [];
      for (const s of six) {
        asks.push(
          s.client
            .fetch('/api/id/seckill/enter', { method: 'POST', json: { saleId, commodityId: COMMODITY } })
            .then(async (res) => ({ arrival: Number(res.headers.get('x-flash-arrival')), body: await res.json() })),
        );
        await new Promise((r) => setTimeout(r, 15));
      }
      const answers = await Promise.all(asks);
      const arrivals = answers.map((a) => a.arrival);
      expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
      expect(answers.map((a) => a.body.data.state)).toEqual(['won', 'won', 'won', 'sold_out', 'sold_out', 'sold_out']);
      expect(answers.slice(0, 3).map((a) => a.body.data.seq)).toEqual([1, 2, 3]);
    } finally {
      repo.arrive = arrive;
    }
  });

  it('gives one place per account under 50 parallel asks of one shopper', async () => {
    const saleId = await sale(5);
    const [one] = await shoppers(1);
    const answers = await Promise.all(Array.from({ length: 50 }, () => enter(one!.client, saleId)));
    expect(answers.every((a) => a.body.errno === 0 && a.body.data.state === 'won')).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.seq))).toEqual(new Set([1]));
    const raw = await one!.client.fetch('/api/id/seckill/enter', {
      method: 'POST',
      json: { saleId, commodityId: COMMODITY },
    });
    expect(raw.headers.get('x-flash-seq')).toBe('1');
    const arrival = Number(raw.headers.get('x-flash-arrival'));
    expect(Number.isInteger(arrival) && Math.abs(arrival / 1000 - Date.now()) < 10_000).toBe(true);
    expect(await tally(saleId)).toMatchObject({ won: 1, places: 1 });
  });

  it("caps one shopper's asks at 60 a minute in the process, without a database write per ask", async () => {
    const saleId = await sale(5);
    const [one] = await shoppers(1);
    const answers = await Promise.all(Array.from({ length: 70 }, () => enter(one!.client, saleId)));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused.every((a) => a.body.errno === Errno.RATE_LIMITED && a.body.errmsg !== '')).toBe(true);
    expect(answers.filter((a) => a.body.errno === 0).every((a) => a.body.data.seq === 1)).toBe(true);
    const rows = await server.db.query(`SELECT 1 FROM rate_limit_hits WHERE key LIKE 'flash-ask%'`);
    expect(rows).toHaveLength(0);
  });

  it('releases a place unpaid at the end of its window to the next in line, in arrival order', async () => {
    const saleId = await sale(1, { oversubscription: 2, window: 30 });
    const [a, b, c, d] = await shoppers(4);
    expect((await enter(a!.client, saleId)).body.data).toMatchObject({ state: 'won', seq: 1 });
    expect((await enter(b!.client, saleId)).body.data).toMatchObject({ state: 'waiting', seq: 2, position: 1 });
    expect((await enter(c!.client, saleId)).body.data).toMatchObject({ state: 'waiting', seq: 3, position: 2 });
    expect((await enter(d!.client, saleId)).body.data).toEqual({ state: 'sold_out' });
    // a's window passes unpaid: the sweep hands the unit to b, and c moves up.
    await server.db.query(
      `UPDATE flash_places SET pay_until = now() - interval '1 second' WHERE sale_id = $1
      AND seq = 1`,
      [saleId],
    );
    expect(await server.app.flashSales.releaseDue()).toBeGreaterThanOrEqual(1);
    expect((await a!.client.call(`/api/id/seckill/place?saleId=${saleId}`)).body.data.state).toBe('expired');
    expect((await b!.client.call(`/api/id/seckill/place?saleId=${saleId}`)).body.data).toMatchObject({
      state: 'won',
      seq: 2,
    });
    expect((await c!.client.call(`/api/id/seckill/place?saleId=${saleId}`)).body.data).toMatchObject({
      state: 'waiting',
      position: 1,
    });
    expect(await tally(saleId)).toMatchObject({ won: 1, waiting: 1 });
    // The released place reopened one admission, as a waiting place (the unit is b's).
    await server.app.flashSales.refresh(saleId);
    expect((await enter(d!.client, saleId)).body.data).toMatchObject({ state: 'waiting', seq: 4, position: 2 });
  });

  it('refuses early asks without a place, and names the start', async () => {
    const saleId = await sale(3, { startIn: 60_000 });
    const [one] = await shoppers(1);
    const answer = await enter(one!.client, saleId);
    expect(answer.body.errno).toBe(Errno.FLASH_NOT_STARTED);
    expect(answer.body.data.starts_at).toBeGreaterThan(Date.now());
    // Every answer of enter carries its arrival time (µs since the epoch), refusals too.
    const raw = await one!.client.fetch('/api/id/seckill/enter', {
      method: 'POST',
      json: { saleId, commodityId: COMMODITY },
    });
    expect((await raw.json()).errno).toBe(Errno.FLASH_NOT_STARTED);
    const arrival = Number(raw.headers.get('x-flash-arrival'));
    expect(Math.abs(arrival / 1000 - Date.now())).toBeLessThan(10_000);
    expect(await tally(saleId)).toMatchObject({ places: 0 });
  });

  it('refuses a version not in the sale, visitors and unknown sales', async () => {
    const saleId = await sale(3);
    const [one] = await shoppers(1);
    const wrong = await one!.client.call('/api/id/seckill/enter', {
      method: 'POST',
      json: { saleId, commodityId: 'not-in-sale' },
    });
    expect(wrong.body.errno).toBe(Errno.FLASH_NOT_IN_SALE);
    one!.client.cookies.clear();
    expect((await enter(one!.client, saleId)).body.errno).toBe(Errno.NOT_LOGGED_IN);
    expect((await enter(one!.client, 'no-such-sale')).body.errno).toBe(Errno.FLASH_UNKNOWN);
  });

  it('lets staff and release managers set a sale of their country; refuses shoppers and wrong versions', async () => {
    const body = (saleId: string) => ({
      saleId,
      productId: 'xiaomi-15t-pro',
      commodityIds: [COMMODITY],
      startsAt: new Date(Date.now() + 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3600_000).toISOString(),
      units: 5,
      salePrice: 1_000_000,
    });
    const set = (client: Awaited<ReturnType<typeof quickShopper>>['client'], route: string, json: unknown) =>
      client.call(`/api/id/${route}/flash-sales`, { method: 'POST', json });
    const [shopper] = await shoppers(1);
    const staff = await staffMember(server);
    const manager = await releaseManager(server);
    for (const route of ['staff', 'releases']) expect((await set(shopper!.client, route, body('x'))).status).toBe(403);
    expect((await set(manager.client, 'staff', body('x'))).status).toBe(403);
    expect((await set(staff.client, 'releases', body('x'))).status).toBe(403);

    const byStaff = `staff-${driver}`;
    const byManager = `release-${driver}`;
    expect((await set(staff.client, 'staff', body(byStaff))).body.errno).toBe(0);
    expect((await set(manager.client, 'releases', { ...body(byManager), units: 7 })).body.errno).toBe(0);
    for (const id of [byStaff, byManager]) await server.app.flashSales.refresh(id);
    const read = (id: string, store = 'id') => shopper!.client.call(`/api/${store}/seckill/sale?saleId=${id}`);
    expect((await read(byStaff)).body.data).toMatchObject({ phase: 'upcoming', units: 5, sale_price: 1_000_000 });
    expect((await read(byManager)).body.data).toMatchObject({ phase: 'upcoming', units: 7 });
    // The sale is the storefront's country's: another country's storefront does not know it.
    expect((await read(byManager, 'de')).body.errno).toBe(Errno.FLASH_UNKNOWN);
    const wrong = await set(staff.client, 'staff', { ...body(byStaff), commodityIds: [COMMODITY, '10001'] });
    expect(wrong.body).toMatchObject({ errno: Errno.FLASH_SALE_INVALID, data: { commodity_ids: ['10001'] } });
  });
});
