import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity, sellable } from '../../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';
import { lapsePresales } from '../../orders/lapse-presales';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
/** The /id campaign of content/tools/build-presales.ts. */
const CAMPAIGN = 'id-xiaomi-15t-pro-presale';
const OPS_TOKEN = 'ops-token-for-the-tests-0123456789';

describe.each(drivers)('pre-order with deposit (%s)', (driver) => {
  let server: TestServer;
  let phone: { commodity_id: string };
  beforeAll(async () => {
    server = await startServer(driver, { OPS_TOKEN });
    phone = await commodity(server.db, `p.id = 'xiaomi-15t-pro' AND o.stock > 20`);
  });
  afterAll(async () => server?.close());

  /** Windows (hours from now) that put the campaign in a stage. */
  const windows = (stage: 'deposit' | 'final' | 'ended') => {
    const hours = { deposit: [-1, 1, 2, 4], final: [-4, -3, -1, 1], ended: [-6, -5, -4, -1] }[stage];
    const [ds, de, fs, fe] = hours.map((h) => new Date(Date.now() + h * 3600_000));
    return { depositStartsAt: ds!, depositEndsAt: de!, finalStartsAt: fs!, finalEndsAt: fe! };
  };
  const move = (stage: 'deposit' | 'final' | 'ended') =>
    server.app.repos.presales.moveWindows(CAMPAIGN, windows(stage));
  const stockOf = async () =>
    (
      await server.db.query<{ stock: number }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
        phone.commodity_id,
      ])
    )[0]!.stock;
  const pay = (c: Client, orderId: string) =>
    c.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
  const detail = async (c: Client, orderId: string) =>
    (await c.call(`/api/id/order/detail?orderId=${orderId}`)).body.data.order;

  /** A shopper who paid the deposit of `quantity` units. */
  async function depositPaid(quantity = 1) {
    await move('deposit');
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    await addToCart(s.client, phone.commodity_id, quantity);
    const placed = await s.client.call('/api/id/order/place', {
      method: 'POST',
      json: { addressId, agreePrivacy: true, agreePreOrder: true },
    });
    expect(placed.body.errno).toBe(0);
    expect((await pay(s.client, placed.body.data.order_id)).body.data.state).toBe('succeeded');
    return { ...s, addressId, depositId: placed.body.data.order_id as string };
  }

  it('takes the deposit alone, with the pre-order agreement; shows the windows and the final payment', async () => {
    await move('deposit');
    const list = (await new Client(server.base).call('/api/id/presale/list?productId=xiaomi-15t-pro')).body.data
      .presales;
    expect(list).toMatchObject([{ campaign_id: CAMPAIGN, stage: 'deposit', deposit: 500_000 }]);
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    await addToCart(s.client, phone.commodity_id);
    await addToCart(s.client, (await sellable(server.db)).commodity_id);
    const mixed = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data;
    expect(mixed.blockers).toContain('presale_alone');
    expect(
      (
        await s.client.call('/api/id/order/place', {
          method: 'POST',
          json: { addressId, agreePrivacy: true, agreePreOrder: true },
        })
      ).body.errno,
    ).toBe(Errno.PRESALE_ALONE);
    const cartItems = async () =>
      (
        await s.client.call('/api/id/cart', { method: 'POST', json: { action: 'get' } })
      ).body.data.unified_cart_data.items.map((i: any) => i.commodity_id);
    const other = (await cartItems()).find((id: string) => id !== phone.commodity_id);
    await s.client.call('/api/id/cart', {
      method: 'POST',
      json: { action: 'check', commodityIds: [other], checked: false },
    });
    const q = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data;
    expect(q.blockers).toEqual([]);
    expect(q.presale).toMatchObject({ campaign_id: CAMPAIGN, deposit: 500_000, deposit_total: 500_000 });
    expect(q.amounts).toMatchObject({ total: 500_000, shipping_fee: 0 });
    expect(
      (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: { points: 5000 } })).body.data.blockers,
    ).toContain('presale_discounts');
    expect(
      (await s.client.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true } })).body
        .errno,
    ).toBe(Errno.AGREEMENT_REQUIRED);
    const before = await stockOf();
    const placed = (
      await s.client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId, agreePrivacy: true, agreePreOrder: true },
      })
    ).body.data;
    expect(await stockOf()).toBe(before - 1);
    await pay(s.client, placed.order_id);
    const order = await detail(s.client, placed.order_id);
    expect(order).toMatchObject({
      kind: 'deposit',
      state: 'paid',
      presale: { state: 'deposit_paid', final_order_id: null },
    });
    // Full price less the deposit, plus standard delivery (free from the threshold).
    expect(order.presale.final_amount - (q.presale.full_total - 500_000)).toBeGreaterThanOrEqual(0);
    // The other product stays in the cart; the deposit's left it.
    expect(await cartItems()).toEqual([other]);
    // Before its window the final payment is refused with the window.
    expect(
      (await s.client.call('/api/id/presale/final', { method: 'POST', json: { orderId: placed.order_id } })).body,
    ).toMatchObject({ errno: Errno.PRESALE_WINDOW });
  });

  it('takes the final payment in its window: the deposit counts, one final order however many clicks', async () => {
    const s = await depositPaid();
    await move('final');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.client.call('/api/id/presale/final', { method: 'POST', json: { orderId: s.depositId } }),
      ),
    );
    const ids = new Set(answers.map((r) => r.body.data?.order_id));
    expect(answers.every((r) => r.body.errno === 0)).toBe(true);
    expect(ids.size).toBe(1);
    const finalId = [...ids][0]!;
    const final = await detail(s.client, finalId);
    const deposit = await detail(s.client, s.depositId);
    expect(final).toMatchObject({
      kind: 'final',
      state: 'unpaid',
      parent_order_id: s.depositId,
      deposit_credit: 500_000,
    });
    expect(final.amounts.total).toBe(final.amounts.items_total - 500_000 + final.amounts.shipping_fee);
    expect(deposit.presale.final_amount).toBe(final.amounts.total);
    const stock = await stockOf();
    expect((await pay(s.client, finalId)).body.data.state).toBe('succeeded');
    expect(await stockOf()).toBe(stock);
    expect((await detail(s.client, s.depositId)).presale.state).toBe('completed');
    expect(
      (await s.client.call('/api/id/presale/final', { method: 'POST', json: { orderId: s.depositId } })).body.errno,
    ).toBe(Errno.PRESALE_NOT_PAYABLE);
    // Another user's deposit does not exist for them.
    const stranger = await quickShopper(server);
    expect(
      (await stranger.client.call('/api/id/presale/final', { method: 'POST', json: { orderId: s.depositId } })).status,
    ).toBe(404);
    expect(
      (await stranger.client.call('/api/id/presale/final', { method: 'POST', json: { orderId: 'abc' } })).status,
    ).toBe(404);
  });

  it('a missed final payment: the pre-order lapses, the unit goes back, the deposit is refunded', async () => {
    const s = await depositPaid(2);
    await move('final');
    const finalId = (await s.client.call('/api/id/presale/final', { method: 'POST', json: { orderId: s.depositId } }))
      .body.data.order_id;
    await move('ended');
    const lapsedCount = await lapsePresales(server.app.db, server.app.repos);
    expect(lapsedCount).toBeGreaterThanOrEqual(1);
    // Other tests' deposits may lapse in the same sweep: this order's own movements tell its units went back.
    const moves = await server.db.query<{ delta: number; reason: string }>(
      `SELECT delta, reason FROM stock_movements WHERE order_id = $1 ORDER BY id`,
      [s.depositId],
    );
    expect(moves).toEqual([
      { delta: -2, reason: 'sale' },
      { delta: 2, reason: 'cancellation' },
    ]);
    const deposit = await detail(s.client, s.depositId);
    expect(deposit.presale).toMatchObject({ state: 'lapsed', refund: { amount: 1_000_000, state: 'pending' } });
    expect((await detail(s.client, finalId)).state).toBe('cancelled');
    // The inbox told of both steps in their transactions: the deposit paid, then the lapse and its refund.
    const inbox = (await s.client.call('/api/id/message/list?kind=order')).body.data.messages;
    expect(inbox.map((m: { title: string }) => m.title)).toEqual([
      `Pre-order ${s.depositId} dibatalkan`,
      `Uang muka pre-order ${s.depositId} dibayar`,
    ]);
    expect(inbox[0].link).toBe(`/id/user/order/${s.depositId}/`);
    // The deposit goes back the way it was paid: the refund job pays it through the card gateway.
    expect(deposit.refunds).toMatchObject([{ reason: 'presale_lapsed', destination: { kind: 'card' } }]);
    await server.app.refundJob.run();
    expect((await detail(s.client, s.depositId)).presale.refund).toMatchObject({
      amount: 1_000_000,
      state: 'succeeded',
    });
    expect(await lapsePresales(server.app.db, server.app.repos)).toBe(0);
  });

  it('operators move windows and issue goodwill gift cards, with their token only', async () => {
    const w = windows('deposit');
    const body = {
      campaignId: CAMPAIGN,
      depositStartsAt: w.depositStartsAt.toISOString(),
      depositEndsAt: w.depositEndsAt.toISOString(),
      finalStartsAt: w.finalStartsAt.toISOString(),
      finalEndsAt: w.finalEndsAt.toISOString(),
    };
    expect(
      (await new Client(server.base).call('/api/ops/presale/windows', { method: 'POST', json: body })).status,
    ).toBe(404);
    expect(
      (
        await new Client(server.base).call('/api/ops/presale/windows', {
          method: 'POST',
          json: body,
          headers: { authorization: 'Bearer wrong' },
        })
      ).status,
    ).toBe(404);
    const auth = { authorization: `Bearer ${OPS_TOKEN}` };
    expect(
      (await new Client(server.base).call('/api/ops/presale/windows', { method: 'POST', json: body, headers: auth }))
        .body.errno,
    ).toBe(0);
    const backwards = { ...body, finalEndsAt: body.depositStartsAt };
    expect(
      (
        await new Client(server.base).call('/api/ops/presale/windows', {
          method: 'POST',
          json: backwards,
          headers: auth,
        })
      ).body.errno,
    ).toBe(Errno.INVALID_PARAM);
    // Customer service issues a gift card usable at once; only with the token.
    expect(
      (
        await new Client(server.base).call('/api/ops/giftcards/issue', {
          method: 'POST',
          json: { local: 'id', amount: 100_000 },
        })
      ).status,
    ).toBe(404);
    const issued = (
      await new Client(server.base).call('/api/ops/giftcards/issue', {
        method: 'POST',
        json: { local: 'id', amount: 100_000 },
        headers: auth,
      })
    ).body.data;
    expect(issued).toMatchObject({ currency: 'IDR', code: expect.stringMatching(/^[A-Z2-9]{16}$/) });
    const shopper = await quickShopper(server);
    await addToCart(shopper.client, (await sellable(server.db)).commodity_id);
    expect(
      (await shopper.client.call('/api/id/checkout/quote', { method: 'POST', json: { giftCards: [issued.code] } })).body
        .data.gift_card_amount,
    ).toBe(100_000);
    expect(
      (
        await new Client(server.base).call('/api/ops/giftcards/issue', {
          method: 'POST',
          json: { local: 'zz', amount: 1 },
          headers: auth,
        })
      ).body.errno,
    ).toBe(Errno.INVALID_PARAM);
  });
});
