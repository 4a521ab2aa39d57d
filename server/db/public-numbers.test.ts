import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../test-support/harness';
import { quickShopper, saveAddress, addToCart } from '../test-support/shoppers';
import { sellable } from '../test-support/fixtures';

/**
 * Numbers the shopper sees must not count the store's volume: ids of orders, support tickets, service requests and
 * business applications (and the digits of request numbers) come from a keyed permutation of their sequence, so
 * two of them say nothing of how many were made between, and the next one cannot be guessed.
 */
function expectUncounted(ids: string[], digits = 16): void {
  expect(
    ids.every((id) => new RegExp(`^\\d{${digits}}$`).test(id)),
    ids.join(' '),
  ).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  const values = ids.map(BigInt);
  const steps = values.slice(1).map((v, i) => v - values[i]!);
  // Not a constant step, not mostly rising, and no two consecutive ones near each other.
  expect(new Set(steps.map(String)).size).toBeGreaterThan(steps.length / 2);
  const rising = steps.filter((d) => d > 0n).length;
  expect(rising).toBeGreaterThan(steps.length * 0.2);
  expect(rising).toBeLessThan(steps.length * 0.8);
  const near = 10n ** BigInt(digits - 6);
  expect(steps.filter((d) => (d < 0n ? -d : d) < near)).toEqual([]);
  // JavaScript numbers hold them exactly.
  expect(values.every((v) => v <= BigInt(Number.MAX_SAFE_INTEGER))).toBe(true);
}

describe.each(drivers)('public numbers (%s)', (driver) => {
  let server: TestServer;
  let userId: number;
  beforeAll(async () => {
    server = await startServer(driver);
    userId = (await quickShopper(server)).userId;
  });
  afterAll(async () => server?.close());

  const rows = (n: number, insert: (i: number) => Promise<string>) =>
    Array.from({ length: n }, (_, i) => i).reduce<Promise<string[]>>(
      async (acc, i) => [...(await acc), await insert(i)],
      Promise.resolve([]),
    );

  it('50 consecutive orders have 16-digit ids in no visible order', async () => {
    const ids = await rows(
      50,
      async (i) =>
        (
          await server.db.query<{ id: string }>(
            `INSERT INTO orders (user_id, local, url_local, state, currency, items_total, shipping_fee, tax,
               tax_inclusive, tax_rate_bp, net_amount, total, delivery_method, address, idempotency_key, pay_before)
         VALUES ($1, 'id', 'id', 'paid', 'IDR', 1000, 0, 0, true, 1100, 1000, 1000, 'standard', '{}'::jsonb, $2, now())
         RETURNING id::text AS id`,
            [userId, `public-numbers-${i}-${Math.random()}`],
          )
        )[0]!.id,
    );
    expectUncounted(ids);
  });

  it('50 consecutive support tickets have 16-digit ids in no visible order', async () => {
    const ids = await rows(
      50,
      async (i) =>
        (
          await server.db.transaction((tx) =>
            server.app.repos.supportTickets.create(tx, {
              local: 'id',
              urlLocal: 'id',
              userId: null,
              kind: 'ticket',
              requestType: 'other',
              name: 'N',
              email: `n${i}@example.com`,
              orderId: null,
              text: 'A question.',
              dueHours: null,
            }),
          )
        ).ticket.id,
    );
    expectUncounted(ids);
  });

  it(
    '50 consecutive service requests have 16-digit ids, and request numbers whose six digits are in no ' +
      'visible order',
    async () => {
      const made = await rows(50, async () => {
        const r = (
          await server.db.query<{ id: string; request_no: string }>(
            `SELECT new_id::text AS id, request_no FROM new_service_request_number()`,
          )
        )[0]!;
        return `${r.id} ${r.request_no}`;
      });
      expectUncounted(made.map((m) => m.split(' ')[0]!));
      const numbers = made.map((m) => m.split(' ')[1]!);
      expect(numbers.every((n) => /^SR\d{12}$/.test(n))).toBe(true);
      expectUncounted(
        numbers.map((n) => n.slice(8)),
        6,
      );
    },
  );

  it('50 consecutive business applications have 16-digit ids in no visible order', async () => {
    const ids = await rows(50, async () => {
      const u = await quickShopper(server);
      return (
        await server.db.query<{ id: string }>(
          `INSERT INTO enterprise_accounts (user_id, local, status, company_name, tax)
           VALUES ($1, 'in', 1, 'Rao Traders', '{}'::jsonb) RETURNING id::text AS id`,
          [u.userId],
        )
      )[0]!.id;
    });
    expectUncounted(ids);
  });

  it(
    'the permutation is one: a whole small domain maps onto itself, and thousands of consecutive numbers ' +
      'never repeat',
    async () => {
      const small = await server.db.query<{ v: string }>(
        `SELECT keyed_permutation(n, 6, 1)::text AS v FROM generate_series(0, 4095) n`,
      );
      expect(new Set(small.map((r) => r.v)).size).toBe(4096);
      expect(small.every((r) => Number(r.v) >= 0 && Number(r.v) < 4096)).toBe(true);
      const seq = await server.db.query<{ n: string; d: number }>(
        `SELECT public_number(s, 1)::text AS n, public_digits6(s, 3) AS d
         FROM generate_series(5100000001, 5100005000) s`,
      );
      expect(new Set(seq.map((r) => r.n)).size).toBe(5000);
      expect(new Set(seq.map((r) => r.d)).size).toBe(5000);
      expect(seq.every((r) => r.d >= 0 && r.d < 1_000_000)).toBe(true);
    },
  );

  it('placing orders in parallel gives each its own number, and the order pages find them by it', async () => {
    const item = await sellable(server.db, 1);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const s = await quickShopper(server);
        const addressId = await saveAddress(s.client);
        await addToCart(s.client, item.commodity_id);
        return { ...s, addressId };
      }),
    );
    const placed = await Promise.all(
      buyers.map((b) =>
        b.client.call('/api/id/order/place', { method: 'POST', json: { addressId: b.addressId, agreePrivacy: true } }),
      ),
    );
    const ids = placed.map((r) => r.body.data.order_id as string);
    expect(ids.every((id) => /^\d{16}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(6);
    for (const [i, b] of buyers.entries())
      expect((await b.client.call(`/api/id/order/detail?orderId=${ids[i]}`)).body.errno).toBe(0);
  });
});
