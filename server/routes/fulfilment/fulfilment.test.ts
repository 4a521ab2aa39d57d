import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { sellable } from '../../test-support/fixtures';
import { markPaidIn, paidEffects } from '../../orders/paid';
import { Errno } from '../../errors';

const TOKEN = 'warehouse-token-0123456789abcdef';

/**
 * The order's life after payment through real HTTP: the warehouse's token API and the staff console's Orders tab
 * take the steps (processing, shipments, deliveries); the refused ones leave nothing behind; every step is one row
 * of the timeline with one message and one mail, as the shopper's preferences allow.
 */
describe.each(drivers)('fulfilment (%s)', (driver) => {
  let server: TestServer;
  let warehouse: Client;
  beforeAll(async () => {
    server = await startServer(driver, { FULFILMENT_TOKEN: TOKEN });
    warehouse = new Client(server.base);
  });
  afterAll(async () => server?.close());

  const auth = { authorization: `Bearer ${TOKEN}` };
  const api = (path: string, json?: unknown, c = warehouse) =>
    c.call(`/api/fulfilment${path}`, json === undefined ? { headers: auth } : { method: 'POST', json, headers: auth });
  const post = (c: Client, path: string, json: unknown) => c.call(`/api/id${path}`, { method: 'POST', json });

  /** A paid order of a quick shopper with two lines: two units of one product, one of another. */
  async function paidOrder(options: { pay?: boolean } = {}) {
    const a = await sellable(server.db, 3, 2);
    const b = await sellable(server.db, 1, 3);
    await server.db.query(
      `UPDATE offers SET stock = greatest(stock, 1000), sale_price = 150000, market_price = 150000
       WHERE commodity_id = ANY($1) AND local = 'id'`,
      [[a.commodity_id, b.commodity_id]],
    );
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    await addToCart(s.client, a.commodity_id, 2);
    await addToCart(s.client, b.commodity_id, 1);
    const placed = await post(s.client, '/order/place', { addressId, agreePrivacy: true });
    if (placed.body.errno !== 0) throw new Error(`place: ${JSON.stringify(placed.body)}`);
    const orderId = placed.body.data.order_id as string;
    if (options.pay !== false) await server.db.transaction((tx) => markPaidIn(tx, paidEffects(server.db), orderId));
    return { ...s, orderId };
  }

  const steps = async (orderId: string) =>
    await server.db.query<{ kind: string; actor: string }>(
      `SELECT kind, actor FROM order_events WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
  const kinds = async (orderId: string) => (await steps(orderId)).map((s) => s.kind);
  const state = async (orderId: string) =>
    (await server.db.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1`, [orderId]))[0]!.state;
  const messages = async (userId: number) =>
    (
      await server.db.query<{ title: string }>(
        `SELECT title FROM messages WHERE user_id = $1 AND kind = 'order' ORDER BY id`,
        [userId],
      )
    ).map((m) => m.title);
  const mails = async (email: string) =>
    await server.db.query<{ kind: string; text_body: string }>(
      `SELECT kind, text_body FROM mail_outbox WHERE recipient = $1 ORDER BY id`,
      [email],
    );
  const ship = (orderId: string, reference: string, lines: { line_no: number; quantity: number }[], extra = {}) =>
    api(`/orders/${orderId}/shipments`, {
      reference,
      carrier: 'jne',
      tracking_number: `JNE${reference}`,
      lines,
      ...extra,
    });

  it('is off without a token configured, and refuses a missing or wrong token with the same 404', async () => {
    const off = await startServer('pglite');
    try {
      const r = await new Client(off.base).call('/api/fulfilment/orders', { headers: auth });
      expect([r.status, r.body.errno]).toEqual([404, Errno.NOT_FOUND]);
    } finally {
      await off.close();
    }
    const { orderId } = await paidOrder();
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: TOKEN },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of wrong) {
      const list = await warehouse.call('/api/fulfilment/orders', { headers });
      expect([list.status, list.body.errno]).toEqual([404, Errno.NOT_FOUND]);
      const shipped = await warehouse.call(`/api/fulfilment/orders/${orderId}/processing`, {
        method: 'POST',
        json: {},
        headers,
      });
      expect([shipped.status, shipped.body.errno]).toEqual([404, Errno.NOT_FOUND]);
    }
    expect(await state(orderId)).toBe('paid');
  });

  it('lists paid orders to pick with address, lines and carriers, page by page from a cursor', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const unpaid = await paidOrder({ pay: false });
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const r = await api(`/orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.body.errno).toBe(0);
      if (r.body.data.orders.length === 0) break;
      seen.push(...r.body.data.orders.map((o: { id: string }) => o.id));
      const o = r.body.data.orders[0];
      if (o.id === first.orderId) {
        expect(o.country).toBe('id');
        expect(o.address.recipient).toBe('Budi Santoso');
        expect(o.lines.map((l: { quantity: number; shipped: number }) => [l.quantity, l.shipped])).toEqual([
          [2, 0],
          [1, 0],
        ]);
        expect(o.carriers).toEqual(['jne', 'jnt-id', 'sicepat']);
      }
      cursor = r.body.data.next_cursor;
    }
    expect(seen).toContain(first.orderId);
    expect(seen).toContain(second.orderId);
    expect(seen).not.toContain(unpaid.orderId);
    expect(seen.indexOf(first.orderId)).toBeLessThan(seen.indexOf(second.orderId));
    const bad = await api('/orders?cursor=1;DROP');
    expect(bad.body.errno).not.toBe(0);
    expect(bad.status).toBeLessThan(500);
  });

  it('takes every step (processing, part, rest, deliveries) once each, with its message and mail', async () => {
    const o = await paidOrder();
    const proc = await api(`/orders/${o.orderId}/processing`, {});
    expect(proc.body.data).toMatchObject({ state: 'processing', replayed: false });
    expect((await api(`/orders/${o.orderId}/processing`, {})).body.data).toMatchObject({ replayed: true });

    const part = await ship(o.orderId, 'P1', [
      { line_no: 1, quantity: 1 },
      { line_no: 2, quantity: 1 },
    ]);
    expect(part.body.data).toMatchObject({ state: 'partially_shipped', replayed: false });
    expect(part.body.data.shipment.tracking_link).toBe('https://www.jne.co.id/tracking-package?awb=JNEP1');

    // Before the rest left, the shopper's page says which lines are in the parcel and which are still to come.
    const page = await o.client.call(`/api/id/order/detail?orderId=${o.orderId}`);
    expect(page.body.data.order.shipments).toHaveLength(1);
    expect(page.body.data.order.shipments[0].lines.map((l: { quantity: number }) => l.quantity)).toEqual([1, 1]);
    expect(page.body.data.order.to_come).toEqual([expect.objectContaining({ line_no: 1, quantity: 1 })]);
    expect(JSON.stringify(page.body.data.order.timeline)).not.toContain('warehouse');

    const early = await api(`/orders/${o.orderId}/shipments/P2/delivered`, {});
    expect(early.body.errno).toBe(Errno.SHIPMENT_NOT_FOUND);
    const rest = await ship(o.orderId, 'P2', [{ line_no: 1, quantity: 1 }]);
    expect(rest.body.data.state).toBe('shipped');

    const d1 = await api(`/orders/${o.orderId}/shipments/P1/delivered`, {});
    expect(d1.body.data).toMatchObject({ state: 'shipped', replayed: false });
    const d2 = await api(`/orders/${o.orderId}/shipments/P2/delivered`, {});
    expect(d2.body.data).toMatchObject({ state: 'delivered', replayed: false });
    const again = await api(`/orders/${o.orderId}/shipments/P2/delivered`, {});
    expect(again.body.data).toMatchObject({ state: 'delivered', replayed: true });

    expect(await kinds(o.orderId)).toEqual([
      'placed',
      'paid',
      'processing',
      'shipped',
      'shipped',
      'delivered',
      'delivered',
    ]);
    expect((await steps(o.orderId)).slice(2).every((s) => s.actor === 'warehouse')).toBe(true);
    // One message per step that tells the shopper (placed tells nothing; paid its own message).
    expect(await messages(o.userId)).toHaveLength(6);
    const sent = await mails(o.email);
    expect(sent.map((m) => m.kind)).toEqual([
      'order-confirmation',
      'order-step-processing',
      'order-step-shipped',
      'order-step-shipped',
      'order-step-delivered',
      'order-step-delivered',
    ]);
    expect(sent[2]!.text_body).toContain('https://www.jne.co.id/tracking-package?awb=JNEP1');
    // In the storefront's language (Indonesian), naming the parcel.
    expect(await messages(o.userId)).toContain(`Pesanan Anda ${o.orderId} sedang dalam perjalanan`);
    expect(sent[2]!.text_body).toContain('Kurir: JNE, nomor resi: JNEP1');
    expect(sent[2]!.text_body).toContain('Lacak paket Anda');

    const done = await o.client.call(`/api/id/order/detail?orderId=${o.orderId}`);
    expect(done.body.data.order.state).toBe('delivered');
    expect(done.body.data.order.to_come).toEqual([]);
    expect(done.body.data.order.shipments.every((s: { delivered_at: number | null }) => s.delivered_at)).toBe(true);
  });

  it('refuses unpaid, in-review, cancelled orders, too many units, unknown lines, foreign carriers', async () => {
    const unpaid = await paidOrder({ pay: false });
    expect((await ship(unpaid.orderId, 'U', [{ line_no: 1, quantity: 1 }])).body.errno).toBe(Errno.ORDER_NOT_PAID);
    expect((await api(`/orders/${unpaid.orderId}/processing`, {})).body.errno).toBe(Errno.ORDER_NOT_PAID);
    await server.db.query(`UPDATE orders SET state = 'in_review' WHERE id = $1`, [unpaid.orderId]);
    expect((await ship(unpaid.orderId, 'R', [{ line_no: 1, quantity: 1 }])).body.errno).toBe(Errno.ORDER_NOT_PAID);
    const cancelled = await paidOrder({ pay: false });
    expect((await post(cancelled.client, '/order/cancel', { orderId: cancelled.orderId })).body.errno).toBe(0);
    expect((await ship(cancelled.orderId, 'C', [{ line_no: 1, quantity: 1 }])).body.errno).toBe(Errno.ORDER_CANCELLED);

    const o = await paidOrder();
    expect((await ship(o.orderId, 'X', [{ line_no: 1, quantity: 3 }])).body.errno).toBe(Errno.SHIPMENT_OVER_QUANTITY);
    expect((await ship(o.orderId, 'X', [{ line_no: 9, quantity: 1 }])).body.errno).toBe(Errno.SHIPMENT_LINE_UNKNOWN);
    const twice = [
      { line_no: 1, quantity: 1 },
      { line_no: 1, quantity: 1 },
    ];
    expect((await ship(o.orderId, 'X', twice)).body.errno).toBe(Errno.SHIPMENT_LINE_UNKNOWN);
    expect((await ship(o.orderId, 'X', [{ line_no: 2, quantity: 1 }], { carrier: 'dhl' })).body.errno).toBe(
      Errno.CARRIER_NOT_IN_COUNTRY,
    );
    expect((await ship('999999999', 'X', [{ line_no: 1, quantity: 1 }])).status).toBe(404);
    // Nothing of the refused calls stayed: still paid, no shipment, no step after payment.
    expect(await state(o.orderId)).toBe('paid');
    expect(await kinds(o.orderId)).toEqual(['placed', 'paid']);

    // All units out: nothing more may ship, and the same reference with other content is refused.
    expect(
      (
        await ship(o.orderId, 'A', [
          { line_no: 1, quantity: 2 },
          { line_no: 2, quantity: 1 },
        ])
      ).body.data.state,
    ).toBe('shipped');
    expect((await ship(o.orderId, 'B', [{ line_no: 1, quantity: 1 }])).body.errno).toBe(Errno.ORDER_STEP_STATE);
    expect((await ship(o.orderId, 'A', [{ line_no: 1, quantity: 1 }])).body.errno).toBe(
      Errno.SHIPMENT_REFERENCE_REUSED,
    );
    expect((await api(`/orders/${o.orderId}/processing`, {})).body.errno).toBe(Errno.ORDER_STEP_STATE);
    // Shipping from paid went through processing on the way, without a message of its own.
    expect(await kinds(o.orderId)).toEqual(['placed', 'paid', 'processing', 'shipped']);
    expect(await messages(o.userId)).toHaveLength(2);
  });

  it('malformed calls get an envelope with an errno, never a 5xx', async () => {
    const o = await paidOrder();
    const bodies: unknown[] = [
      [],
      'x',
      { reference: '', carrier: 'jne', tracking_number: 'JNE1', lines: [{ line_no: 1, quantity: 1 }] },
      { reference: 'R', carrier: 'JNE!', tracking_number: 'JNE1', lines: [{ line_no: 1, quantity: 1 }] },
      { reference: 'R', carrier: 'jne', tracking_number: 'a b', lines: [{ line_no: 1, quantity: 1 }] },
      { reference: 'R', carrier: 'jne', tracking_number: 'JNE1', lines: [] },
      { reference: 'R', carrier: 'jne', tracking_number: 'JNE1', lines: [{ line_no: 1, quantity: 0 }] },
      { reference: 'R', carrier: 'jne', tracking_number: 'JNE1', lines: [{ line_no: 1, quantity: 1.5 }] },
      { reference: 'R', carrier: 'jne', tracking_number: 'JNE1', lines: [{ line_no: 'x', quantity: 1 }] },
    ];
    for (const json of bodies) {
      const r = await api(`/orders/${o.orderId}/shipments`, json);
      expect(r.status).toBeLessThan(500);
      expect(r.body.errno).not.toBe(0);
    }
    for (const id of ['abc', '-1', '1'.repeat(30), "1' OR 1=1"]) {
      const r = await api(`/orders/${encodeURIComponent(id)}/processing`, {});
      expect(r.status).toBeLessThan(500);
      expect(r.body.errno).not.toBe(0);
    }
    expect(await kinds(o.orderId)).toEqual(['placed', 'paid']);
  });

  it('the same "shipped" sent 20 times at once makes one shipment, one step, one message and one mail', async () => {
    const o = await paidOrder();
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        ship(o.orderId, 'WH-20', [
          { line_no: 1, quantity: 2 },
          { line_no: 2, quantity: 1 },
        ]),
      ),
    );
    expect(all.every((r) => r.body.errno === 0)).toBe(true);
    expect(all.filter((r) => !r.body.data.replayed)).toHaveLength(1);
    expect(new Set(all.map((r) => r.body.data.shipment.id)).size).toBe(1);
    const n = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM shipments WHERE order_id = $1`, [
      o.orderId,
    ]);
    expect(n[0]!.n).toBe(1);
    expect((await kinds(o.orderId)).filter((k) => k === 'shipped')).toHaveLength(1);
    expect((await mails(o.email)).filter((m) => m.kind === 'order-step-shipped')).toHaveLength(1);
    expect(await messages(o.userId)).toHaveLength(2); // paid, shipped

    // 20 deliveries of it at once: one step.
    const delivered = await Promise.all(
      Array.from({ length: 20 }, () => api(`/orders/${o.orderId}/shipments/WH-20/delivered`, {})),
    );
    expect(delivered.every((r) => r.body.errno === 0 && r.body.data.state === 'delivered')).toBe(true);
    expect((await kinds(o.orderId)).filter((k) => k === 'delivered')).toHaveLength(1);
  });

  it("a warehouse's burst of reports is not throttled like a shopper's writes", async () => {
    const o = await paidOrder();
    const all = await Promise.all(Array.from({ length: 130 }, () => api(`/orders/${o.orderId}/processing`, {})));
    expect(all.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(all.filter((r) => !r.body.data.replayed)).toHaveLength(1);
    expect((await kinds(o.orderId)).filter((k) => k === 'processing')).toHaveLength(1);
  });

  it('20 different parcels at once never ship more than was ordered', async () => {
    const o = await paidOrder();
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ship(o.orderId, `S${i}`, [{ line_no: 1, quantity: 1 }])),
    );
    expect(all.filter((r) => r.body.errno === 0)).toHaveLength(2);
    expect(all.filter((r) => r.body.errno === Errno.SHIPMENT_OVER_QUANTITY)).toHaveLength(18);
    expect(await state(o.orderId)).toBe('partially_shipped');
  });

  it('honours the shopper preferences for order news, each channel on its own', async () => {
    for (const channel of ['mail', 'message'] as const) {
      const o = await paidOrder();
      const prefs = await o.client.call('/api/id/notification/preferences', {
        method: 'POST',
        json: { prefs: [{ kind: 'order', mail: channel !== 'mail', message: channel !== 'message' }] },
      });
      expect(prefs.body.errno).toBe(0);
      const before = (await messages(o.userId)).length;
      await api(`/orders/${o.orderId}/processing`, {});
      await ship(o.orderId, 'Q', [
        { line_no: 1, quantity: 2 },
        { line_no: 2, quantity: 1 },
      ]);
      expect(await kinds(o.orderId)).toEqual(['placed', 'paid', 'processing', 'shipped']);
      const stepMails = (await mails(o.email)).filter((m) => m.kind.startsWith('order-step-'));
      expect([(await messages(o.userId)).length - before, stepMails.length]).toEqual(
        channel === 'mail' ? [2, 0] : [0, 2],
      );
    }
  });

  describe('the staff Orders tab', () => {
    it("is refused to visitors and shoppers, and finds only its storefront country's orders", async () => {
      const o = await paidOrder();
      for (const c of [new Client(server.base), o.client]) {
        const search = await c.call(`/api/id/staff/fulfilment/orders?q=${o.orderId}`);
        expect(search.body.errno).not.toBe(0);
        const act = await post(c, '/staff/fulfilment/processing', { orderId: o.orderId });
        expect([Errno.STAFF_ONLY, 20001]).toContain(act.body.errno);
      }
      expect(await state(o.orderId)).toBe('paid');
      const staff = (await staffMember(server)).client;
      const byId = await staff.call(`/api/id/staff/fulfilment/orders?q=${o.orderId}`);
      expect(byId.body.data.orders.map((r: { id: string }) => r.id)).toEqual([o.orderId]);
      const byEmail = await staff.call(
        `/api/id/staff/fulfilment/orders?q=${encodeURIComponent(o.email.slice(0, 8))}&state=paid`,
      );
      expect(byEmail.body.data.orders.map((r: { id: string }) => r.id)).toContain(o.orderId);
      const wild = await staff.call(`/api/id/staff/fulfilment/orders?q=${encodeURIComponent('%')}`);
      expect(wild.body.data.orders).toEqual([]);
      const elsewhere = await staff.call(`/api/de/staff/fulfilment/order?orderId=${o.orderId}`);
      expect(elsewhere.status).toBe(404);
      const actElsewhere = await staff.call('/api/de/staff/fulfilment/processing', {
        method: 'POST',
        json: { orderId: o.orderId },
      });
      expect([actElsewhere.status, actElsewhere.body.errno]).toEqual([404, Errno.NOT_FOUND]);
      expect(await state(o.orderId)).toBe('paid');
    });

    it('starts processing, ships chosen quantities, marks parcels delivered, as the staff member', async () => {
      const o = await paidOrder();
      const s = await staffMember(server);
      const opened = await s.client.call(`/api/id/staff/fulfilment/order?orderId=${o.orderId}`);
      expect(opened.body.data.carriers.map((c: { id: string }) => c.id)).toEqual(['jne', 'jnt-id', 'sicepat']);
      const proc = await post(s.client, '/staff/fulfilment/processing', { orderId: o.orderId });
      expect(proc.body.data.order.state).toBe('processing');
      const parcel = { orderId: o.orderId, reference: 'ST-1', carrier: 'sicepat', trackingNumber: '000123456789' };
      const racing = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(s.client, '/staff/fulfilment/ship', { ...parcel, lines: [{ lineNo: 2, quantity: 1 }] }),
        ),
      );
      expect(racing.every((r) => r.body.errno === 0)).toBe(true);
      const shipped = racing[0]!.body.data;
      expect(shipped.order.state).toBe('partially_shipped');
      expect(shipped.shipments).toHaveLength(1);
      expect(shipped.lines.map((l: { shipped: number }) => l.shipped)).toEqual([0, 1]);
      const wrong = await post(s.client, '/staff/fulfilment/ship', { ...parcel, lines: [{ lineNo: 1, quantity: 1 }] });
      expect(wrong.body.errno).toBe(Errno.SHIPMENT_REFERENCE_REUSED);
      const deliveries = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(s.client, '/staff/fulfilment/delivered', { orderId: o.orderId, shipmentId: shipped.shipments[0].id }),
        ),
      );
      expect(deliveries.every((r) => r.body.errno === 0)).toBe(true);
      // One unit of line 1 has not shipped: the order is not delivered yet.
      expect(await state(o.orderId)).toBe('partially_shipped');
      expect(await steps(o.orderId)).toEqual([
        { kind: 'placed', actor: 'shopper' },
        { kind: 'paid', actor: 'system' },
        { kind: 'processing', actor: `staff:${s.userId}` },
        { kind: 'shipped', actor: `staff:${s.userId}` },
        { kind: 'delivered', actor: `staff:${s.userId}` },
      ]);
      const bad = await post(s.client, '/staff/fulfilment/delivered', { orderId: o.orderId, shipmentId: 'x' });
      expect(bad.body.errno).toBe(Errno.SHIPMENT_NOT_FOUND);
      for (const body of [
        {},
        { orderId: [] },
        { orderId: o.orderId, reference: 'R', carrier: 'jne', trackingNumber: 'JNE1', lines: [{ lineNo: 1 }] },
      ]) {
        const r = await post(s.client, '/staff/fulfilment/ship', body);
        expect(r.status).toBeLessThan(500);
        expect(r.body.errno).not.toBe(0);
      }
    });
  });
});
