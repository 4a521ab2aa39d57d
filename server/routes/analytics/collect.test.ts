import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, randomAddress, startServer, type TestServer } from '../../test-support/harness';
import { Errno } from '../../errors';
import { RATE_RULES } from '../../security/rate-limit';
import { ANALYTICS_ADDRESS_BUDGET } from '../../analytics/limits';
import { ANALYTICS_ROLL_QUEUE } from '../../analytics/index';
import { ANALYTICS_MAX_BODY_BYTES, ANALYTICS_MAX_EVENTS, type AnalyticsBatch } from '../../schemas/analytics';
import { malformedRequest, type JsonSchema } from '../../fuzz/malformed';
import { analyticsEventsRepository, INSERTS_IN_FLIGHT } from '../../repositories/analytics-events';
import { countingDatabase } from '../../test-support/counting-db';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const ALL = '0,1,2,3:';
let visits = 0;

/** A valid batch of `n` page views of a visit of its own (its id finds its rows). */
function batchOf(n: number, over: Partial<AnalyticsBatch> = {}): AnalyticsBatch {
  const visitId = `v-${process.pid}-${++visits}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    consent: ALL,
    context: {
      visitId,
      lang: 'id',
      pageType: 'product',
      release: 'r-2026.1',
      device: 'mobile',
      app: 'web',
      channel: 'Paid Search',
      campaign: 'spring',
    },
    events: Array.from({ length: n }, (_, i) => ({ kind: 'page_view' as const, at: Date.now(), path: `/id/p/${i}` })),
    ...over,
  };
}

describe.each(drivers)('the analytics collector (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  }, 120_000);
  afterAll(async () => server?.close());

  /** Posts a body as sendBeacon does (text/plain), from a browser of `client`'s address. */
  const beacon = (
    client: Client,
    body: unknown,
    { local = 'id', headers = {} }: { local?: string; headers?: Record<string, string> } = {},
  ) =>
    client.call(`/api/${local}/analytics/collect`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, ...headers },
    });
  const rowsOf = async (visitId: string) =>
    (
      await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_events WHERE visit_id = $1`, [
        visitId,
      ])
    )[0]!.n;

  it('stores a beacon batch in one row per event, with the context, and answers how many were kept', async () => {
    const c = new Client(server.base);
    const batch = batchOf(2);
    batch.events.push(
      { kind: 'search', at: Date.now(), path: '/id/search/', query: 'redmi\u0000 note', results: 12 },
      { kind: 'purchase', at: Date.now(), path: '/id/checkout/', target: 'O-77', value: 1999000, currency: 'IDR' },
      { kind: 'web_vital', at: Date.now(), path: '/id/', metric: 'CLS', metricValue: 0.05 },
    );
    const r = await beacon(c, batch);
    expect(r).toEqual({ status: 200, body: { errno: 0, errmsg: 'ok', data: { kept: 5, dropped: 0 } } });
    const rows = await server.db.query<Record<string, unknown>>(
      `SELECT url_local, lang, page_type, release_id, device, app, channel, campaign, kind, query, results, target,
         value::float8 AS value, currency, metric, metric_value, received_on = current_date AS today
       FROM analytics_events WHERE visit_id = $1 ORDER BY kind`,
      [batch.context.visitId],
    );
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ url_local: 'id', lang: 'id', page_type: 'product', release_id: 'r-2026.1' });
    expect(rows[0]).toMatchObject({ device: 'mobile', app: 'web', channel: 'Paid Search', campaign: 'spring' });
    expect(rows.every((row) => row['today'] === true)).toBe(true);
    expect(rows.find((row) => row['kind'] === 'search')).toMatchObject({ query: 'redmi\uFFFD note', results: 12 });
    expect(rows.find((row) => row['kind'] === 'purchase')).toMatchObject({
      target: 'O-77',
      value: 1999000,
      currency: 'IDR',
    });
    expect(rows.find((row) => row['kind'] === 'web_vital')).toMatchObject({ metric: 'CLS', metric_value: 0.05 });
  });

  it('takes application/json as well, under the storefront of the path', async () => {
    const c = new Client(server.base);
    const batch = batchOf(1);
    const r = await c.call('/api/be-fr/analytics/collect', {
      method: 'POST',
      json: {
        ...batch,
        consent: 'app',
        context: { ...batch.context, app: 'ios', instanceId: 'i-1', appSessionId: 's.2' },
      },
      headers: { 'user-agent': BROWSER },
    });
    expect(r.body).toMatchObject({ errno: 0, data: { kept: 1 } });
    const [row] = await server.db.query(
      `SELECT url_local, app, instance_id, app_session_id FROM analytics_events WHERE visit_id = $1`,
      [batch.context.visitId],
    );
    expect(row).toEqual({ url_local: 'be-fr', app: 'ios', instance_id: 'i-1', app_session_id: 's.2' });
  });

  it('refuses a batch that breaks its schema or carries wrong types, with errno 50001, never a 5xx', async () => {
    const c = new Client(server.base);
    const good = batchOf(1);
    const ev = good.events[0]!;
    const bad: unknown[] = [
      '',
      'not json',
      '{"context":',
      'null',
      '[]',
      '42',
      {},
      { ...good, consent: undefined },
      { ...good, consent: 3 },
      { ...good, consent: '0,1,2,3' },
      { ...good, extra: true },
      { ...good, events: [] },
      { ...good, events: {} },
      { ...good, context: { ...good.context, visitId: undefined } },
      { ...good, context: { ...good.context, visitId: 'has space' } },
      { ...good, context: { ...good.context, app: 'android' } },
      { ...good, context: { ...good.context, channel: 'Email' } },
      { ...good, context: { ...good.context, ip: '1.2.3.4' } },
      { ...good, events: [{ ...ev, at: String(ev.at) }] },
      { ...good, events: [{ ...ev, at: ev.at + 0.5 }] },
      { ...good, events: [{ ...ev, at: -1 }] },
      { ...good, events: [{ ...ev, kind: 'scroll' }] },
      { ...good, events: [{ ...ev, path: 'id/' }] },
      { ...good, events: [{ ...ev, path: `/${'p'.repeat(400)}` }] },
      { ...good, events: [{ ...ev, kind: 'search', query: 'x', results: '3' }] },
      { ...good, events: [{ ...ev, kind: 'purchase', target: 'O', value: 1e13, currency: 'EUR' }] },
      { ...good, events: [{ ...ev, kind: 'purchase', target: 'O', value: 10, currency: 'eur' }] },
      { ...good, events: [{ ...ev, userAgent: 'x' }] },
      { ...good, events: [ev, null] },
      // 1e999 is Infinity to JSON.parse: not a number the schema takes.
      `{"consent":"0,1,2,3:","context":${JSON.stringify(good.context)},` +
        `"events":[{"kind":"page_view","at":1e999,"path":"/"}]}`,
    ];
    for (const body of bad) {
      const r = await beacon(c, body);
      expect(r.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(r.body.errno, JSON.stringify(body).slice(0, 120)).toBe(Errno.ANALYTICS_BATCH_INVALID);
      expect(r.body.data).toBeNull();
    }
    expect(await rowsOf(good.context.visitId)).toBe(0);
  });

  it('answers malformed requests of every sort in the envelope, never with a 5xx', async () => {
    const doc = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: JsonSchema }> } } }>;
    };
    const path = '/api/{urlLocal}/analytics/collect';
    const body = Object.values(doc.paths[path]!.post.requestBody.content)[0]!.schema;
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(malformedRequest({ method: 'POST', path, query: {}, body }), async (req) => {
        const res = await fetch(server.base + req.path, {
          method: 'POST',
          headers: { 'x-forwarded-for': randomAddress(), 'user-agent': BROWSER, ...req.headers },
          ...(req.body !== undefined ? { body: req.body } : {}),
        });
        statuses.push(res.status);
        expect(res.status, req.label).toBeLessThan(500);
        // A browser navigating (Accept: text/html) reads refusals as a page of the storefront.
        if ((res.headers.get('content-type') ?? '').includes('text/html')) return true;
        const answer = (await res.json()) as { errno: number; errmsg: string };
        expect(answer.errno, req.label).not.toBe(0);
        expect(answer.errmsg, req.label).not.toMatch(/FST_|node_modules|\.ts:\d+|relation "/);
        return true;
      }),
      { numRuns: 150, endOnFailure: true },
    );
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(50);
  });

  it('refuses an event that lacks what its kind needs, with errno 50002 and the field', async () => {
    const c = new Client(server.base);
    const at = Date.now();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'search', at, path: '/', query: 'mi' }, 'results'],
      [{ kind: 'purchase', at, path: '/', target: 'O-1', value: 100 }, 'currency'],
      [{ kind: 'purchase', at, path: '/', value: 100, currency: 'IDR' }, 'target'],
      [{ kind: 'web_vital', at, path: '/', metric: 'INP' }, 'metricValue'],
      [{ kind: 'checkout_step', at, path: '/' }, 'step'],
      [{ kind: 'add_to_cart', at, path: '/', quantity: 1 }, 'target'],
    ];
    for (const [event, field] of cases) {
      const batch = batchOf(1);
      const r = await beacon(c, { ...batch, events: [...batch.events, event] });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errno: Errno.ANALYTICS_EVENT_INVALID, data: { index: 1, field } });
      // The whole batch is refused: a page that sends broken events is fixed, not half counted.
      expect(await rowsOf(batch.context.visitId)).toBe(0);
    }
  });

  it('refuses too many events (50004), too many bytes (50003) declared or streamed, other media types', async () => {
    const c = new Client(server.base);
    const many = batchOf(ANALYTICS_MAX_EVENTS + 1);
    expect(await beacon(c, many)).toMatchObject({ status: 413, body: { errno: Errno.ANALYTICS_TOO_MANY_EVENTS } });
    expect(await rowsOf(many.context.visitId)).toBe(0);

    const big = batchOf(2);
    big.events[0]!.path = `/${'x'.repeat(299)}`;
    big.context.campaign = 'c';
    const padded = JSON.stringify(big).replace('{', `{${' '.repeat(ANALYTICS_MAX_BODY_BYTES)}`);
    expect(await beacon(c, padded)).toMatchObject({ status: 413, body: { errno: Errno.ANALYTICS_BATCH_TOO_LARGE } });

    // A chunked body declares no length: it is cut off once it passes the bound, and the connection closed.
    const streamed = await new Promise<{ status: number; errno: number; connection: string | undefined }>(
      (resolve, reject) => {
        const url = new URL(`${server.base}/api/id/analytics/collect`);
        const req = http.request(
          url,
          {
            method: 'POST',
            headers: { 'content-type': 'text/plain', 'user-agent': BROWSER, 'x-forwarded-for': randomAddress() },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                errno: (JSON.parse(text) as { errno: number }).errno,
                connection: res.headers.connection,
              }),
            );
          },
        );
        req.on('error', reject);
        // Far more than the bound, written while the server reads: it answers long before the end.
        let sent = 0;
        const chunk = ' '.repeat(8192);
        const pump = () => {
          while (sent < 4 * 1024 * 1024 && req.write(chunk)) sent += chunk.length;
          if (sent < 4 * 1024 * 1024) req.once('drain', pump);
          else req.end();
        };
        req.write('{');
        pump();
      },
    );
    expect(streamed).toEqual({ status: 413, errno: Errno.ANALYTICS_BATCH_TOO_LARGE, connection: 'close' });

    const form = await c.call('/api/id/analytics/collect', {
      method: 'POST',
      form: { events: 'x' },
      headers: { 'user-agent': BROWSER },
    });
    expect(form).toMatchObject({ status: 415, body: { errno: Errno.ANALYTICS_MEDIA_TYPE } });
  });

  it('drops events a day old or five minutes ahead, not the batch, and stores none in the future', async () => {
    const c = new Client(server.base);
    const batch = batchOf(1);
    const now = Date.now();
    batch.events.push(
      { kind: 'click', at: now - 25 * 3600_000, path: '/', target: 'old' },
      { kind: 'click', at: now + 10 * 60_000, path: '/', target: 'ahead' },
      { kind: 'click', at: now + 2 * 60_000, path: '/', target: 'soon' },
    );
    expect((await beacon(c, batch)).body).toMatchObject({ errno: 0, data: { kept: 2, dropped: 2 } });
    const rows = await server.db.query<{ target: string | null; future: boolean }>(
      `SELECT target, occurred_at > now() + interval '1 second' AS future FROM analytics_events WHERE visit_id = $1
       ORDER BY target`,
      [batch.context.visitId],
    );
    expect(rows).toEqual([
      { target: 'soon', future: false },
      { target: null, future: false },
    ]);
    const stale = batchOf(1);
    stale.events[0]!.at = now - 48 * 3600_000;
    expect((await beacon(c, stale)).body).toMatchObject({ errno: 0, data: { kept: 0, dropped: 1 } });
  });

  describe('consent', () => {
    /** A beacon of a new batch to `local` with the consent cookie (as the consent gate writes it, URI-encoded). */
    const consentCase = async (local: string, batchConsent: string, cookie: string | null) => {
      const c = new Client(server.base);
      if (cookie !== null) c.cookies.set('cookie_preference', encodeURIComponent(cookie));
      const batch = batchOf(3, { consent: batchConsent });
      const r = await beacon(c, batch, { local });
      return { errno: r.body.errno, status: r.status, rows: await rowsOf(batch.context.visitId) };
    };
    const refused = { errno: Errno.ANALYTICS_NO_CONSENT, status: 200, rows: 0 };
    const stored = { errno: 0, status: 200, rows: 3 };

    it('stores nothing when the batch does not allow the analytical category', async () => {
      expect(await consentCase('id', '0,1,2:', null)).toEqual(refused);
      expect(await consentCase('id', '0:', ALL)).toEqual(refused);
    });

    it('stores nothing at the high level when the cookie does not allow it, or there is no cookie', async () => {
      expect(await consentCase('de', ALL, '0,1,2:')).toEqual(refused);
      expect(await consentCase('de', ALL, null)).toEqual(refused);
      expect(await consentCase('de', ALL, 'garbage')).toEqual(refused);
      expect(await consentCase('id', ALL, '0,1:')).toEqual(refused);
    });

    it('stores at the low level with no cookie, and wherever the cookie allows it', async () => {
      expect(await consentCase('id', ALL, null)).toEqual(stored);
      expect(await consentCase('de', ALL, ALL)).toEqual(stored);
      expect(await consentCase('de', '0,3:', '0,3:1767225600')).toEqual(stored);
    });

    it('counts consent as given inside the app, and not on the web', async () => {
      const inApp = async (app: 'app' | 'ios' | 'web', local: string) => {
        const c = new Client(server.base);
        const batch = batchOf(2);
        const r = await beacon(c, { ...batch, consent: 'app', context: { ...batch.context, app } }, { local });
        return { errno: r.body.errno, rows: await rowsOf(batch.context.visitId) };
      };
      expect(await inApp('app', 'de')).toEqual({ errno: 0, rows: 2 });
      expect(await inApp('ios', 'id')).toEqual({ errno: 0, rows: 2 });
      expect(await inApp('web', 'id')).toEqual({ errno: Errno.ANALYTICS_NO_CONSENT, rows: 0 });
    });
  });

  it('answers robots as shoppers and stores nothing of theirs; counts headless Chromium', async () => {
    const c = new Client(server.base);
    for (const ua of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', '']) {
      const batch = batchOf(4);
      const r = await beacon(c, batch, { headers: { 'user-agent': ua } });
      expect(r.body).toEqual({ errno: 0, errmsg: 'ok', data: { kept: 4, dropped: 0 } });
      expect(await rowsOf(batch.context.visitId)).toBe(0);
    }
    const headless = batchOf(1);
    const ua =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36';
    expect((await beacon(c, headless, { headers: { 'user-agent': ua } })).body.errno).toBe(0);
    expect(await rowsOf(headless.context.visitId)).toBe(1);
  });

  it('stores no client address and no user agent', async () => {
    const columns = (
      await server.db.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
         WHERE table_name = 'analytics_events' AND table_schema = current_schema()`,
      )
    ).map((c) => c.name);
    expect(columns.length).toBeGreaterThan(20);
    expect(columns.filter((name) => /ip|addr|agent|ua$|user|account|email|cookie/.test(name))).toEqual([]);
    const c = new Client(server.base, '10.201.202.203');
    const batch = batchOf(1);
    await beacon(c, batch, { headers: { 'user-agent': `${BROWSER} Marker/77` } });
    const [row] = await server.db.query<{ text: string }>(
      `SELECT row_to_json(e)::text AS text FROM analytics_events e WHERE visit_id = $1`,
      [batch.context.visitId],
    );
    expect(row!.text).not.toContain('10.201.202.203');
    expect(row!.text).not.toContain('Marker');
  });

  it('holds under a flood from one address: later batches refused, rows bounded, others served', async () => {
    const flooder = new Client(server.base);
    const batch = batchOf(ANALYTICS_MAX_EVENTS);
    const requests = RATE_RULES.analytics.max + 30;
    const answers = await Promise.all(Array.from({ length: requests }, () => beacon(flooder, batch)));
    const by = (errno: number) => answers.filter((a) => a.body.errno === errno).length;
    const keptBatches = by(0);
    // The events budget stops it first, then the rate of batches; nothing else happens, and no 5xx.
    expect(keptBatches).toBe(Math.floor(ANALYTICS_ADDRESS_BUDGET.events / ANALYTICS_MAX_EVENTS));
    expect(by(Errno.ANALYTICS_BUDGET_SPENT)).toBe(RATE_RULES.analytics.max - keptBatches);
    expect(by(Errno.RATE_LIMITED)).toBe(requests - RATE_RULES.analytics.max);
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect(await rowsOf(batch.context.visitId)).toBe(keptBatches * ANALYTICS_MAX_EVENTS);
    expect(await rowsOf(batch.context.visitId)).toBeLessThanOrEqual(ANALYTICS_ADDRESS_BUDGET.events);

    const other = new Client(server.base);
    const theirs = batchOf(5);
    expect((await beacon(other, theirs)).body).toMatchObject({ errno: 0, data: { kept: 5 } });
    expect(await rowsOf(theirs.context.visitId)).toBe(5);
  });

  it('lands parallel batches exactly once each', async () => {
    const batches = Array.from({ length: 40 }, () => batchOf(20));
    const answers = await Promise.all(batches.map((b) => beacon(new Client(server.base), b)));
    expect(answers.map((a) => a.body.errno)).toEqual(batches.map(() => 0));
    const rows = await server.db.query<{ visit_id: string; n: number; paths: number }>(
      `SELECT visit_id, count(*)::int AS n, count(DISTINCT path)::int AS paths FROM analytics_events
       WHERE visit_id = ANY($1::text[]) GROUP BY visit_id`,
      [batches.map((b) => b.context.visitId)],
    );
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.n === 20 && r.paths === 20)).toBe(true);
  });

  it('inserts batches that arrive together in one statement, and one the database refuses loses no other', async () => {
    const statements: string[] = [];
    const repo = analyticsEventsRepository(countingDatabase(server.db, (sql) => statements.push(sql)));
    const events = (results: number) =>
      Array.from({ length: 3 }, (_, i) => ({
        event: { kind: 'search' as const, at: Date.now(), path: `/s/${i}`, query: 'q', results },
        occurredAt: Date.now(),
      }));
    const inserts = () => statements.filter((sql) => sql.includes('INSERT INTO analytics_events')).length;

    const together = Array.from({ length: 12 }, () => batchOf(1));
    await Promise.all(together.map((b, i) => repo.insert('id', b.context, events(i))));
    // The first ones go alone at once (as many as run side by side), the others together after them.
    expect(inserts()).toBe(INSERTS_IN_FLIGHT[driver] + 1);
    for (const b of together) expect(await rowsOf(b.context.visitId)).toBe(3);

    const batches = Array.from({ length: 6 }, () => batchOf(1));
    // An integer column cannot hold 2^40: only a batch past the schema (never one from a page) could carry it.
    const outcomes = await Promise.allSettled(
      batches.map((b, i) => repo.insert('id', b.context, events(i === 4 ? 2 ** 40 : i))),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    for (const [i, b] of batches.entries()) expect(await rowsOf(b.context.visitId)).toBe(i === 4 ? 0 : 3);
  });

  describe('partitions', () => {
    const partitions = async (like: string) =>
      (
        await server.db.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
           WHERE h.inhparent = 'analytics_events'::regclass AND c.relname LIKE $1 ORDER BY 1`,
          [like],
        )
      ).map((p) => p.name);
    const roll = (today: string) => server.app.analytics.events.roll(400, 2, today);

    it('are rolled at start: today and two days ahead exist, and the daily roll is queued', async () => {
      const [{ days }] = (await server.db.query<{ days: string[] }>(
        `SELECT array_agg('analytics_events_' || to_char(current_date + i, 'YYYYMMDD') ORDER BY i) AS days
         FROM generate_series(0, 2) i`,
      )) as [{ days: string[] }];
      expect((await partitions('analytics_events_%')).filter((p) => days.includes(p))).toEqual(days);
      expect(await server.app.jobs.getQueueSize(ANALYTICS_ROLL_QUEUE)).toBe(1);
    });

    it('are rolled by a job of the queue: a day ahead that went missing is made again', async () => {
      const [{ ahead }] = (await server.db.query<{ ahead: string }>(
        `SELECT 'analytics_events_' || to_char(current_date + 2, 'YYYYMMDD') AS ahead`,
      )) as [{ ahead: string }];
      await server.db.query(`DROP TABLE ${ahead}`);
      await server.app.jobs.send(ANALYTICS_ROLL_QUEUE, {}, { singletonKey: 'roll:now' });
      await expect.poll(() => partitions(ahead), { timeout: 20_000, interval: 250 }).toEqual([ahead]);
      // The job queued the next day's roll: still one waiting.
      expect(await server.app.jobs.getQueueSize(ANALYTICS_ROLL_QUEUE)).toBe(1);
    });

    it('roll on from a date: the days ahead made, the days past the retention dropped, idempotent', async () => {
      await server.db.query(`SELECT analytics_ensure_partition(d::date) FROM unnest($1::text[]) d`, [
        ['2019-04-28', '2019-04-29', '2019-05-15'],
      ]);
      expect(await roll('2020-06-01')).toEqual({ created: 3, dropped: 1 });
      expect(await partitions('analytics_events_20%0%')).toEqual(
        expect.arrayContaining([
          'analytics_events_20190429',
          'analytics_events_20190515',
          'analytics_events_20200601',
          'analytics_events_20200602',
          'analytics_events_20200603',
        ]),
      );
      expect(await partitions('analytics_events_20190428')).toEqual([]);
      // 400 days up to 2020-06-01 begin on 2019-04-29: that day is kept, the day before it was dropped.
      expect(await roll('2020-06-01')).toEqual({ created: 0, dropped: 0 });
      // Today's partitions are newer than any day rolled from: untouched.
      expect(
        (
          await server.db.query(`SELECT to_regclass('analytics_events_' || to_char(current_date, 'YYYYMMDD'))
        IS NOT NULL AS has`)
        )[0],
      ).toEqual({ has: true });
    });

    it('two rolls at once are safe and make each day once', async () => {
      const results = await Promise.all([roll('2021-01-10'), roll('2021-01-10'), roll('2021-01-11')]);
      expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(4);
      expect(await partitions('analytics_events_202101%')).toEqual([
        'analytics_events_20210110',
        'analytics_events_20210111',
        'analytics_events_20210112',
        'analytics_events_20210113',
      ]);
    });

    it('an insert on a day whose partition is missing makes it and lands', async () => {
      const [{ today }] = (await server.db.query<{ today: string }>(
        `SELECT 'analytics_events_' || to_char(current_date, 'YYYYMMDD') AS today`,
      )) as [{ today: string }];
      await server.db.query(`DROP TABLE ${today}`);
      const batch = batchOf(3);
      expect((await beacon(new Client(server.base), batch)).body).toMatchObject({ errno: 0, data: { kept: 3 } });
      expect(await rowsOf(batch.context.visitId)).toBe(3);
      expect(await partitions(today)).toEqual([today]);
      // Parallel first inserts of a missing day: every batch lands, the day is made once.
      await server.db.query(`DROP TABLE ${today}`);
      const batches = Array.from({ length: 8 }, () => batchOf(2));
      const answers = await Promise.all(batches.map((b) => beacon(new Client(server.base), b)));
      expect(answers.map((a) => a.body.errno)).toEqual(batches.map(() => 0));
      for (const b of batches) expect(await rowsOf(b.context.visitId)).toBe(2);
    });
  });
});
