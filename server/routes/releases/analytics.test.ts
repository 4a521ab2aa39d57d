import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { releaseManager } from '../../test-support/release-managers';
import { Errno } from '../../errors';
import { insertEvents, type TestEvent } from '../../analytics/dashboard/test-events';
import { rollUpFinishedDays } from '../../analytics/dashboard/rollup';
import type { AnalyticsSummaryAnswer } from '../../schemas/analytics-dashboard';

const D1 = '2024-05-01';
const D2 = '2024-05-02';
const D3 = '2024-05-03';
const R1 = 'r-20240501T000000000Z-aaaa';
const R2 = 'r-20240502T000000000Z-bbbb';
const RID = 'r-20240420T000000000Z-cccc';

/**
 * Six visits in two storefronts over three days. v1 buys (its confirmation page reloaded: the purchase twice), v2
 * searches for what is not there, v3 buys on the next release through a campaign, v4 pays without a cart event (the
 * funnel counts each step on its own), v5 stays past midnight (one visit on two days and in two releases), v6 only
 * looks.
 */
const EVENTS: TestEvent[] = [
  ...[
    { kind: 'page_view', path: '/de/' },
    { kind: 'page_view', path: '/de/product/a/', pageType: 'product' },
    { kind: 'add_to_cart', target: 'c1', value: 49900, currency: 'EUR' },
    { kind: 'checkout_step', step: 'cart' },
    { kind: 'checkout_step', step: 'payment' },
    { kind: 'purchase', target: 'o1', value: 49900, currency: 'EUR' },
    { kind: 'purchase', target: 'o1', value: 49900, currency: 'EUR' },
    { kind: 'web_vital', metric: 'LCP', metricValue: 1000 },
    { kind: 'web_vital', metric: 'LCP', metricValue: 2000 },
    { kind: 'web_vital', metric: 'LCP', metricValue: 3000 },
    { kind: 'web_vital', metric: 'CLS', metricValue: 0.1 },
    { kind: 'web_vital', metric: 'CLS', metricValue: 0.2 },
    { kind: 'web_vital', metric: 'INP', metricValue: 100, pageType: 'product', path: '/de/product/a/' },
  ].map((e, i) => ({ day: D1, local: 'de', visit: 'v1', release: R1, channel: 'SEO', second: i, ...e })),
  ...[
    { kind: 'page_view' },
    { kind: 'add_to_cart', target: 'c1', value: 49900, currency: 'EUR' },
    { kind: 'search', query: 'phne', results: 0 },
    { kind: 'search', query: ' Phne ', results: 0 },
    { kind: 'search', query: 'phone', results: 12 },
    { kind: 'web_vital', metric: 'LCP', metricValue: 4000 },
  ].map((e, i) => ({
    day: D1,
    local: 'de',
    visit: 'v2',
    release: R1,
    channel: 'Paid Search',
    campaign: 'spring',
    second: 100 + i,
    ...e,
  })),
  ...[
    { kind: 'page_view' },
    { kind: 'page_view', path: '/de/product/a/', pageType: 'product' },
    { kind: 'add_to_cart', target: 'c2', value: 100000, currency: 'EUR' },
    { kind: 'checkout_step', step: 'checkout' },
    { kind: 'purchase', target: 'o2', value: 100000, currency: 'EUR' },
    { kind: 'web_vital', metric: 'LCP', metricValue: 1000 },
    { kind: 'web_vital', metric: 'LCP', metricValue: 1500 },
    { kind: 'web_vital', metric: 'INP', metricValue: 300, pageType: 'product', path: '/de/product/a/' },
  ].map((e, i) => ({
    day: D2,
    local: 'de',
    visit: 'v3',
    release: R2,
    channel: 'Paid Search',
    campaign: 'spring',
    second: i,
    ...e,
  })),
  { day: D2, local: 'id', visit: 'v4', release: RID, kind: 'page_view', second: 1 },
  {
    day: D2,
    local: 'id',
    visit: 'v4',
    release: RID,
    kind: 'purchase',
    target: 'o3',
    value: 15_000_000,
    currency: 'IDR',
  },
  { day: D1, local: 'de', visit: 'v5', release: R1, kind: 'page_view', second: 86_000 },
  { day: D2, local: 'de', visit: 'v5', release: R2, kind: 'page_view', path: '/de/product/b/', pageType: 'product' },
  { day: D3, local: 'id', visit: 'v6', release: RID, kind: 'page_view' },
  { day: D3, local: 'id', visit: 'v6', release: RID, kind: 'web_vital', metric: 'TTFB', metricValue: 500 },
];

const steps = (view: number, cart: number, checkout: number, paid: number) => [
  { step: 'view', visits: view },
  { step: 'cart', visits: cart },
  { step: 'checkout', visits: checkout },
  { step: 'paid', visits: paid },
];
const row = (key: string, visits: number, funnel: number[], revenue: unknown[]) => ({
  key,
  visits,
  funnel: steps(...(funnel as [number, number, number, number])).map((s) => expect.objectContaining(s)),
  revenue,
});
const eur = (amount: number, orders: number) => ({ currency: 'EUR', amount, orders });
const idr = (amount: number, orders: number) => ({ currency: 'IDR', amount, orders });

