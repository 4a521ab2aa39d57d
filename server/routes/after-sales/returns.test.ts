import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity, sellable } from '../../test-support/fixtures';
import { addToCart, establishedShopper, quickShopper, saveAddress } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { Errno } from '../../errors';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);
const DAY = 24 * 60 * 60 * 1000;

describe.each(drivers)('returns (%s)', (driver) => {
  let server: TestServer;
  let staff: Awaited<ReturnType<typeof staffMember>>;
  beforeAll(async () => {
    server = await startServer(driver);
    staff = await staffMember(server);
  });
  afterAll(async () => server?.close());

  const upload = async (c: Client) => {
    const r = await c.fetch('/api/id/aftersales/upload', {
      method: 'POST',
      body: new Uint8Array(PNG),
      headers: { 'content-type': 'image/png', 'x-file-name': 'photo.png', accept: 'application/json' },
    });
    const body = await r.json();
    if (body.errno !== 0) throw new Error(`upload: ${JSON.stringify(body)}`);
    return body.data.upload.id as string;
  };

  /**
   * A shopper with a paid order of `lines` (commodity, quantity), delivered `daysAgo` days ago (the lifecycle's
   * columns set in SQL; null leaves it paid and undelivered).
   */
  async function delivered(
    lines: { commodityId: string; quantity: number }[],
    daysAgo: number | null = 1,
    amounts: { discount: number; delivery: number } | null = null,
  ) {
    // A month-old account: several phones in one order are above what a new account may order without review.
    const s = await establishedShopper(server);
    const addressId = await saveAddress(s.client);
    for (const l of lines) {
      await server.db.query(`UPDATE offers SET stock = greatest(stock, 100) WHERE commodity_id = $1 AND local = 'id'`, [
        l.commodityId,
      ]);
      await addToCart(s.client, l.commodityId, l.quantity);
    }
    const placed = await s.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true },
    });
    expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
    const orderId = placed.body.data.order_id as string;
    // A discount (coupon, points, trade-in) and a delivery fee as checkout writes them, before payment (Indonesia's
    // VAT is included in the total).
    if (amounts)
      await server.db.query(
        `UPDATE orders SET discount = $2, shipping_fee = $3, total = items_total - $2 + $3,
           net_amount = items_total - $2 + $3 - tax WHERE id = $1`,
        [orderId, amounts.discount, amounts.delivery],
      );
    const paid = await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
    expect(paid.body.data.state).toBe('succeeded');
    if (daysAgo !== null)
      await server.db.query(
        `UPDATE orders SET state = 'delivered', shipped_at = now() - make_interval(secs => $2::float8 + 86400),
           delivered_at = now() - make_interval(secs => $2::float8) WHERE id = $1`,
        [orderId, daysAgo * 86400],
      );
    const lineNos = await server.db.query<{ line_no: number; commodity_id: string }>(
      `SELECT line_no, commodity_id FROM order_lines WHERE order_id = $1 ORDER BY line_no`,
      [orderId],
    );
    const lineOf = (commodityId: string) => lineNos.find((l) => l.commodity_id === commodityId)!.line_no;
    return { ...s, orderId, lineOf };
  }
  const ask = (c: Client, body: Record<string, unknown>) =>
    c.call('/api/id/aftersales/return', { method: 'POST', json: body });
  const step = (path: string, json: Record<string, unknown>, client = staff.client) =>
    client.call(`/api/id/staff/returns/${path}`, { method: 'POST', json });
  const steps = async (orderId: string) =>
    (
      await server.db.query<{ kind: string; actor: string; detail: Record<string, unknown> }>(
        `SELECT kind, actor, detail FROM order_events WHERE order_id = $1 AND kind LIKE 'return%' ORDER BY id`,
        [orderId],
      )
    ).map((e) => e.kind);
  const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('returns units of several lines in the window, with reason and photos; the timeline records it', async () => {
    const a = await sellable(server.db, 3);
    const b = await sellable(server.db, 1, 5);
    const o = await delivered([
      { commodityId: a.commodity_id, quantity: 2 },
      { commodityId: b.commodity_id, quantity: 1 },
    ]);
    const returnable = (await o.client.call(`/api/id/aftersales/returnable?orderId=${o.orderId}`)).body.data;
    expect(returnable.lines.map((l: any) => [l.line_no, l.delivered, l.returnable])).toEqual([
      [1, 2, 2],
      [2, 1, 1],
    ]);
    expect(returnable.reasons).toContain('defective');
    expect(returnable.lines[0].deadline).toBeGreaterThan(Date.now() + 12 * DAY);
    const made = await ask(o.client, {
      orderId: o.orderId,
      lines: [
        { lineNo: o.lineOf(a.commodity_id), quantity: 1 },
        { lineNo: o.lineOf(b.commodity_id), quantity: 1 },
      ],
      reason: 'changed_mind',
      uploadIds: [await upload(o.client)],
    });
    expect(made.body.errno, JSON.stringify(made.body)).toBe(0);
    expect(made.body.data.request).toMatchObject({ kind: 'return', state: 'submitted', order_id: o.orderId });
    const detail = (await o.client.call(`/api/id/aftersales/detail?id=${made.body.data.request.id}`)).body.data;
    expect(detail.return.lines.map((l: any) => l.quantity)).toEqual([1, 1]);
    expect(detail.return).toMatchObject({ reason: 'changed_mind', pickup_by: isoDay(Date.now() + 7 * DAY) });
    expect(detail.uploads).toHaveLength(1);
    expect(detail.return_steps).toEqual([]);
    expect(await steps(o.orderId)).toEqual(['return_requested']);
    const after = (await o.client.call(`/api/id/aftersales/returnable?orderId=${o.orderId}`)).body.data;
    expect(after.lines.map((l: any) => l.returnable)).toEqual([1, 0]);
  });

  it('refuses after 14 days with the deadline; a refurbished phone has 15', async () => {
    const plain = await sellable(server.db);
    const late = await delivered([{ commodityId: plain.commodity_id, quantity: 1 }], 14.5);
    const refused = await ask(late.client, {
      orderId: late.orderId,
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'changed_mind',
      uploadIds: [await upload(late.client)],
    });
    expect(refused.body.errno).toBe(Errno.RETURN_WINDOW_OVER);
    expect(Math.abs(refused.body.data.deadline - (Date.now() - 0.5 * DAY))).toBeLessThan(60_000);
    expect(refused.body.errmsg).not.toBe('returns.error.windowOver');
    expect(
      (await late.client.call(`/api/id/aftersales/returnable?orderId=${late.orderId}`)).body.data.lines[0].returnable,
    ).toBe(0);
    const phone = await commodity(server.db, `p.category = 'refurbished' AND o.stock > 0`);
    const refurbished = await delivered([{ commodityId: phone.commodity_id, quantity: 1 }], 14.5);
    const ok = await ask(refurbished.client, {
      orderId: refurbished.orderId,
      lines: [{ lineNo: 1, quantity: 1 }],
      reason: 'defective',
      uploadIds: [await upload(refurbished.client)],
    });
    expect(ok.body.errno, JSON.stringify(ok.body)).toBe(0);
    const tooLate = await delivered([{ commodityId: phone.commodity_id, quantity: 1 }], 15.2);
    expect(
      (
        await ask(tooLate.client, {
          orderId: tooLate.orderId,
          lines: [{ lineNo: 1, quantity: 1 }],
          reason: 'defective',
          uploadIds: [await upload(tooLate.client)],
        })
      ).body.errno,
    ).toBe(Errno.RETURN_WINDOW_OVER);
  });

  it("refuses more than delivered, undelivered units, another shopper's order, and malformed requests", async () => {
    const item = await sellable(server.db, 3, 1);
    const o = await delivered([{ commodityId: item.commodity_id, quantity: 2 }]);
    const file = await upload(o.client);
    const base = { orderId: o.orderId, lines: [{ lineNo: 1, quantity: 1 }], reason: 'defective', uploadIds: [file] };
    const more = await ask(o.client, { ...base, lines: [{ lineNo: 1, quantity: 3 }] });
    expect(more.body).toMatchObject({ errno: Errno.RETURN_QUANTITY, data: { lines: [{ line_no: 1, returnable: 2 }] } });
    // The same line named twice adds up.
    expect(
      (
        await ask(o.client, {
          ...base,
          lines: [
            { lineNo: 1, quantity: 2 },
            { lineNo: 1, quantity: 1 },
          ],
        })
      ).body.errno,
    ).toBe(Errno.RETURN_QUANTITY);
    const stranger = await quickShopper(server);
    const theirs = await ask(stranger.client, { ...base, uploadIds: [await upload(stranger.client)] });
    expect(theirs.status).toBe(404);
    expect(theirs.body.errno).toBe(Errno.NOT_FOUND);
    expect((await stranger.client.call(`/api/id/aftersales/returnable?orderId=${o.orderId}`)).body.errno).toBe(
      Errno.NOT_FOUND,
    );
    // Someone else's files are not proof.
    expect((await ask(o.client, { ...base, uploadIds: [await upload(stranger.client)] })).body.errno).toBe(
      Errno.UPLOAD_REFUSED,
    );
    const paidOnly = await delivered([{ commodityId: item.commodity_id, quantity: 1 }], null);
    const notYet = await ask(paidOnly.client, {
      ...base,
      orderId: paidOnly.orderId,
      uploadIds: [await upload(paidOnly.client)],
    });
    expect(notYet.body).toMatchObject({ errno: Errno.RETURN_NOT_RETURNABLE, data: { lines: [1] } });
    // Shipped in two parcels, one arrived: only its units can go back.
    await server.db.query(`UPDATE orders SET state = 'shipped', shipped_at = now() WHERE id = $1`, [paidOnly.orderId]);
    const other = await delivered([{ commodityId: item.commodity_id, quantity: 2 }], null);
    await server.db.query(`UPDATE orders SET state = 'shipped', shipped_at = now() WHERE id = $1`, [other.orderId]);
    const [parcel] = await server.db.query<{ id: string }>(
      `INSERT INTO shipments (order_id, reference, carrier, tracking_number, delivered_at)
       VALUES ($1, 'P1', 'jne', 'JNE12345', now()) RETURNING id::text AS id`,
      [other.orderId],
    );
    await server.db.query(
      `INSERT INTO shipment_lines (shipment_id, order_id, line_no, quantity) VALUES ($1, $2, 1, 1)`,
      [parcel!.id, other.orderId],
    );
    const otherFile = await upload(other.client);
    expect(
      (
        await ask(other.client, {
          ...base,
          orderId: other.orderId,
          lines: [{ lineNo: 1, quantity: 2 }],
          uploadIds: [otherFile],
        })
      ).body.errno,
    ).toBe(Errno.RETURN_QUANTITY);
    expect((await ask(other.client, { ...base, orderId: other.orderId, uploadIds: [otherFile] })).body.errno).toBe(0);
    // Malformed: never a 5xx, always an errno.
    const bad: Record<string, unknown>[] = [
      { ...base, orderId: 'abc' },
      { ...base, orderId: '99999999999999999999' },
      { ...base, lines: [] },
      { ...base, lines: [{ lineNo: 0, quantity: 1 }] },
      { ...base, lines: [{ lineNo: 1, quantity: -1 }] },
      { ...base, lines: [{ lineNo: 99, quantity: 1 }] },
      { ...base, reason: 'bored' },
      { ...base, uploadIds: [] },
      { ...base, uploadIds: ['not-a-uuid'] },
      { ...base, description: 'x'.repeat(301) },
      { orderId: o.orderId },
    ];
    for (const body of bad) {
      const r = await ask(o.client, body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.errno, JSON.stringify(body)).not.toBe(0);
    }
    expect(
      (await new Client(server.base).call('/api/id/aftersales/return', { method: 'POST', json: base })).body.errno,
    ).toBe(Errno.NOT_LOGGED_IN);
    // The repair form no longer takes returns around the window.
    const viaApply = await o.client.call('/api/id/aftersales/apply', {
      method: 'POST',
      json: {
        ...base,
        commodityId: item.commodity_id,
        kind: 'return',
        model: 'X',
        purchaseDate: '2026-01-01',
        description: 'changed my mind',
      },
    });
    expect(viaApply.body.errno).toBe(Errno.RETURN_USE_RETURN_FORM);
  });

  it('20 parallel requests for one line never claim more than its delivered units', async () => {
    const item = await sellable(server.db, 3, 2);
    const o = await delivered([{ commodityId: item.commodity_id, quantity: 3 }]);
    const files: string[] = [];
    for (let i = 0; i < 20; i++) files.push(await upload(o.client));
    const answers = await Promise.all(
      files.map((file) =>
        ask(o.client, {
          orderId: o.orderId,
          lines: [{ lineNo: 1, quantity: 1 }],
          reason: 'defective',
          uploadIds: [file],
        }),
      ),
    );
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.body.errno === Errno.RETURN_QUANTITY)).toHaveLength(17);
    const [claimed] = await server.db.query<{ units: number }>(
      `SELECT sum(quantity)::int AS units FROM return_lines WHERE order_id = $1`,
      [o.orderId],
    );
    expect(claimed!.units).toBe(3);
  });

  it('staff schedule the pick-up (7 days), record it, accept once: refund of the share paid, stock back', async () => {
    const a = await sellable(server.db, 3, 3);
    const b = await sellable(server.db, 1, 6);
    const o = await delivered([
      { commodityId: a.commodity_id, quantity: 2 },
      { commodityId: b.commodity_id, quantity: 1 },
    ]);
    const lineA = o.lineOf(a.commodity_id);
    const made = (
      await ask(o.client, {
        orderId: o.orderId,
        lines: [{ lineNo: lineA, quantity: 1 }],
        reason: 'defective',
        uploadIds: [await upload(o.client)],
      })
    ).body.data.request;
    const id = made.id as string;
    // Only staff; only in order.
    expect((await step('pickup', { id, date: isoDay(Date.now() + DAY) }, o.client)).status).toBe(403);
    expect((await step('accept', { id })).body.errno).toBe(Errno.RETURN_STATE);
    expect((await step('picked-up', { id })).body.errno).toBe(Errno.RETURN_STATE);
    expect((await step('pickup', { id, date: isoDay(Date.now() + 8 * DAY) })).body.errno).toBe(
      Errno.RETURN_PICKUP_DATE,
    );
    expect((await step('pickup', { id, date: isoDay(Date.now() - DAY) })).body.errno).toBe(Errno.RETURN_PICKUP_DATE);
    expect((await step('pickup', { id: '123', date: isoDay(Date.now()) })).body.errno).toBe(Errno.NOT_FOUND);
    expect((await step('pickup', { id: 'x; drop', date: 'soon' })).body.errno).not.toBe(0);
    const pickupOn = isoDay(Date.now() + 3 * DAY);
    expect((await step('pickup', { id, date: pickupOn })).body.data).toMatchObject({ state: 'pickup_scheduled' });
    const staffView = (await staff.client.call(`/api/id/aftersales/detail?id=${id}`)).body.data;
    expect(staffView.return_steps).toEqual(['schedulePickup', 'recordPickup']);
    expect((await step('picked-up', { id })).body.data.state).toBe('received');
    const [order] = await server.db.query<{
      total: number;
      items_total: number;
      shipping_fee: number;
      currency: string;
    }>(
      `SELECT total::float8 AS total, items_total::float8 AS items_total, shipping_fee::float8 AS shipping_fee, currency
       FROM orders WHERE id = $1`,
      [o.orderId],
    );
    const [line] = await server.db.query<{ subtotal: number; quantity: number }>(
      `SELECT subtotal::float8 AS subtotal, quantity FROM order_lines WHERE order_id = $1 AND line_no = $2`,
      [o.orderId, lineA],
    );
    const stockBefore = await stockOf(a.commodity_id);
    // Twenty staff clicks at once: one refund.
    const accepts = await Promise.all(Array.from({ length: 20 }, () => step('accept', { id })));
    expect(accepts.filter((r) => r.body.errno === 0)).toHaveLength(1);
    expect(accepts.filter((r) => r.body.errno === Errno.RETURN_STATE)).toHaveLength(19);
    const goods = order!.total - order!.shipping_fee;
    const share = Math.floor((goods * line!.subtotal) / (line!.quantity * order!.items_total));
    const refunds = await server.db.query<{ amount: number; reason: string; currency: string }>(
      `SELECT amount::float8 AS amount, reason, currency FROM refunds WHERE order_id = $1`,
      [o.orderId],
    );
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(share);
    expect(refunds.every((r) => r.reason === 'return' && r.currency === order!.currency)).toBe(true);
    expect(await stockOf(a.commodity_id)).toBe(stockBefore + 1);
    const [movement] = await server.db.query<{ reason: string; delta: number; reference: string }>(
      `SELECT reason, delta, reference FROM stock_movements WHERE order_id = $1 AND reason = 'return'`,
      [o.orderId],
    );
    expect(movement).toEqual({ reason: 'return', delta: 1, reference: made.request_no });
    expect(await steps(o.orderId)).toEqual(['return_requested', 'return_picked_up', 'return_accepted', 'returned']);
    const shopperView = (await o.client.call(`/api/id/aftersales/detail?id=${id}`)).body.data;
    expect(shopperView.request.state).toBe('completed');
    expect(shopperView.return).toMatchObject({ pickup_on: pickupOn, refund_amount: share });
    expect(shopperView.return.refunded_at).toBeGreaterThan(0);
    expect((await step('accept', { id })).body.errno).toBe(Errno.RETURN_STATE);
  });

  it('a discount is shared by the lines; the whole order back refunds everything paid, delivery included', async () => {
    const a = await sellable(server.db, 3, 4);
    const o = await delivered([{ commodityId: a.commodity_id, quantity: 2 }], 1, {
      discount: 1_000,
      delivery: 1_500,
    });
    const [order] = await server.db.query<{ total: number; shipping_fee: number }>(
      `SELECT total::float8 AS total, shipping_fee::float8 AS shipping_fee FROM orders WHERE id = $1`,
      [o.orderId],
    );
    const refunded = async () =>
      (
        await server.db.query<{ amount: number }>(
          `SELECT coalesce(sum(amount), 0)::float8 AS amount FROM refunds WHERE order_id = $1`,
          [o.orderId],
        )
      )[0]!.amount;
    for (let i = 0; i < 2; i++) {
      const id = (
        await ask(o.client, {
          orderId: o.orderId,
          lines: [{ lineNo: 1, quantity: 1 }],
          reason: 'changed_mind',
          uploadIds: [await upload(o.client)],
        })
      ).body.data.request.id;
      await step('pickup', { id, date: isoDay(Date.now()) });
      await step('picked-up', { id });
      expect((await step('accept', { id })).body.errno).toBe(0);
      // The first unit: half of the goods' part (the discount shared), no delivery; the last: all the rest.
      if (i === 0) expect(await refunded()).toBe(Math.floor((order!.total - order!.shipping_fee) / 2));
    }
    expect(order!.shipping_fee).toBe(1_500);
    expect(await refunded()).toBe(order!.total);
  });

  it('a refused return ships back within 14 days with carrier and tracking; nothing is refunded', async () => {
    const a = await sellable(server.db, 1, 7);
    const o = await delivered([{ commodityId: a.commodity_id, quantity: 1 }]);
    const id = (
      await ask(o.client, {
        orderId: o.orderId,
        lines: [{ lineNo: 1, quantity: 1 }],
        reason: 'defective',
        uploadIds: [await upload(o.client)],
      })
    ).body.data.request.id;
    await step('pickup', { id, date: isoDay(Date.now() + DAY) });
    await step('picked-up', { id });
    expect((await step('refuse', { id, reason: '   ' })).body.errno).toBe(Errno.RETURN_SHIP_BACK_INVALID);
    expect((await step('ship-back', { id, carrier: 'jne', trackingNumber: 'JNE0001' })).body.errno).toBe(
      Errno.RETURN_STATE,
    );
    const refused = await step('refuse', { id, reason: 'The screen was broken by a fall, not covered.' });
    expect(refused.body.data.state).toBe('refused');
    const view = (await o.client.call(`/api/id/aftersales/detail?id=${id}`)).body.data;
    expect(Math.abs(view.return.ship_back_by - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    expect(view.return.refusal_reason).toBe('The screen was broken by a fall, not covered.');
    expect((await step('accept', { id })).body.errno).toBe(Errno.RETURN_STATE);
    expect((await step('ship-back', { id, carrier: 'J N E', trackingNumber: '1' })).body.errno).toBe(
      Errno.RETURN_SHIP_BACK_INVALID,
    );
    expect((await step('ship-back', { id, carrier: 'jne', trackingNumber: 'JNE0001' })).body.data.state).toBe(
      'rejected',
    );
    const closed = (await o.client.call(`/api/id/aftersales/detail?id=${id}`)).body.data.return;
    expect(closed).toMatchObject({ ship_back_carrier: 'jne', ship_back_tracking: 'JNE0001' });
    expect(closed.shipped_back_at).toBeGreaterThan(0);
    expect(await server.db.query(`SELECT id FROM refunds WHERE order_id = $1`, [o.orderId])).toEqual([]);
    expect(await steps(o.orderId)).toEqual(['return_requested', 'return_picked_up', 'return_refused']);
    // The generic state move cannot push a return around its steps.
    expect(
      (
        await staff.client.call('/api/id/staff/service-requests/advance', {
          method: 'POST',
          json: { id, state: 'completed' },
        })
      ).body.errno,
    ).toBe(Errno.SERVICE_REQUEST_STATE);
  });

  it('a return withdrawn before pick-up frees its units; staff steps refuse strangers and bad ids', async () => {
    const item = await sellable(server.db, 1, 8);
    const o = await delivered([{ commodityId: item.commodity_id, quantity: 1 }]);
    const body = { orderId: o.orderId, lines: [{ lineNo: 1, quantity: 1 }], reason: 'wrong_item' };
    const id = (await ask(o.client, { ...body, uploadIds: [await upload(o.client)] })).body.data.request.id;
    expect((await ask(o.client, { ...body, uploadIds: [await upload(o.client)] })).body.errno).toBe(
      Errno.RETURN_QUANTITY,
    );
    await step('pickup', { id, date: isoDay(Date.now() + 2 * DAY) });
    const stranger = await quickShopper(server);
    const cancel = (c: Client) => c.call('/api/id/aftersales/cancel', { method: 'POST', json: { id } });
    expect((await cancel(stranger.client)).body.errno).toBe(Errno.NOT_FOUND);
    expect((await cancel(o.client)).body.errno).toBe(0);
    expect((await ask(o.client, { ...body, uploadIds: [await upload(o.client)] })).body.errno).toBe(0);
    for (const path of ['pickup', 'picked-up', 'accept', 'refuse', 'ship-back']) {
      expect((await step(path, { id, date: isoDay(Date.now()), reason: 'x' }, stranger.client)).status, path).toBe(403);
      expect((await step(path, { id }, new Client(server.base))).body.errno, path).toBe(Errno.NOT_LOGGED_IN);
      for (const bad of [{}, { id: 'abc' }, { id: '1'.repeat(30) }, { id: 42 }, { id: '999999999' }]) {
        const r = await step(path, {
          date: isoDay(Date.now()),
          reason: 'x',
          carrier: 'jne',
          trackingNumber: 'JNE1',
          ...bad,
        });
        expect(r.status, `${path} ${JSON.stringify(bad)}`).toBeLessThan(500);
        expect(r.body.errno, `${path} ${JSON.stringify(bad)}`).not.toBe(0);
      }
    }
    // A repair request is no return: the return steps do not find it.
    const repair = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM service_requests WHERE kind <> 'return' LIMIT 1`,
    );
    if (repair[0]) expect((await step('accept', { id: repair[0].id })).body.errno).toBe(Errno.NOT_FOUND);
  });

  async function stockOf(commodityId: string): Promise<number> {
    const [row] = await server.db.query<{ stock: number }>(
      `SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`,
      [commodityId],
    );
    return row!.stock;
  }
});
