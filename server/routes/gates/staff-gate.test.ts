import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { quickShopper } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { Errno } from '../../errors';

interface StaffOperation {
  method: 'GET' | 'POST';
  /** The path of the id storefront with a query that breaks the route's schema where it has one. */
  url: string;
  /** A body that breaks the route's schema (POST). */
  body?: unknown;
  /** True when the request above is invalid for the route's schema, so staff get a validation error. */
  invalid: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        parameters?: { in: string; name: string; schema: { maxLength?: number; enum?: unknown[]; pattern?: string } }[];
      }
    >
  >;
}

/**
 * Every operation of the OpenAPI document tagged 'staff' (the tag the gate keys on), so a new staff route is
 * covered here without being named. Each gets input its schema refuses: a POST an array body, a GET an over-long
 * or unknown value for one of its query fields.
 */
function staffOperations(doc: OpenApi): StaffOperation[] {
  const ops: StaffOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.tags?.includes('staff')) continue;
      const base = path.replace('{urlLocal}', 'id');
      if (method === 'post') {
        ops.push({ method: 'POST', url: base, body: [{ id: ['not', 'an', 'id'] }], invalid: true });
        continue;
      }
      const query = (op.parameters ?? []).find(
        (p) => p.in === 'query' && (p.schema.maxLength !== undefined || p.schema.enum !== undefined),
      );
      const bad = query ? (query.schema.enum ? 'no-such-value' : 'x'.repeat(query.schema.maxLength! + 1)) : null;
      ops.push({
        method: 'GET',
        url: query ? `${base}?${new URLSearchParams({ [query.name]: bad! }).toString()}` : base,
        invalid: query !== undefined,
      });
    }
  }
  return ops;
}

/**
 * Staff routes check sign-in and the staff role before they read the request: a visitor's malformed body gets
 * "not signed in" (20001), a shopper's "staff only" (403), and only staff reach the schema's validation.
 */
describe.each(drivers)('the staff gate (%s)', (driver) => {
  let server: TestServer;
  let ops: StaffOperation[] = [];
  beforeAll(async () => {
    server = await startServer(driver);
    ops = staffOperations((await (await fetch(`${server.base}/api/openapi.json`)).json()) as OpenApi);
  });
  afterAll(async () => server?.close());

  const send = (c: Client, op: StaffOperation) =>
    c.call(op.url, op.method === 'POST' ? { method: 'POST', json: op.body } : {});

  it('finds the staff routes of every area in the document', () => {
    const urls = ops.map((o) => o.url);
    for (const area of [
      '/staff/tickets',
      '/staff/chats',
      '/staff/appointments',
      '/staff/reviews',
      '/staff/business/',
      '/staff/service-requests',
    ])
      expect(
        urls.some((u) => u.includes(area)),
        area,
      ).toBe(true);
    expect(ops.filter((o) => o.method === 'POST').length).toBeGreaterThanOrEqual(7);
  });

  it('answers a visitor "not signed in" before validating what was sent', async () => {
    for (const op of ops) {
      const r = await send(new Client(server.base), op);
      expect(r.status, `${op.method} ${op.url}`).toBeLessThan(500);
      expect(r.body, `${op.method} ${op.url}`).toMatchObject({ errno: Errno.NOT_LOGGED_IN, data: null });
    }
  });

  it('answers a signed-in shopper "staff only" (403) before validating what was sent', async () => {
    const shopper = await quickShopper(server);
    for (const op of ops) {
      const r = await send(shopper.client, op);
      expect(r.status, `${op.method} ${op.url}`).toBe(403);
      expect(r.body.errno, `${op.method} ${op.url}`).toBe(Errno.STAFF_ONLY);
    }
  });

  it('lets staff through to the validation of the route', async () => {
    const staff = await staffMember(server);
    for (const op of ops.filter((o) => o.invalid)) {
      const r = await send(staff.client, op);
      expect(r.body.errno, `${op.method} ${op.url}`).toBe(Errno.INVALID_PARAM);
    }
    expect((await staff.client.call('/api/id/staff/tickets')).body.errno).toBe(0);
  });

  it('parallel staff calls with a malformed body by visitors, shoppers and staff each get their answer', async () => {
    const shopper = await quickShopper(server);
    const staff = await staffMember(server);
    const op = ops.find((o) => o.method === 'POST')!;
    const who = [new Client(server.base), shopper.client, staff.client];
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => send(who[i % 3]!, op)));
    answers.forEach((r, i) =>
      expect(r.body.errno).toBe([Errno.NOT_LOGGED_IN, Errno.STAFF_ONLY, Errno.INVALID_PARAM][i % 3]),
    );
  });
});
