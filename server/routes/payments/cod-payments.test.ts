import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity } from '../../test-support/fixtures';
import { staffMember } from '../../test-support/staff';
import { addToCart, saveAddress, unpaidOrder } from '../../test-support/shoppers';
import { MAX_OPEN_COD_ORDERS } from '../../orders/cod';
import { Errno } from '../../errors';
import { TEST_CARD as CARD } from '../../test-support/paid-orders';

const TOKEN = 'warehouse-token-0123456789abcdef';
const OPS_TOKEN = 'ops-token-for-the-tests-0123456789';
/** Within Indonesia's cash-on-delivery maximum (Rp5.000.000). */
const PRICE = 1_000_000;

type Shopper = Awaited<ReturnType<typeof unpaidOrder>>;

/**
 * Cash on delivery through real HTTP: confirmed without payment, shipped unpaid by the warehouse, paid when the
 * delivered step records the courier's cash; cancelled by the shopper before it ships or refused at the door, with
 * nothing to refund; its limits (the country's maximum, pre-orders, gift cards, the open-COD limit) and races.
 */
describe.each(drivers)('cash on delivery (%s)', (driver) => {
  let server: TestServer;
  const auth = { authorization: `Bearer ${TOKEN}` };
  beforeAll(async () => {
    server = await startServer(driver, { FULFILMENT_TOKEN: TOKEN, OPS_TOKEN });
  });
  afterAll(async () => server?.close());

  const confirm = (s: Pick<Shopper, 'client'>, orderId: string) =>
    s.client.call('/api/id/payment/cod/confirm', { method: 'POST', json: { orderId } });
  const warehouse = (path: string, json: unknown = {}) =>
    new Client(server.base).call(`/api/fulfilment${path}`, { method: 'POST', json, headers: auth });
  const order = async (id: string) =>
    (
      await server.db.query<{ state: string; paid_at: Date | null; total: number }>(
        `SELECT state, paid_at, total::float8 AS total FROM orders WHERE id = $1`,
        [id],
      )
    )[0]!;
  const payments = (id: string) =>
    server.db.query<{ provider: string; state: string; amount: number }>(
      `SELECT provider, state, amount::float8 AS amount FROM payments WHERE order_id = $1 ORDER BY id`,
      [id],
    );
  const steps = async (id: string) =>
    (
      await server.db.query<{ kind: string; detail: Record<string, unknown> }>(
        `SELECT kind, detail FROM order_events WHERE order_id = $1 ORDER BY id`,
        [id],
      )
    ).map((e) => e.kind);
  const stock = async (commodityId: string) =>
    (
      await server.db.query<{ stock: number }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
        commodityId,
      ])
    )[0]!.stock;
  const refunds = async (id: string) =>
    (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refunds WHERE order_id = $1`, [id]))[0]!.n;
  /** Ships every unit of the order in one parcel. */
  const shipAll = (orderId: string, reference: string) =>
    warehouse(`/orders/${orderId}/shipments`, {
      reference,
      carrier: 'jne',
      tracking_number: `JNE${reference}`,
      lines: [{ line_no: 1, quantity: 1 }],
    });
  const confirmed = async (price = PRICE) => {
    const s = await unpaidOrder(server, { price });
    const r = await confirm(s, s.orderId);
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    return s;
  };
  /** A further order of the same shopper; earlier ones backdated past the hour the account-velocity rule counts. */
  const anotherOrder = async (s: Shopper) => {
    await server.db.query(`UPDATE orders SET created_at = now() - interval '2 hours' WHERE user_id = $1`, [s.userId]);
    await addToCart(s.client, s.commodityId);
    const placed = await s.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId: s.addressId, agreePrivacy: true },
    });
    expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
    return placed.body.data.order_id as string;
  };

  it('confirms unpaid: processing, the amount to collect, no payment, a message; card payment refused', async () => {
    const s = await unpaidOrder(server, { price: PRICE });
    const before = await stock(s.commodityId);
    const r = await confirm(s, s.orderId);
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    const { total } = await order(s.orderId);
    expect(r.body.data).toMatchObject({
      order_id: s.orderId,
      state: 'open',
      order_state: 'processing',
      amount: total,
      fee: 0,
      currency: 'IDR',
      cancellable: true,
      replayed: false,
    });
    expect(await order(s.orderId)).toMatchObject({ state: 'processing', paid_at: null });
    expect(await payments(s.orderId)).toEqual([]);
    expect(await steps(s.orderId)).toEqual(['placed', 'processing']);
    // The stock stays held for the parcel.
    expect(await stock(s.commodityId)).toBe(before);
    const inbox = await server.db.query<{ body: string }>(
      `SELECT body FROM messages WHERE user_id = $1 AND kind = 'order' ORDER BY id`,
      [s.userId],
    );
    expect(inbox.at(-1)!.body).toContain(s.orderId);
    // The order page's read, and no way to pay it a second time by card.
    expect((await s.client.call(`/api/id/payment/cod/${s.orderId}`)).body.data).toMatchObject({ amount: total });
    const detail = (await s.client.call(`/api/id/order/detail?orderId=${s.orderId}`)).body.data.order;
    expect(detail.cancellable_after_payment).toBe(false);
    const card = await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: s.orderId, ...CARD } });
    expect(card.body.errno).not.toBe(0);
    expect(await payments(s.orderId)).toEqual([]);
    // The warehouse sees it on the pick list.
    const picked: { id: string; collect_on_delivery?: unknown }[] = [];
    for (let cursor = '', page = 0; page < 50; page++) {
      const r = await new Client(server.base).call(`/api/fulfilment/orders?limit=200${cursor && `&cursor=${cursor}`}`, {
        headers: auth,
      });
      const orders = r.body.data.orders as (typeof picked)[number][];
      picked.push(...orders);
      if (orders.length < 200) break;
      cursor = r.body.data.next_cursor;
    }
    // With the cash the courier collects.
    expect(picked.find((o) => o.id === s.orderId)?.collect_on_delivery).toEqual({ amount: total, currency: 'IDR' });
  });

  it('delivered: the cash becomes the one succeeded payment of provider cod, the order paid and invoiced', async () => {
    const s = await confirmed();
    expect((await shipAll(s.orderId, `C${s.orderId}`)).body.errno).toBe(0);
    expect(await order(s.orderId)).toMatchObject({ state: 'shipped', paid_at: null });
    const delivered = await Promise.all(
      Array.from({ length: 5 }, () => warehouse(`/orders/${s.orderId}/shipments/C${s.orderId}/delivered`)),
    );
    for (const d of delivered) expect(d.body.errno).toBe(0);
    const o = await order(s.orderId);
    expect(o.state).toBe('delivered');
    expect(o.paid_at).not.toBeNull();
    expect(await payments(s.orderId)).toEqual([{ provider: 'cod', state: 'succeeded', amount: o.total }]);
    expect(await steps(s.orderId)).toEqual(['placed', 'processing', 'shipped', 'delivered', 'paid']);
    expect((await s.client.call(`/api/id/payment/cod/${s.orderId}`)).body.data).toMatchObject({
      state: 'collected',
      cancellable: false,
    });
    await server.app.invoiceJob.run();
    const invoices = await server.db.query<{ kind: string }>(`SELECT kind FROM invoices WHERE order_id = $1`, [
      s.orderId,
    ]);
    expect(invoices.map((i) => i.kind)).toEqual(['invoice']);
    // Paid now: a card can still not pay it again, and a refused report is too late.
    const card = await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: s.orderId, ...CARD } });
    expect(card.body.errno).not.toBe(0);
    expect((await warehouse(`/orders/${s.orderId}/cod-refused`)).body.errno).toBe(Errno.COD_CLOSED);
    expect(await payments(s.orderId)).toHaveLength(1);
  });

  it('refused at the door: cancelled, stock back, nothing refunded; a second report changes nothing', async () => {
    const s = await unpaidOrder(server, { price: PRICE });
    const before = await stock(s.commodityId);
    expect((await confirm(s, s.orderId)).body.errno).toBe(0);
    expect((await shipAll(s.orderId, `R${s.orderId}`)).body.errno).toBe(0);
    const reports = await Promise.all(Array.from({ length: 5 }, () => warehouse(`/orders/${s.orderId}/cod-refused`)));
    expect(reports.filter((r) => r.body.errno === 0)).toHaveLength(1);
    for (const r of reports) expect([0, Errno.COD_CLOSED]).toContain(r.body.errno);
    expect(await order(s.orderId)).toMatchObject({ state: 'cancelled', paid_at: null });
    expect(await stock(s.commodityId)).toBe(before + 1);
    expect(await payments(s.orderId)).toEqual([]);
    expect(await refunds(s.orderId)).toBe(0);
    expect(await steps(s.orderId)).toEqual(['placed', 'processing', 'shipped', 'cancelled']);
    // A delivery reported after the refusal does not collect anything.
    await warehouse(`/orders/${s.orderId}/shipments/R${s.orderId}/delivered`);
    expect(await payments(s.orderId)).toEqual([]);
    // Staff report a refusal the courier phoned in, for their storefront's orders.
    const phoned = await confirmed();
    expect((await shipAll(phoned.orderId, `P${phoned.orderId}`)).body.errno).toBe(0);
    const staff = (await staffMember(server)).client;
    const byStaff = await staff.call('/api/id/staff/fulfilment/cod-refused', {
      method: 'POST',
      json: { orderId: phoned.orderId },
    });
    expect(byStaff.body.errno, JSON.stringify(byStaff.body)).toBe(0);
    expect(await order(phoned.orderId)).toMatchObject({ state: 'cancelled' });
    const shopperTry = await phoned.client.call('/api/id/staff/fulfilment/cod-refused', {
      method: 'POST',
      json: { orderId: phoned.orderId },
    });
    expect(shopperTry.body.errno).not.toBe(0);
    // Another order is not COD: the warehouse is told so.
    const card = await unpaidOrder(server, { price: PRICE });
    expect((await warehouse(`/orders/${card.orderId}/cod-refused`)).body.errno).toBe(Errno.COD_NOT_COD);
  });

  it('the shopper cancels before it ships, nothing to refund; once shipped the cancellation is refused', async () => {
    const s = await unpaidOrder(server, { price: PRICE });
    const before = await stock(s.commodityId);
    expect((await confirm(s, s.orderId)).body.errno).toBe(0);
    const cancel = (c: Shopper, orderId: string) =>
      c.client.call('/api/id/payment/cod/cancel', { method: 'POST', json: { orderId } });
    const cancels = await Promise.all(Array.from({ length: 5 }, () => cancel(s, s.orderId)));
    expect(cancels.filter((r) => r.body.errno === 0)).toHaveLength(1);
    expect(await order(s.orderId)).toMatchObject({ state: 'cancelled' });
    // The unit held since placement is back on sale.
    expect(await stock(s.commodityId)).toBe(before + 1);
    expect(await refunds(s.orderId)).toBe(0);
    expect(await steps(s.orderId)).toEqual(['placed', 'processing', 'cancelled']);

    const shipped = await confirmed();
    expect((await shipAll(shipped.orderId, `X${shipped.orderId}`)).body.errno).toBe(0);
    expect((await cancel(shipped, shipped.orderId)).body.errno).toBe(Errno.COD_SHIPPED);
    expect(await order(shipped.orderId)).toMatchObject({ state: 'shipped' });
    // Another shopper's order is not found.
    const other = await unpaidOrder(server, { price: PRICE });
    expect((await cancel(other, shipped.orderId)).body.errno).toBe(Errno.NOT_FOUND);
  });

  it("the order page's paid-order cancellation cancels a COD order as one, with nothing refunded", async () => {
    const s = await confirmed();
    const r = await s.client.call('/api/id/order/cancel', {
      method: 'POST',
      json: { orderId: s.orderId, refund: true },
    });
    expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    expect(r.body.data).toMatchObject({ state: 'cancelled', refunded: 0 });
    expect(await order(s.orderId)).toMatchObject({ state: 'cancelled', paid_at: null });
    expect(await refunds(s.orderId)).toBe(0);
    const cod = await server.db.query<{ state: string }>(`SELECT state FROM cod_orders WHERE order_id = $1`, [
      s.orderId,
    ]);
    expect(cod[0]!.state).toBe('cancelled');
  });

  it("refuses an order above the country's maximum, a gift card, a pre-order, with the reason", async () => {
    const big = await unpaidOrder(server, { price: 6_000_000 });
    const over = await confirm(big, big.orderId);
    expect(over.body.errno).toBe(Errno.PAYMENT_METHOD_NOT_OFFERED);
    expect(over.body.data).toMatchObject({ key: 'cod', reason: 'above_maximum' });
    expect(await order(big.orderId)).toMatchObject({ state: 'unpaid' });

    const s = await unpaidOrder(server, { price: PRICE });
    await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: s.orderId } });
    const card = await commodity(server.db, `p.category = 'gift-cards' AND o.stock > 0`);
    await addToCart(s.client, card.commodity_id);
    const placed = await s.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId: s.addressId, agreePrivacy: true },
    });
    expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
    const gift = await confirm(s, placed.body.data.order_id);
    expect(gift.body.errno).toBe(Errno.PAYMENT_METHOD_NOT_OFFERED);
    expect(gift.body.data).toMatchObject({ reason: 'products' });

    const hours = [-1, 1, 2, 4].map((h) => new Date(Date.now() + h * 3600_000));
    const ops = await new Client(server.base).call('/api/ops/presale/windows', {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      json: {
        campaignId: 'id-xiaomi-15t-pro-presale',
        depositStartsAt: hours[0],
        depositEndsAt: hours[1],
        finalStartsAt: hours[2],
        finalEndsAt: hours[3],
      },
    });
    expect(ops.body.errno, JSON.stringify(ops.body)).toBe(0);
    const phone = await commodity(server.db, `p.id = 'xiaomi-15t-pro' AND o.stock > 20`);
    const pre = await unpaidOrder(server, { price: PRICE });
    await pre.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: pre.orderId } });
    await pre.client.call('/api/id/cart/clear', { method: 'POST', json: {} });
    await server.db.query(`DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE user_id = $1)`, [
      pre.userId,
    ]);
    await addToCart(pre.client, phone.commodity_id);
    const deposit = await pre.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId: await saveAddress(pre.client), agreePrivacy: true, agreePreOrder: true },
    });
    expect(deposit.body.errno, JSON.stringify(deposit.body)).toBe(0);
    const presale = await confirm(pre, deposit.body.data.order_id);
    expect(presale.body.errno).toBe(Errno.PAYMENT_METHOD_NOT_OFFERED);
    expect(presale.body.data).toMatchObject({ reason: 'presale' });
  });

  it('20 parallel confirmations of one order take one step and one COD row, all answering it', async () => {
    const s = await unpaidOrder(server, { price: PRICE });
    const all = await Promise.all(Array.from({ length: 20 }, () => confirm(s, s.orderId)));
    for (const r of all) expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
    expect(all.filter((r) => r.body.data.replayed === false)).toHaveLength(1);
    expect(await steps(s.orderId)).toEqual(['placed', 'processing']);
    const rows = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM cod_orders WHERE order_id = $1`, [
      s.orderId,
    ]);
    expect(rows[0]!.n).toBe(1);
    const inbox = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND kind = 'order'`,
      [s.userId],
    );
    expect(inbox[0]!.n).toBe(1);
  });

  it('the open-COD limit: a further order is refused while the earlier ones are on their way', async () => {
    const s = await unpaidOrder(server, { price: PRICE });
    expect((await confirm(s, s.orderId)).body.errno).toBe(0);
    for (let i = 1; i < MAX_OPEN_COD_ORDERS; i++) expect((await confirm(s, await anotherOrder(s))).body.errno).toBe(0);
    const next = await anotherOrder(s);
    const refused = await confirm(s, next);
    expect(refused.body.errno).toBe(Errno.COD_OPEN_LIMIT);
    expect(refused.body.data).toEqual({ limit: MAX_OPEN_COD_ORDERS });
    expect(await order(next)).toMatchObject({ state: 'unpaid' });
    // One delivered frees a place; parallel confirmations of the next order take it once.
    const [first] = await server.db.query<{ id: string }>(
      `SELECT order_id::text AS id FROM cod_orders WHERE user_id = $1 AND state = 'open' ORDER BY order_id LIMIT 1`,
      [s.userId],
    );
    expect((await shipAll(first!.id, `L${first!.id}`)).body.errno).toBe(0);
    expect((await warehouse(`/orders/${first!.id}/shipments/L${first!.id}/delivered`)).body.errno).toBe(0);
    const racing = await Promise.all(Array.from({ length: 10 }, () => confirm(s, next)));
    expect(racing.filter((r) => r.body.errno === 0)).toHaveLength(10);
    const after = await anotherOrder(s);
    expect((await confirm(s, after)).body.errno).toBe(Errno.COD_OPEN_LIMIT);
    const open = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cod_orders WHERE user_id = $1 AND state = 'open'`,
      [s.userId],
    );
    expect(open[0]!.n).toBe(MAX_OPEN_COD_ORDERS);
  });
});
