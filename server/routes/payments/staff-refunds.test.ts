import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { giftCardBalance, paidOrder } from '../../test-support/paid-orders';
import { unpaidOrder } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { sandboxGateway } from '../../payments/sandbox-gateway';
import { Errno } from '../../errors';

/**
 * Staff refund an order through real HTTP: never more than was paid across card, gift card and split parts, however
 * many requests race; each part goes where the refund allocation rule sends it.
 */
describe.each(drivers)('staff refunds of an order (%s)', (driver) => {
  let server: TestServer;
  let staff: Awaited<ReturnType<typeof staffMember>>;
  beforeAll(async () => {
    server = await startServer(driver);
    staff = await staffMember(server);
  });
  afterAll(async () => server?.close());

  const refund = (orderId: string, amount: unknown, urlLocal = 'id') =>
    staff.client.call(`/api/${urlLocal}/staff/orders/refund`, { method: 'POST', json: { orderId, amount } });
  const owed = async (orderId: string) =>
    server.db.query<{ amount: string; provider: string | null; gift_card_id: string | null; split: boolean }>(
      `SELECT amount, provider, gift_card_id::text AS gift_card_id, split_part_id IS NOT NULL AS split FROM refunds
       WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
  const sum = (rows: { amount: string }[]) => rows.reduce((s, r) => s + Number(r.amount), 0);

  it('20 parallel full refunds refund once; the rest are told nothing is left', async () => {
    const o = await paidOrder(server, { giftCard: 10_000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(o.orderId, 'all')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const ok = answers.filter((a) => a.body.errno === 0);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.data).toMatchObject({
      refunded: o.total,
      remaining: 0,
      parts: [
        { kind: 'provider', amount: o.charged, state: 'pending' },
        { kind: 'gift_card', amount: 10_000, state: 'done' },
      ],
    });
    expect(answers.filter((a) => a.body.errno !== 0).every((a) => a.body.errno === Errno.REFUND_NOTHING_LEFT)).toBe(
      true,
    );
    expect(sum(await owed(o.orderId))).toBe(o.total);
    const step = await server.db.query<{ actor: string }>(
      `SELECT actor FROM order_events WHERE order_id = $1 AND kind = 'refund_due'`,
      [o.orderId],
    );
    expect(step).toEqual([{ actor: `staff:${staff.userId}` }]);
  });

  it('card + gift card: parallel partial refunds above the total, the excess refused with what is left', async () => {
    const o = await paidOrder(server, { giftCard: 40_000 });
    const part = Math.ceil(o.total / 6);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(o.orderId, part)));
    const granted = answers.filter((a) => a.body.errno === 0).length;
    expect(granted).toBe(Math.floor(o.total / part));
    for (const a of answers.filter((x) => x.body.errno !== 0)) {
      expect(a.body.errno).toBe(Errno.REFUND_OVER_REFUNDABLE);
      expect(a.body.data.refundable).toBe(o.total - granted * part);
    }
    const rows = await owed(o.orderId);
    expect(sum(rows)).toBe(granted * part);
    expect(sum(rows.filter((r) => r.provider))).toBeLessThanOrEqual(o.charged);
    expect(sum(rows.filter((r) => r.gift_card_id))).toBeLessThanOrEqual(40_000);
    expect(await giftCardBalance(server, o.giftCard!.id)).toBe(sum(rows.filter((r) => r.gift_card_id)));
  });

  it('split parts (card and bank transfer): the card first by the job, the transfer by staff, never more', async () => {
    const o = await unpaidOrder(server);
    const total = Number(
      (await server.db.query<{ t: string }>(`SELECT total AS t FROM orders WHERE id = $1`, [o.orderId]))[0]!.t,
    );
    const cardPart = Math.floor(total / 3);
    const charged = await sandboxGateway(server.db).charge({
      reference: `split_t${o.orderId}`,
      amountMinor: cardPart,
      currency: 'IDR',
      source: {
        card: { number: '4242424242424242', expiry: { month: 12, year: 2034 }, cvv: '123', holder: 'Budi Santoso' },
      },
      tokenize: false,
    });
    if (charged.status !== 'succeeded') throw new Error(charged.status);
    await server.db.query(
      `INSERT INTO split_payment_parts (order_id, method, state, amount, currency, card_brand, card_last4, provider,
         provider_ref)
       VALUES ($1, 'card', 'succeeded', $2, 'IDR', 'visa', '4242', 'sandbox', $3),
              ($1, 'bank_transfer', 'succeeded', $4, 'IDR', NULL, NULL, NULL, NULL)`,
      [o.orderId, cardPart, charged.providerRef, total - cardPart],
    );
    await server.db.query(
      `INSERT INTO payments (order_id, provider, method, state, amount, currency)
       VALUES ($1, 'split', 'split', 'succeeded', $2, 'IDR')`,
      [o.orderId, total],
    );
    await server.db.query(`UPDATE orders SET state = 'paid', paid_at = now() WHERE id = $1`, [o.orderId]);
    const part = Math.ceil(total / 4);
    const answers = await Promise.all(Array.from({ length: 12 }, () => refund(o.orderId, part)));
    const granted = answers.filter((a) => a.body.errno === 0).length;
    expect(granted).toBe(Math.floor(total / part));
    const rows = await owed(o.orderId);
    expect(sum(rows)).toBe(granted * part);
    expect(sum(rows.filter((r) => r.provider))).toBe(cardPart);
    expect(rows.every((r) => r.split)).toBe(true);
    const last = await refund(o.orderId, 'all');
    if (total > granted * part) expect(last.body.data.refunded).toBe(total - granted * part);
    else expect(last.body.errno).toBe(Errno.REFUND_NOTHING_LEFT);
    expect(sum(await owed(o.orderId))).toBe(total);
    // The card part goes back through the gateway; the transfer waits for staff in their queue.
    await server.app.refundJob.run();
    const paidBack = await server.db.query<{ amount: string }>(
      `SELECT s.amount FROM sandbox_refunds s WHERE s.charge_ref = $1`,
      [charged.providerRef],
    );
    expect(sum(paidBack)).toBe(cardPart);
    const queue = (await staff.client.call('/api/id/staff/refunds/queue')).body.data.refunds.filter(
      (r: { order_id: string }) => r.order_id === o.orderId,
    );
    expect(queue.length).toBeGreaterThan(0);
    expect(queue.every((r: { provider: null; can_mark_done: boolean }) => r.provider === null && r.can_mark_done)).toBe(
      true,
    );
    const shopperView = (await o.client.call(`/api/id/order/detail?orderId=${o.orderId}`)).body.data.order.refunds;
    expect(new Set(shopperView.map((r: { destination: { kind: string } }) => r.destination.kind))).toEqual(
      new Set(['card', 'bank']),
    );
  });

  it('abuse: shoppers, other countries, unpaid orders, bad ids and amounts get an errno, never a 5xx', async () => {
    const o = await paidOrder(server);
    expect(
      (await o.client.call('/api/id/staff/orders/refund', { method: 'POST', json: { orderId: o.orderId, amount: 1 } }))
        .body.errno,
    ).toBe(Errno.STAFF_ONLY);
    expect((await refund(o.orderId, 1, 'de')).body.errno).toBe(Errno.NOT_FOUND);
    const unpaid = await unpaidOrder(server);
    expect((await refund(unpaid.orderId, 'all')).body.errno).toBe(Errno.REFUND_NOT_PAID);
    for (const orderId of ['0', 'abc', '9'.repeat(19), "1' OR 1=1 --"])
      expect((await refund(orderId, 1)).body.errno).toBe(Errno.NOT_FOUND);
    for (const amount of [0, -5, 1.5, 'ALL', 'all ', null, {}, [], 10 ** 13]) {
      const r = await refund(o.orderId, amount);
      expect(r.status).toBeLessThan(500);
      expect([amount, r.body.errno]).not.toEqual([amount, 0]);
    }
    for (const body of [{}, { orderId: o.orderId }, { amount: 1 }, 'x']) {
      const r = await staff.client.call('/api/id/staff/orders/refund', { method: 'POST', json: body });
      expect(r.status).toBeLessThan(500);
      expect(r.body.errno).not.toBe(0);
    }
    expect((await refund(o.orderId, o.total + 1)).body).toMatchObject({
      errno: Errno.REFUND_OVER_REFUNDABLE,
      data: { refundable: o.total },
    });
    expect(await owed(o.orderId)).toEqual([]);
  });
});
