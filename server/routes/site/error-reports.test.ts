import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, randomAddress, startServer, type TestServer } from '../../test-support/harness';
import { Errno } from '../../errors';
import { cutUtf8, ERROR_REPORT_LIMITS, fingerprint, slotOf } from '../../repositories/error-reports';
import { ERRSAVE_MAX_CONTENT } from './error-reports';

const L = ERROR_REPORT_LIMITS;

describe('cutUtf8', () => {
  it('keeps short text, cuts long text on a character boundary and marks the cut', () => {
    expect(cutUtf8('hello', 5)).toBe('hello');
    expect(cutUtf8('hello world', 8)).toBe('hello…');
    // "é" is two bytes, "€" three, the emoji four: none is split.
    for (const text of ['ééééé', '€€€€', '😀😀😀']) {
      for (let max = 4; max < Buffer.byteLength(text); max++) {
        const cut = cutUtf8(text, max);
        expect(Buffer.byteLength(cut), `${text} in ${max}`).toBeLessThanOrEqual(max);
        expect(cut).not.toContain('\uFFFD');
        expect(cut.endsWith('…')).toBe(true);
      }
    }
  });
});

/**
 * Error reports are bounded in bytes: every field is cut, each address and everyone together have an hourly byte
 * budget, and the table is a fixed set of slots rewritten in place.
 */
