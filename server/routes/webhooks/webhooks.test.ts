import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { recordOrderEventIn } from '../../repositories/order-events';
import { unpaidOrder } from '../../test-support/shoppers';
import { Errno } from '../../errors';
import { WEBHOOK_ENDPOINTS_MAX } from '../../schemas/webhooks';

const BASE = '/api/id/staff/webhooks';
const HOOK = 'http://127.0.0.1:9/hooks';

describe.each(drivers)('staff webhook routes (%s)', (driver) => {
  let server: TestServer;
  let staff: Client;
  beforeAll(async () => {
    server = await startServer(driver, { WEBHOOK_INTERVAL_MS: 3_600_000 });
    staff = (await staffMember(server)).client;
  });
  afterAll(async () => server?.close());

  const create = (c: Client, json: unknown) => c.call(`${BASE}/create`, { method: 'POST', json });
  const CALLS: [string, 'GET' | 'POST', unknown][] = [
    [BASE, 'GET', undefined],
    [`${BASE}/create`, 'POST', { url: 'https://erp.example.com/h', kinds: ['paid'] }],
    [`${BASE}/update`, 'POST', { id: '1', active: false }],
    [`${BASE}/rotate`, 'POST', { id: '1' }],
    [`${BASE}/deliveries?endpoint_id=1`, 'GET', undefined],
    [`${BASE}/resend`, 'POST', { id: '1' }],
  ];

  it('refuses every call to visitors (20001) and shoppers (40302)', async () => {
    const shopper = (await quickShopper(server)).client;
    for (const [path, method, json] of CALLS) {
      const visitor = await new Client(server.base).call(path, { method, json });
      expect(visitor.body.errno, path).toBe(Errno.NOT_LOGGED_IN);
      const refused = await shopper.call(path, { method, json });
      expect([refused.status, refused.body.errno], path).toEqual([403, Errno.STAFF_ONLY]);
    }
    expect((await staff.call(BASE)).body.data.endpoints).toEqual([]);
  });

  it('shows the secret once, never in the list, and rotates it', async () => {
    const made = await create(staff, { url: HOOK, kinds: ['paid', 'shipped'], countries: ['id', 'de'] });
    expect(made.body.errno).toBe(0);
    const { endpoint, secret } = made.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({ url: HOOK, kinds: ['paid', 'shipped'], countries: ['id', 'de'], active: true });
    expect(endpoint.secret_hint).toBe(secret.slice(-4));
    const listed = await staff.fetch(BASE).then((r) => r.text());
    expect(listed).not.toContain(secret);
    expect(listed).toContain(endpoint.id);

    const rotated = await staff.call(`${BASE}/rotate`, { method: 'POST', json: { id: endpoint.id } });
    expect(rotated.body.data.secret).not.toBe(secret);
    expect(rotated.body.data.endpoint.secret_hint).toBe(rotated.body.data.secret.slice(-4));
    const [row] = await server.db.query<{ previous_secret: string }>(
      `SELECT previous_secret FROM webhook_endpoints WHERE id = $1`,
      [endpoint.id],
    );
    expect(row!.previous_secret).toBe(secret);

    const paused = await staff.call(`${BASE}/update`, {
      method: 'POST',
      json: { id: endpoint.id, active: false, kinds: ['refunded'], countries: [] },
    });
    expect(paused.body.data.endpoint).toMatchObject({ active: false, kinds: ['refunded'], countries: [] });
  });

  it('refuses bad URLs and malformed bodies with an errno, never a 5xx', async () => {
    for (const url of [
      'http://erp.example.com/hooks',
      'ftp://example.com/x',
      'javascript:alert(1)',
      'https://user:pw@example.com/h',
      'not a url at all',
    ]) {
      const r = await create(staff, { url, kinds: ['paid'] });
      expect([r.status, r.body.errno], url).toEqual([200, Errno.WEBHOOK_URL_INVALID]);
    }
    const bad: [string, unknown][] = [
      [`${BASE}/create`, { url: HOOK }],
      [`${BASE}/create`, { url: HOOK, kinds: [] }],
      [`${BASE}/create`, { url: HOOK, kinds: ['placed'] }],
      [`${BASE}/create`, { url: HOOK, kinds: ['paid', 'paid'] }],
      [`${BASE}/create`, { url: HOOK, kinds: ['paid'], countries: ['IDN'] }],
      [`${BASE}/create`, { url: 'x'.repeat(600), kinds: ['paid'] }],
      [`${BASE}/create`, '{"url":'],
      [`${BASE}/update`, { id: 'abc' }],
      [`${BASE}/update`, { id: '1; DROP TABLE webhook_endpoints' }],
      [`${BASE}/update`, { id: '99999999', active: false }],
      [`${BASE}/update`, { id: '1', url: 'http://erp.example.com/' }],
      [`${BASE}/rotate`, { id: '99999999' }],
      [`${BASE}/rotate`, {}],
      [`${BASE}/resend`, { id: '99999999' }],
      [`${BASE}/resend`, { id: -1 }],
    ];
    for (const [path, json] of bad) {
      const r =
        typeof json === 'string'
          ? await staff.call(path, { method: 'POST', body: json, headers: { 'content-type': 'application/json' } })
          : await staff.call(path, { method: 'POST', json });
      expect(r.status, `${path} ${JSON.stringify(json)}`).toBeLessThan(500);
      expect(r.body.errno, `${path} ${JSON.stringify(json)}`).not.toBe(0);
    }
    for (const q of [
      'endpoint_id=abc',
      'endpoint_id=99999999',
      'endpoint_id=1&state=lost',
      'endpoint_id=1&limit=0',
      '',
    ]) {
      const r = await staff.call(`${BASE}/deliveries?${q}`);
      expect(r.status, q).toBeLessThan(500);
      expect(r.body.errno, q).not.toBe(0);
    }
    expect((await staff.call(`${BASE}/resend`, { method: 'POST', json: { id: '99999999' } })).body.errno).toBe(
      Errno.WEBHOOK_DELIVERY_NOT_FOUND,
    );
    // A secret of one's own is not taken: the store makes every secret (unknown fields are dropped).
    const own = await create(staff, { url: HOOK, kinds: 'paid', secret: 'whsec_mine' });
    expect(own.body.data.endpoint.kinds).toEqual(['paid']);
    expect(own.body.data.secret).not.toBe('whsec_mine');
  });

  it(`keeps at most ${WEBHOOK_ENDPOINTS_MAX} endpoints when 25 are added at once`, async () => {
    const before = (await staff.call(BASE)).body.data.endpoints.length as number;
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => create(staff, { url: `${HOOK}/${i}`, kinds: ['paid'] })),
    );
    expect(results.every((r) => r.status < 500)).toBe(true);
    const made = results.filter((r) => r.body.errno === 0).length;
    expect(made).toBe(WEBHOOK_ENDPOINTS_MAX - before);
    expect(results.filter((r) => r.body.errno === Errno.WEBHOOK_ENDPOINTS_FULL)).toHaveLength(25 - made);
    expect((await staff.call(BASE)).body.data.endpoints).toHaveLength(WEBHOOK_ENDPOINTS_MAX);
  });

  it('takes 20 parallel rotations and resends without a 5xx; the secret kept is one staff were shown', async () => {
    const [endpoint] = (await staff.call(BASE)).body.data.endpoints as { id: string }[];
    await staff.call(`${BASE}/update`, {
      method: 'POST',
      json: { id: endpoint!.id, kinds: ['delivered'], active: true },
    });
    const rotations = await Promise.all(
      Array.from({ length: 20 }, () => staff.call(`${BASE}/rotate`, { method: 'POST', json: { id: endpoint!.id } })),
    );
    expect(rotations.every((r) => r.body.errno === 0)).toBe(true);
    const [row] = await server.db.query<{ secret: string }>(`SELECT secret FROM webhook_endpoints WHERE id = $1`, [
      endpoint!.id,
    ]);
    expect(rotations.map((r) => r.body.data.secret)).toContain(row!.secret);

    const { orderId } = await unpaidOrder(server);
    await recordOrderEventIn(server.db, { orderId, kind: 'delivered' });
    await server.app.webhooks.dispatch();
    const [delivery] = (await staff.call(`${BASE}/deliveries?endpoint_id=${endpoint!.id}`)).body.data.deliveries;
    expect(delivery).toMatchObject({ kind: 'delivered', order_id: orderId, state: 'pending', attempts: 0 });
    const resends = await Promise.all(
      Array.from({ length: 20 }, () => staff.call(`${BASE}/resend`, { method: 'POST', json: { id: delivery.id } })),
    );
    expect(resends.every((r) => r.status < 500 && r.body.errno === 0)).toBe(true);
    // While an attempt is under way a resend is refused.
    await server.db.query(`UPDATE webhook_deliveries SET state = 'sending' WHERE id = $1`, [delivery.id]);
    expect((await staff.call(`${BASE}/resend`, { method: 'POST', json: { id: delivery.id } })).body.errno).toBe(
      Errno.WEBHOOK_DELIVERY_IN_FLIGHT,
    );
    // Another endpoint's log does not show it.
    const other = (await staff.call(BASE)).body.data.endpoints[1] as { id: string };
    const elsewhere = (await staff.call(`${BASE}/deliveries?endpoint_id=${other.id}`)).body.data.deliveries;
    expect(elsewhere.map((d: { id: string }) => d.id)).not.toContain(delivery.id);
  });
});
