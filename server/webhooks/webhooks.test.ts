import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../test-support/harness';
import { drivers, startServer, type TestServer } from '../test-support/harness';
import { unpaidOrder } from '../test-support/shoppers';
import { staffMember } from '../test-support/staff';
import { webhookTestReceiver, type WebhookTestReceiver } from '../test-support/webhook-receiver';
import { recordOrderEventIn } from '../repositories/order-events';
import type { OrderEventKind, WebhookEventKind } from '../schemas/order-events';
import type { WebhookBody } from '../schemas/webhooks';

import { TEST_CARD as CARD } from '../test-support/paid-orders';
/** Short waits so retries happen within a test: 200 ms doubling, three attempts, a 1 s timeout. */
const ENV = {
  WEBHOOK_RETRY_BASE_MS: 200,
  WEBHOOK_MAX_ATTEMPTS: 3,
  WEBHOOK_TIMEOUT_MS: 1000,
  WEBHOOK_INTERVAL_MS: 3_600_000,
};

/** Runs the store's webhook run until `done` holds (or fails after `ms`). */
async function pumpUntil(server: TestServer, done: () => boolean | Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('webhooks: condition not reached in time');
    await server.app.webhooks.run();
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(drivers)('webhooks: dispatch, signing, retries (%s)', (driver) => {
  let server: TestServer;
  let staff: Client;
  const receivers: WebhookTestReceiver[] = [];
  beforeAll(async () => {
    server = await startServer(driver, ENV);
    staff = (await staffMember(server)).client;
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await server?.close();
  });

  /** A receiver and its endpoint (active, signed with the secret the store showed once). */
  async function endpoint(
    kinds: WebhookEventKind[] = ['paid', 'cancelled', 'shipped', 'delivered', 'returned', 'refunded'],
    countries: string[] = [],
  ) {
    const receiver = await webhookTestReceiver();
    receivers.push(receiver);
    const r = await staff.call('/api/id/staff/webhooks/create', {
      method: 'POST',
      json: { url: receiver.url, kinds, countries },
    });
    expect(r.body.errno).toBe(0);
    receiver.setSecret(r.body.data.secret);
    return { receiver, id: r.body.data.endpoint.id as string };
  }
  const pause = (id: string) =>
    staff.call('/api/id/staff/webhooks/update', { method: 'POST', json: { id, active: false } });

  /** An order paid with the sandbox card: its `paid` step comes from the payment flow itself. */
  async function paidOrder() {
    const o = await unpaidOrder(server);
    const paid = await o.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: o.orderId, ...CARD } });
    expect(paid.body.data.state).toBe('succeeded');
    return o.orderId;
  }
  const step = (orderId: string, kind: OrderEventKind, detail: Record<string, unknown> = {}) =>
    recordOrderEventIn(server.db, { orderId, kind, detail, actor: 'system' });
  const deliveriesOf = async (endpointId: string) =>
    (await staff.call(`/api/id/staff/webhooks/deliveries?endpoint_id=${endpointId}`)).body.data.deliveries as {
      id: string;
      kind: string;
      order_id: string;
      state: string;
      attempts: number;
      last_status: number | null;
      last_error: string | null;
      delivered_at: string | null;
      next_attempt_at: string | null;
    }[];

  it('posts signed events the shipped verifier accepts, with the facts a warehouse needs for each kind', async () => {
    const { receiver, id } = await endpoint();
    const orderId = await paidOrder();
    const [line] = await server.db.query<{ line_no: number; quantity: number }>(
      `SELECT line_no, quantity FROM order_lines WHERE order_id = $1`,
      [orderId],
    );
    const [shipment] = await server.db.query<{ id: string }>(
      `INSERT INTO shipments (order_id, reference, carrier, tracking_number) VALUES ($1, 'WH-1', 'jne', 'JNE12345')
       RETURNING id::text AS id`,
      [orderId],
    );
    await server.db.query(
      `INSERT INTO shipment_lines (shipment_id, order_id, line_no, quantity) VALUES ($1,$2,$3,$4)`,
      [shipment!.id, orderId, line!.line_no, line!.quantity],
    );
    await step(orderId, 'shipped', { reference: 'WH-1' });
    await step(orderId, 'refunded', { amount: 12_345 });
    await pumpUntil(server, () => receiver.handled.length >= 3);

    expect(receiver.received.every((r) => r.verdict.ok)).toBe(true);
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as WebhookBody);
    expect(bodies.map((b) => b.kind)).toEqual(['paid', 'shipped', 'refunded']);
    for (const r of receiver.received) {
      expect(r.headers['store-webhook-id']).toBe((JSON.parse(r.body) as WebhookBody).id);
      expect(r.headers['store-webhook-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(r.headers['content-type']).toBe('application/json');
    }
    const [paid, shipped, refunded] = bodies;
    expect(paid!.order.id).toBe(orderId);
    expect(paid!.storefront).toBe('id');
    expect(paid!.country).toBe('id');
    expect(paid!.order.address).toBeTruthy();
    expect(paid!.order.lines).toHaveLength(1);
    expect(paid!.order.lines[0]!.quantity).toBe(line!.quantity);
    expect(paid!.order.total).toBeGreaterThan(0);
    expect(paid!.order.currency).toBe('IDR');
    expect(shipped!.order.address).toBeUndefined();
    expect(shipped!.shipments).toEqual([
      expect.objectContaining({
        reference: 'WH-1',
        carrier: 'jne',
        tracking_number: 'JNE12345',
        lines: [{ line_no: line!.line_no, quantity: line!.quantity }],
      }),
    ]);
    expect(refunded!.refund).toEqual({ amount: 12_345, currency: 'IDR' });

    const log = await deliveriesOf(id);
    expect(log.map((d) => [d.kind, d.state, d.attempts, d.last_status])).toEqual([
      ['refunded', 'delivered', 1, 200],
      ['shipped', 'delivered', 1, 200],
      ['paid', 'delivered', 1, 200],
    ]);
    expect(log.every((d) => d.delivered_at !== null && d.next_attempt_at === null)).toBe(true);
    await pause(id);
  });

  it('retries a failing receiver with growing waits and delivers once; gives up after the last attempt', async () => {
    const { receiver, id } = await endpoint(['cancelled']);
    const orderId = await paidOrder();
    receiver.behave((_r, i) => (i < 2 ? 500 : 200));
    await step(orderId, 'cancelled');
    await pumpUntil(server, () => receiver.handled.length >= 1);
    // Two more runs: a delivered delivery is never sent again.
    await server.app.webhooks.run();
    await server.app.webhooks.run();

    expect(receiver.received).toHaveLength(3);
    expect(receiver.handled).toHaveLength(1);
    const [first, second, third] = receiver.received.map((r) => r.at);
    expect(second! - first!).toBeGreaterThanOrEqual(190);
    expect(third! - second!).toBeGreaterThanOrEqual(390);
    expect(third! - second!).toBeGreaterThan(second! - first!);
    // Every attempt is the same event, the same bytes, signed afresh.
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const [done] = await deliveriesOf(id);
    expect(done).toMatchObject({ state: 'delivered', attempts: 3, last_status: 200, last_error: null });

    // A receiver that never answers in time: three attempts, then given up (failed), then resent by staff.
    receiver.behave(() => 'hang');
    await step(orderId, 'cancelled', { again: true });
    await pumpUntil(server, async () => (await deliveriesOf(id))[0]?.state === 'failed', 20_000);
    const [failed] = await deliveriesOf(id);
    expect(failed).toMatchObject({ attempts: 3, last_error: 'timeout', last_status: null, next_attempt_at: null });
    receiver.behave(() => 204);
    const resent = await staff.call('/api/id/staff/webhooks/resend', { method: 'POST', json: { id: failed!.id } });
    expect(resent.body.data.delivery).toMatchObject({ state: 'pending', attempts: 0 });
    await pumpUntil(server, async () => (await deliveriesOf(id))[0]?.state === 'delivered');
    expect(receiver.handled).toHaveLength(2);
    await pause(id);
  });

  it('sends each endpoint only the kinds and countries it asked for', async () => {
    const shippedDe = await endpoint(['shipped'], ['de']);
    const paidId = await endpoint(['paid'], ['id']);
    const everything = await endpoint();
    const inId = await paidOrder();
    const inDe = await paidOrder();
    // An order of the German store (made in Indonesia for the test, then moved): only its country matters here.
    await server.db.query(`UPDATE orders SET local = 'de', url_local = 'de' WHERE id = $1`, [inDe]);
    await step(inId, 'shipped');
    await step(inDe, 'shipped');
    await step(inDe, 'delivered');
    await pumpUntil(server, () => everything.receiver.handled.length >= 5);
    await server.app.webhooks.run();

    const kinds = (r: WebhookTestReceiver) =>
      r.received.map((x) => {
        const b = JSON.parse(x.body) as WebhookBody;
        return `${b.kind}:${b.order.id === inId ? 'id' : 'de'}`;
      });
    // Events are matched when they are handed out (after the move), by the order's country.
    expect(kinds(shippedDe.receiver)).toEqual(['shipped:de']);
    expect(kinds(paidId.receiver)).toEqual(['paid:id']);
    expect(kinds(everything.receiver).sort()).toEqual(
      ['delivered:de', 'paid:de', 'paid:id', 'shipped:de', 'shipped:id'].sort(),
    );
    for (const e of [shippedDe, paidId, everything]) await pause(e.id);
  });

  it('hands each event out once when 20 dispatcher runs race, and each delivery once from 20 senders', async () => {
    const a = await endpoint(['returned']);
    const b = await endpoint(['returned']);
    const orderId = await paidOrder();
    // Its paid event is handed out first, so the race below is over the 30 returns alone.
    await server.app.webhooks.dispatch();
    const events = [];
    for (let i = 0; i < 30; i++) events.push((await step(orderId, 'returned', { n: i })).id);
    const handed = await Promise.all(Array.from({ length: 20 }, () => server.app.webhooks.dispatch()));
    await server.app.webhooks.dispatch();
    expect(handed.reduce((s, n) => s + n, 0)).toBe(30);
    const rows = await server.db.query<{ endpoint_id: string; n: number; distinct_events: number }>(
      `SELECT endpoint_id::text, count(*)::int AS n, count(DISTINCT event_id)::int AS distinct_events
         FROM webhook_deliveries WHERE endpoint_id = ANY($1::bigint[]) GROUP BY endpoint_id ORDER BY endpoint_id`,
      [[a.id, b.id]],
    );
    expect(rows.map((r) => [r.n, r.distinct_events])).toEqual([
      [30, 30],
      [30, 30],
    ]);
    const [cursor] = await server.db.query<{ id: string }>(`SELECT event_id::text AS id FROM webhook_cursor`);
    expect(BigInt(cursor!.id)).toBeGreaterThanOrEqual(BigInt(events.at(-1)!));

    await Promise.all(Array.from({ length: 20 }, () => server.app.webhooks.sendDue()));
    await pumpUntil(server, () => a.receiver.received.length >= 30 && b.receiver.received.length >= 30);
    for (const r of [a.receiver, b.receiver]) {
      expect(r.received).toHaveLength(30);
      expect(new Set(r.handled).size).toBe(30);
      expect(r.handled.sort()).toEqual([...events].sort());
    }
    await pause(a.id);
    await pause(b.id);
  });
});