describe.each(drivers)('error reports within byte bounds (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const UA = 'test';
  const report = (c: Client, body: Record<string, string>, headers: Record<string, string> = {}) =>
    c.call('/api/id/error/errsave', { method: 'POST', json: body, headers: { 'user-agent': UA, ...headers } });
  /** The bytes a report is charged: its stored (cut) fields. */
  const costOf = (url: string, content: string) =>
    Buffer.byteLength(url) + Math.min(Buffer.byteLength(content), L.contentBytes) + UA.length;
  /** A tag of letters only: groups blank numbers and hex ids, so a numbered tag would make every report one group. */
  const word = (n: number) => [...n.toString(20)].map((d) => String.fromCharCode(103 + parseInt(d, 20))).join('');
  const big = (tag: string) =>
    `Error ${tag}\n${'at frame (https://shop.example/app.js:1:1)\n'.repeat(400)}`.slice(0, ERRSAVE_MAX_CONTENT);
  /** Sets what `key` stored in this window and the next (so a window turning over mid-test changes nothing). */
  const spent = (key: string, bytes: number) =>
    server.db.query(
      `INSERT INTO error_report_budgets (key, window_start, bytes)
       SELECT $1, to_timestamp(floor(extract(epoch FROM now()) / $3) * $3) + make_interval(secs => n * $3), $2
       FROM generate_series(0, 1) n
       ON CONFLICT (key, window_start) DO UPDATE SET bytes = EXCLUDED.bytes`,
      [key, bytes, L.windowSeconds],
    );
  const clearBudgets = () => server.db.query(`DELETE FROM error_report_budgets`);

  it('stores at most the cut size of each field, marked as cut', async () => {
    const c = new Client(server.base);
    const r = await report(
      c,
      { url: `https://shop.example/id/${'p'.repeat(2000)}`, content: big('cut') },
      { 'user-agent': `Mozilla/5.0 ${'x'.repeat(1000)}` },
    );
    expect(r.body).toMatchObject({ errno: 0, data: { kept: true } });
    const rows = await server.db.query<{ url: number; content: number; ua: number; tail: string }>(
      `SELECT octet_length(url) AS url, octet_length(content) AS content, octet_length(user_agent) AS ua,
        right(content, 1) AS tail FROM error_slots WHERE slot = $1`,
      [r.body.data.id],
    );
    expect(rows).toEqual([{ url: L.urlBytes, content: expect.any(Number), ua: expect.any(Number), tail: '…' }]);
    expect(rows[0]!.content).toBeLessThanOrEqual(L.contentBytes);
    expect(rows[0]!.ua).toBeLessThanOrEqual(L.userAgentBytes);
  });

  it('one address gets its hourly byte budget, then 429 with Retry-After; another is not affected', async () => {
    const c = new Client(server.base);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await report(c, { url: '/id/', content: big(`address ${i}`) }));
    const kept = answers.filter((a) => a.body.errno === 0).length;
    // Each report costs its cut size: the budget holds only some of the 20 the rate limit allows a minute.
    expect(kept).toBe(Math.floor(L.addressBytes / costOf('/id/', big('x'))));
    expect(kept).toBeLessThan(20);
    expect(answers.slice(kept).every((a) => a.status === 429 && a.body.errno === Errno.RATE_LIMITED)).toBe(true);
    const again = await c.fetch('/api/id/error/errsave', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA },
      body: JSON.stringify({ url: '/id/', content: 'small' }),
    });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await report(new Client(server.base), { url: '/id/', content: big('other address') })).body.data.kept).toBe(
      true,
    );
  });

  it('parallel reports from one address stop exactly at its budget', async () => {
    const c = new Client(server.base);
    const body = { url: '/id/', content: 'x'.repeat(1000) };
    await spent(`address|${c.address}`, L.addressBytes - 3 * costOf(body.url, body.content));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => report(c, { ...body, content: `${i % 10}${body.content.slice(1)}` })),
    );
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(9);
  });

  it('past the shared budget, reports from any address are dropped (kept false, no error), also at once', async () => {
    await spent('global', L.globalBytes - 4 * costOf('/id/', 'y'.repeat(1000)));
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        report(new Client(server.base), { url: '/id/', content: `${String(i).padStart(4, '0')}${'y'.repeat(996)}` }),
      ),
    );
    expect(answers.every((a) => a.status === 200 && a.body.errno === 0)).toBe(true);
    expect(answers.filter((a) => a.body.data.kept)).toHaveLength(4);
    expect(answers.filter((a) => !a.body.data.kept && a.body.data.id === 0)).toHaveLength(11);
    await clearBudgets();
  });

  it('a recurring group keeps its slot for a while against a new group; a one-off group gives it up', async () => {
    // Two reports whose groups fall in the same slot.
    const base = { urlLocal: 'id', url: '/id/' };
    const first = 'TypeError: cannot read a';
    const slot = slotOf(fingerprint({ ...base, content: first }));
    let rival = '';
    for (let i = 0; !rival; i++)
      if (slotOf(fingerprint({ ...base, content: `RangeError ${'z'.repeat(i % 50)}${i.toString(36)}` })) === slot)
        rival = `RangeError ${'z'.repeat(i % 50)}${i.toString(36)}`;
    await server.db.query(`DELETE FROM error_slots WHERE slot = $1`, [slot]);
    const c = () => new Client(server.base);
    expect((await report(c(), { url: '/id/', content: first })).body.data).toEqual({ id: slot, kept: true });
    expect((await report(c(), { url: '/id/', content: first })).body.data).toEqual({ id: slot, kept: true });
    expect((await report(c(), { url: '/id/', content: rival })).body.data).toEqual({ id: 0, kept: false });
    // An hour after its last report the recurring group gives way.
    await server.db.query(`UPDATE error_slots SET last_seen_at = now() - interval '61 minutes' WHERE slot = $1`, [
      slot,
    ]);
    expect((await report(c(), { url: '/id/', content: rival })).body.data).toEqual({ id: slot, kept: true });
    // A one-off group gives way at once.
    expect((await report(c(), { url: '/id/', content: first })).body.data).toEqual({ id: slot, kept: true });
    const row = await server.db.query(`SELECT content, occurrences FROM error_slots WHERE slot = $1`, [slot]);
    expect(row).toEqual([{ content: first, occurrences: 1 }]);
  });

  it('many addresses sending distinct full-size reports fill at most the slots; a 2nd flood reuses them', async () => {
    const repo = server.app.repos.errorReports;
    const size = async () =>
      (
        await server.db.query<{ rows: number; bytes: number }>(
          `SELECT (SELECT count(*)::int FROM error_slots) AS rows,
            pg_total_relation_size('error_slots')::float8 AS bytes`,
        )
      )[0]!;
    const flood = async (round: number) => {
      await clearBudgets(); // a new hour
      for (let i = 0; i < 1500; i++) {
        await repo.save({
          urlLocal: 'id',
          url: `https://shop.example/id/${round}/${i}`,
          content: big(`${word(round)} ${word(i)}`),
          userAgent: 'bench',
          address: randomAddress(),
        });
      }
    };
    await flood(1);
    const first = await size();
    expect(first.rows).toBeLessThanOrEqual(L.slots);
    expect(first.bytes).toBeLessThan(L.slots * 8192 * 1.25);
    await server.db.query(`UPDATE error_slots SET last_seen_at = now() - interval '2 hours'`);
    await flood(2);
    const second = await size();
    expect(second.rows).toBeLessThanOrEqual(L.slots);
    // Slots taken again are rewritten in place: the files grow only by a page for each slot taken for the first time.
    expect(second.bytes - first.bytes).toBeLessThanOrEqual((second.rows - first.rows) * 8192 * 1.2 + 64 * 1024);
    expect(second.bytes).toBeLessThan(L.slots * 8192 * 1.25);
    await clearBudgets();
  }, 120_000);

  it('the maintenance prune deletes groups past the retention and budget windows that ended', async () => {
    await report(new Client(server.base), { url: '/id/', content: 'old error' });
    await server.db.query(
      `UPDATE error_slots SET last_seen_at = now() - make_interval(days => $1 + 1) WHERE content = 'old error'`,
      [L.days],
    );
    await spent('address|10.9.9.9', 10);
    await server.db.query(
      `UPDATE error_report_budgets SET window_start = window_start - interval '1 day' WHERE key = 'address|10.9.9.9'`,
    );
    await server.app.repos.errorReports.prune();
    expect(await server.db.query(`SELECT 1 FROM error_slots WHERE content = 'old error'`)).toEqual([]);
    expect(await server.db.query(`SELECT 1 FROM error_report_budgets WHERE key = 'address|10.9.9.9'`)).toEqual([]);
  });
});