/**
 * The traffic and sales dashboard against a hand-built set of events: funnel counts per visit, revenue per
 * currency, the breakdowns, top pages, searches without results and web vitals' p75 with release deltas; the same
 * answer read from the events and from the daily rollup; who may read it and which storefronts; periods refused.
 */
describe.each(drivers)('the release console traffic and sales dashboard (%s)', (driver) => {
  let server: TestServer;
  let manager: Client;
  const summary = (query: string, client = manager) =>
    client.call<AnalyticsSummaryAnswer>(`/api/de/releases/analytics/summary?${query}`);
  const period = `from=${D1}&to=${D3}`;

  beforeAll(async () => {
    server = await startServer(driver);
    manager = (await releaseManager(server)).client;
    await insertEvents(server.db, EVENTS);
  });
  afterAll(async () => server?.close());

  it('counts visits, page views, the funnel and revenue of the period', async () => {
    const r = await summary(period);
    expect(r.body.errno).toBe(0);
    const s = r.body.data;
    expect(s).toMatchObject({ from: D1, to: D3, storefronts: null });
    // v5 is one visit on two days: counted on each day, once in the period.
    expect(s.totals).toEqual({ visits: 6, page_views: 9, orders: 3 });
    expect(s.days).toEqual([
      { day: D1, visits: 3, page_views: 4 },
      { day: D2, visits: 3, page_views: 4 },
      { day: D3, visits: 1, page_views: 1 },
    ]);
    expect(s.funnel).toEqual([
      { step: 'view', visits: 6, rate: 1, from_previous: 1 },
      { step: 'cart', visits: 3, rate: 0.5, from_previous: 0.5 },
      { step: 'checkout', visits: 2, rate: 0.3333, from_previous: 0.6667 },
      // v4 paid without a cart event: each step is counted on its own.
      { step: 'paid', visits: 3, rate: 0.5, from_previous: 1.5 },
    ]);
    // o1's confirmation page was loaded twice: one order.
    expect(s.revenue).toEqual([eur(149_900, 2), idr(15_000_000, 1)]);
  });

  it('breaks visits, funnel and revenue down per storefront, release, campaign and channel', async () => {
    const s = (await summary(period)).body.data;
    expect(s.by_storefront).toEqual([
      expect.objectContaining(row('de', 4, [4, 3, 2, 2], [eur(149_900, 2)])),
      expect.objectContaining(row('id', 2, [2, 0, 0, 1], [idr(15_000_000, 1)])),
    ]);
    expect(s.by_storefront[0]!.conversion).toBe(0.5);
    // Newest release first; v5 saw R1 and R2 and counts in both.
    expect(s.by_release).toEqual([
      expect.objectContaining(row(R2, 2, [2, 1, 1, 1], [eur(100_000, 1)])),
      expect.objectContaining(row(R1, 3, [3, 2, 1, 1], [eur(49_900, 1)])),
      expect.objectContaining(row(RID, 2, [2, 0, 0, 1], [idr(15_000_000, 1)])),
    ]);
    expect(s.by_campaign).toEqual([
      expect.objectContaining(row('', 4, [4, 1, 1, 2], [eur(49_900, 1), idr(15_000_000, 1)])),
      expect.objectContaining(row('spring', 2, [2, 2, 1, 1], [eur(100_000, 1)])),
    ]);
    expect(s.by_channel.map((c) => [c.key, c.visits, c.funnel[3]!.visits])).toEqual([
      ['Direct', 3, 1],
      ['Paid Search', 2, 1],
      ['SEO', 1, 1],
    ]);
  });

  it('lists top pages and searches without results', async () => {
    const s = (await summary(period)).body.data;
    expect(s.top_pages).toEqual([
      { path: '/de/', views: 4 },
      { path: '/de/product/a/', views: 2 },
      { path: '/id/', views: 2 },
      { path: '/de/product/b/', views: 1 },
    ]);
    // 'phne' and ' Phne ' are one query; 'phone' found something.
    expect(s.empty_searches).toEqual([{ storefront: 'de', query: 'phne', searches: 2 }]);
  });

  it("gives web vitals' p75 per page type and per release, with the change since the release before", async () => {
    const s = (await summary(period)).body.data;
    // percentile_cont(0.75) of de home LCP 1000, 1000, 1500, 2000, 3000, 4000: 2000 + 0.75 × 1000.
    expect(s.vitals_by_page).toEqual([
      { storefront: 'de', page_type: 'home', samples: 6, p75: { lcp: 2750, inp: null, cls: 0.175, ttfb: null } },
      { storefront: 'de', page_type: 'product', samples: 2, p75: { lcp: null, inp: 250, cls: null, ttfb: null } },
      { storefront: 'id', page_type: 'home', samples: 1, p75: { lcp: null, inp: null, cls: null, ttfb: 500 } },
    ]);
    const none = { lcp: null, inp: null, cls: null, ttfb: null };
    expect(s.vitals_by_release).toEqual([
      {
        storefront: 'de',
        release: R2,
        previous_release: R1,
        samples: 2,
        p75: { lcp: 1375, inp: 300, cls: null, ttfb: null },
        delta: { lcp: -1875, inp: 200, cls: null, ttfb: null },
      },
      {
        storefront: 'de',
        release: R1,
        previous_release: null,
        samples: 4,
        p75: { lcp: 3250, inp: 100, cls: 0.175, ttfb: null },
        delta: none,
      },
      { storefront: 'id', release: RID, previous_release: null, samples: 1, p75: { ...none, ttfb: 500 }, delta: none },
    ]);
  });

  it('answers the same from the daily rollup as from the events', async () => {
    const live = (await summary(period)).body.data;
    await server.db.query(`SELECT analytics_roll_day(d::date) FROM unnest($1::text[]) d`, [[D1, D2]]);
    expect(await server.db.query(`SELECT day::text AS day FROM analytics_rolled_days ORDER BY day`)).toEqual(
      expect.arrayContaining([{ day: D1 }, { day: D2 }]),
    );
    // A day rolled twice is rolled once.
    expect(await server.db.query(`SELECT analytics_roll_day($1::date) AS rolled`, [D1])).toEqual([{ rolled: false }]);
    expect((await summary(period)).body.data).toEqual(live);
    // The job rolls every finished day with a partition (D3 too), and the answer stays the same.
    expect(await rollUpFinishedDays(server.db)).toContain(D3);
    expect((await summary(period)).body.data).toEqual(live);
    await server.db.query(`DELETE FROM analytics_rolled_days WHERE day = ANY ($1::date[])`, [[D1, D2, D3]]);
  });

  it('shows one storefront when asked; a release manager of some storefronts sees only theirs', async () => {
    const de = (await summary(`${period}&storefront=de`)).body.data;
    expect(de.storefronts).toEqual(['de']);
    expect(de.totals).toEqual({ visits: 4, page_views: 7, orders: 2 });
    expect(de.revenue).toEqual([eur(149_900, 2)]);

    const scoped = await releaseManager(server);
    await server.db.query(`UPDATE users SET release_locals = '{id}' WHERE id = $1`, [scoped.userId]);
    const mine = (await summary(period, scoped.client)).body.data;
    expect(mine.storefronts).toEqual(['id']);
    expect(mine.totals).toEqual({ visits: 2, page_views: 2, orders: 1 });
    expect(mine.by_storefront.map((s) => s.key)).toEqual(['id']);
    expect(mine.top_pages).toEqual([{ path: '/id/', views: 2 }]);
    const other = await summary(`${period}&storefront=de`, scoped.client);
    expect(other.status).toBe(403);
    expect(other.body.errno).toBe(Errno.ANALYTICS_STOREFRONT_NOT_YOURS);
    expect((await summary(`${period}&storefront=zz`)).body.errno).toBe(Errno.ANALYTICS_STOREFRONT_UNKNOWN);
  });

  it('refuses visitors, shoppers and support staff', async () => {
    expect((await summary(period, new Client(server.base))).body.errno).toBe(Errno.NOT_LOGGED_IN);
    for (const client of [(await quickShopper(server)).client, (await staffMember(server)).client]) {
      for (const path of ['summary', 'errors']) {
        const r = await client.call(`/api/de/releases/analytics/${path}?${period}`);
        expect(r.status).toBe(403);
        expect(r.body.errno).toBe(Errno.RELEASE_MANAGER_ONLY);
      }
    }
  });

  it('refuses a date that is not one, a period that ends before it starts, and one longer than 92 days', async () => {
    const refused = async (query: string, errno: number) => {
      const r = await summary(query);
      expect(r.body.errno, query).toBe(errno);
      expect(r.status).toBe(400);
      const errors = await manager.call(`/api/de/releases/analytics/errors?${query}`);
      expect(errors.body.errno, query).toBe(errno);
    };
    await refused('from=2024-02-30&to=2024-03-01', Errno.ANALYTICS_DATE_INVALID);
    await refused('from=yesterday', Errno.ANALYTICS_DATE_INVALID);
    await refused('from=2024-05-01&to=2024-5-2', Errno.ANALYTICS_DATE_INVALID);
    await refused('from=2024-05-10&to=2024-05-01', Errno.ANALYTICS_PERIOD_REVERSED);
    await refused('from=2024-01-01&to=2024-04-02', Errno.ANALYTICS_PERIOD_TOO_LONG);
    // 92 days, both ends included, is the longest period.
    expect((await summary('from=2024-01-01&to=2024-04-01')).body.errno).toBe(0);
  });

  it('reads the last 30 days by default, every day listed', async () => {
    const s = (await summary('')).body.data;
    expect(s.days).toHaveLength(30);
    expect(s.to).toBe((await server.db.query<{ d: string }>(`SELECT current_date::text AS d`))[0]!.d);
  });
});
