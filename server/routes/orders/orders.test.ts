import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { sellable } from '../../test-support/fixtures';
import { addToCart, JAKARTA, quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';
import { commerceRules } from '../../../sites/commerce';
import { MAX_ADDRESSES } from '../../../region-config/address-rules';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';

describe.each(drivers)('address book, checkout, orders and payment (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const stockOf = async (commodityId: string) =>
    (
      await server.db.query<{ stock: number }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
        commodityId,
      ])
    )[0]!.stock;
  const setStock = (commodityId: string, stock: number) =>
    server.db.query(`UPDATE offers SET stock = $2 WHERE commodity_id = $1 AND local = 'id'`, [commodityId, stock]);

  /** A shopper with an address and one item in the cart, ready to place. */
  async function readyShopper(commodityId: string, quantity = 1) {
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    await addToCart(s.client, commodityId, quantity);
    return { ...s, addressId };
  }
  const place = (
    c: Client,
    addressId: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => c.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true, ...extra }, headers });

  describe('address book', () => {
    it('needs sign-in, marks the fields at fault, and keeps one default', async () => {
      expect((await new Client(server.base).call('/api/id/address/list')).body.errno).toBe(Errno.NOT_LOGGED_IN);
      const { client } = await quickShopper(server);
      const bad = await client.call('/api/id/address/save', {
        method: 'POST',
        json: { ...JAKARTA, recipient: ' Budi', phone: '12', postalCode: '' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.data.fields).toEqual({ recipient: 'leadingBlank', phone: 'phone', postalCode: 'required' });
      const first = await saveAddress(client);
      const second = await saveAddress(client, 'id', { ...JAKARTA, recipient: 'Siti' });
      let list = (await client.call('/api/id/address/list')).body.data;
      expect(list.addresses.map((a: any) => [a.id, a.is_default])).toEqual([
        [first, true],
        [second, false],
      ]);
      expect(list.form.states).toContain('DKI Jakarta');
      await client.call('/api/id/address/default', { method: 'POST', json: { id: second } });
      await client.call('/api/id/address/delete', { method: 'POST', json: { id: second } });
      list = (await client.call('/api/id/address/list')).body.data;
      expect(list.addresses.map((a: any) => [a.id, a.is_default])).toEqual([[first, true]]);
    });

    it("holds the cap of 11 under 20 parallel adds, and never shows or changes another user's address", async () => {
      const { client } = await quickShopper(server);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          client.call('/api/id/address/save', { method: 'POST', json: { ...JAKARTA, recipient: `R ${i}` } }),
        ),
      );
      expect(answers.filter((r) => r.body.errno === 0)).toHaveLength(MAX_ADDRESSES);
      expect(answers.filter((r) => r.body.errno === Errno.ADDRESS_LIMIT)).toHaveLength(20 - MAX_ADDRESSES);
      const mine = (await client.call('/api/id/address/list')).body.data.addresses;
      expect(mine.filter((a: any) => a.is_default)).toHaveLength(1);
      const stranger = await quickShopper(server);
      const id = mine[0].id;
      expect(
        (await stranger.client.call('/api/id/address/save', { method: 'POST', json: { ...JAKARTA, id } })).status,
      ).toBe(404);
      expect((await stranger.client.call('/api/id/address/delete', { method: 'POST', json: { id } })).status).toBe(404);
      expect(
        (
          await stranger.client.call('/api/id/order/place', {
            method: 'POST',
            json: { addressId: id, agreePrivacy: true },
          })
        ).body.data.fields,
      ).toEqual({ addressId: 'required' });
    });
  });

  describe('checkout and placement', () => {
    it('quotes checked lines in minor units with delivery fees, free-shipping threshold, VAT incl. (id)', async () => {
      const item = await sellable(server.db, 1);
      const s = await readyShopper(item.commodity_id);
      const q = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data;
      const rules = commerceRules('id');
      expect(q.amounts).toMatchObject({ currency: 'IDR', exponent: 0, tax_inclusive: true, tax_rate_bp: 1100 });
      expect(q.lines).toHaveLength(1);
      const line = q.lines[0];
      expect(Number.isInteger(line.unit_price)).toBe(true);
      const standard = q.delivery.find((d: any) => d.id === 'standard');
      expect(standard.fee).toBe(line.subtotal >= rules.freeShippingFromMinor ? 0 : rules.delivery[0]!.feeMinor);
      expect(q.amounts.total).toBe(line.subtotal + q.amounts.shipping_fee);
      expect(q.amounts.tax).toBe(Math.round((q.amounts.total * 1100) / 11100));
      expect(q.amounts.net_amount).toBe(q.amounts.total - q.amounts.tax);
      const express = (
        await s.client.call('/api/id/checkout/quote', { method: 'POST', json: { deliveryMethod: 'express' } })
      ).body.data;
      expect(express.amounts.shipping_fee).toBe(rules.delivery[1]!.feeMinor);
      expect(q.blockers).toEqual([]);
    });

    it('an order reserves stock, queues its confirmation; an unpaid one blocks a second; cancel releases', async () => {
      const item = await sellable(server.db, 1, 3);
      const before = await stockOf(item.commodity_id);
      const s = await readyShopper(item.commodity_id);
      const noAgreement = await s.client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId: s.addressId },
      });
      expect(noAgreement.body.errno).toBe(Errno.AGREEMENT_REQUIRED);
      const r = await place(s.client, s.addressId);
      expect(r.body.errno).toBe(0);
      const orderId = r.body.data.order_id;
      expect(r.body.data.state).toBe('unpaid');
      expect(await stockOf(item.commodity_id)).toBe(before - 1);
      expect((await mailbox(server.base, s.email)).map((m) => m.kind)).toContain('order-confirmation');

      const second = await place(s.client, s.addressId);
      expect(second.body.errno).toBe(Errno.UNPAID_ORDER_EXISTS);
      expect(second.body.data.order_id).toBe(orderId);

      const detail = (await s.client.call(`/api/id/order/detail?orderId=${orderId}`)).body.data.order;
      expect(detail).toMatchObject({
        order_id: orderId,
        state: 'unpaid',
        address: { recipient: JAKARTA.recipient },
        pay_time: null,
      });
      expect(detail.lines[0].commodity_id).toBe(item.commodity_id);
      expect((await (await quickShopper(server)).client.call(`/api/id/order/detail?orderId=${orderId}`)).status).toBe(
        404,
      );
      // The list carries each order's lines too, as the detail does.
      const listed = (await s.client.call('/api/id/order/list')).body.data.orders;
      expect(listed.map((o: any) => [o.order_id, o.lines.map((l: any) => l.commodity_id)])).toEqual([
        [orderId, [item.commodity_id]],
      ]);

      expect((await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId } })).body.errno).toBe(0);
      expect(await stockOf(item.commodity_id)).toBe(before);
      expect((await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId } })).body.errno).toBe(
        Errno.ORDER_NOT_PAYABLE,
      );
    });

    it('flags lines that cannot be ordered instead of dropping them', async () => {
      const item = await sellable(server.db, 2, 5);
      const s = await readyShopper(item.commodity_id, 2);
      const stock = await stockOf(item.commodity_id);
      await setStock(item.commodity_id, 1);
      try {
        const q = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data;
        expect(q.blockers).toContain('lines');
        expect(q.lines[0].problem).toBe('not_enough_stock');
        const r = await place(s.client, s.addressId);
        expect(r.body.errno).toBe(Errno.LINES_NOT_AVAILABLE);
        expect(r.body.data.lines).toEqual([{ commodity_id: item.commodity_id, problem: 'not_enough_stock' }]);
      } finally {
        await setStock(item.commodity_id, stock);
      }
    });

    it('200 parallel placements for an item with 10 in stock: exactly 10 orders and stock 0', async () => {
      const item = await sellable(server.db, 1, 7);
      const stock = await stockOf(item.commodity_id);
      const shoppers = await Promise.all(Array.from({ length: 200 }, () => readyShopper(item.commodity_id)));
      await setStock(item.commodity_id, 10);
      const answers = await Promise.all(shoppers.map((s) => place(s.client, s.addressId)));
      expect(answers.filter((r) => r.body.errno === 0)).toHaveLength(10);
      // Refused as sold out: by the stock reservation, or by the line check that already sees stock 0.
      expect(
        answers.filter((r) => r.body.errno === Errno.OUT_OF_STOCK || r.body.errno === Errno.LINES_NOT_AVAILABLE),
      ).toHaveLength(190);
      expect(await stockOf(item.commodity_id)).toBe(0);
      const orders = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM order_lines WHERE commodity_id = $1`,
        [item.commodity_id],
      );
      expect(orders[0]!.n).toBe(10);
      await setStock(item.commodity_id, stock);
    }, 120_000);

    it('the same key 20 times in parallel gives one order', async () => {
      const item = await sellable(server.db, 1, 9);
      const s = await readyShopper(item.commodity_id);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => place(s.client, s.addressId, { checkoutToken: 'ck_same_token_1' })),
      );
      expect(answers.every((r) => r.body.errno === 0)).toBe(true);
      expect(new Set(answers.map((r) => r.body.data.order_id)).size).toBe(1);
      const orders = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [
        s.userId,
      ]);
      expect(orders[0]!.n).toBe(1);
    });
  });

  describe('after placing', () => {
    it('an unpaid order past its payment window is swept: cancelled, stock released, no longer payable', async () => {
      const item = await sellable(server.db, 1, 21);
      const before = await stockOf(item.commodity_id);
      const s = await readyShopper(item.commodity_id);
      const orderId = (await place(s.client, s.addressId)).body.data.order_id;
      expect(await stockOf(item.commodity_id)).toBe(before - 1);
      await server.db.query(`UPDATE orders SET pay_before = now() - interval '1 minute' WHERE id = $1`, [orderId]);
      const pay = await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
      expect(pay.body.errno).toBe(Errno.ORDER_NOT_PAYABLE);
      expect(await server.app.orderClosing.expireDue()).toBeGreaterThanOrEqual(1);
      expect(await stockOf(item.commodity_id)).toBe(before);
      const detail = (await s.client.call(`/api/id/order/detail?orderId=${orderId}`)).body.data.order;
      expect(detail).toMatchObject({ state: 'cancelled', cancel_reason: 'payment_window' });
    });

    it("the address of an order changes once, and only to one of the user's addresses", async () => {
      const item = await sellable(server.db, 1, 23);
      const s = await readyShopper(item.commodity_id);
      const orderId = (await place(s.client, s.addressId)).body.data.order_id;
      const other = await saveAddress(s.client, 'id', { ...JAKARTA, recipient: 'Siti Rahma' });
      const stranger = await quickShopper(server);
      const foreign = await saveAddress(stranger.client);
      expect(
        (await s.client.call('/api/id/order/address', { method: 'POST', json: { orderId, addressId: foreign } }))
          .status,
      ).toBe(404);
      expect(
        (await s.client.call('/api/id/order/address', { method: 'POST', json: { orderId, addressId: other } })).body
          .errno,
      ).toBe(0);
      expect((await s.client.call(`/api/id/order/detail?orderId=${orderId}`)).body.data.order.address.recipient).toBe(
        'Siti Rahma',
      );
      expect(
        (await s.client.call('/api/id/order/address', { method: 'POST', json: { orderId, addressId: s.addressId } }))
          .body.errno,
      ).toBe(Errno.ADDRESS_CHANGE_USED);
    });

    it('a pre-order line needs the pre-order agreement too', async () => {
      const item = await sellable(server.db, 1, 27);
      await server.db.query(`UPDATE products SET data = data || '{"preOrder": true}' WHERE id = $1`, [item.product_id]);
      try {
        const s = await readyShopper(item.commodity_id);
        const q = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data;
        expect(q.pre_order).toBe(true);
        expect(q.lines[0].pre_order).toBe(true);
        const refused = await place(s.client, s.addressId);
        expect(refused.body).toMatchObject({
          errno: Errno.AGREEMENT_REQUIRED,
          data: { fields: { agreePreOrder: 'required' } },
        });
        expect((await place(s.client, s.addressId, { agreePreOrder: true })).body.errno).toBe(0);
      } finally {
        await server.db.query(`UPDATE products SET data = data - 'preOrder' WHERE id = $1`, [item.product_id]);
      }
    });

    it('business paths place company orders (flow=company) for a GOOD enterprise account only', async () => {
      const item = await sellable(server.db, 1, 25);
      const s = await readyShopper(item.commodity_id);
      const body = { addressId: s.addressId, agreePrivacy: true };
      expect((await s.client.call('/api/id/order/place?flow=company', { method: 'POST', json: body })).body.errno).toBe(
        Errno.COMPANY_ACCOUNT_REQUIRED,
      );
      await server.db.query(
        `INSERT INTO enterprise_accounts (user_id, local, status, company_name, tax, valid_until) VALUES ($1,
          'id', 3, 'PT Maju Jaya', '{"npwp":"012345678901234"}', now() + interval '1 year')`,
        [s.userId],
      );
      const r = await s.client.call('/api/id/order/place?flow=company', { method: 'POST', json: body });
      expect(r.body.errno).toBe(0);
      const rows = await server.db.query<{ flow: string }>(`SELECT flow FROM orders WHERE id = $1`, [
        r.body.data.order_id,
      ]);
      expect(rows[0]!.flow).toBe('company');
    });
  });

  describe('payment', () => {
    async function unpaidOrder(skip: number) {
      const item = await sellable(server.db, 1, skip);
      const s = await readyShopper(item.commodity_id);
      const orderId = (await place(s.client, s.addressId)).body.data.order_id as string;
      return { ...s, orderId, item };
    }
    const pay = (c: Client, body: Record<string, unknown>) =>
      c.call('/api/id/payment/card', { method: 'POST', json: body });

    it('the success card pays the order, empties bought lines, saves the card, mails a receipt', async () => {
      const s = await unpaidOrder(11);
      const methods = (await s.client.call(`/api/id/payment/methods?orderId=${s.orderId}`)).body.data;
      expect(methods).toMatchObject({
        order_id: s.orderId,
        state: 'unpaid',
        methods: expect.arrayContaining(['card']),
        saved_cards: [],
        max_saved_cards: 5,
      });
      const r = await pay(s.client, { orderId: s.orderId, ...CARD, saveCard: true });
      expect(r.body).toMatchObject({ errno: 0, data: { state: 'succeeded', order_id: s.orderId, card_saved: true } });
      const detail = (await s.client.call(`/api/id/order/detail?orderId=${s.orderId}`)).body.data.order;
      expect(detail.state).toBe('paid');
      expect(detail.payment_type).toBe('visa •••• 4242');
      expect(typeof detail.pay_time).toBe('number');
      const cart = (await s.client.call('/api/id/cart', { method: 'POST', json: {} })).body.data.unified_cart_data;
      expect(cart.items).toEqual([]);
      expect((await mailbox(server.base, s.email)).map((m) => m.kind)).toContain('payment-receipt');
      const cards = (await s.client.call('/api/id/payment/cards')).body.data.cards;
      expect(cards).toEqual([{ id: expect.any(String), brand: 'visa', last4: '4242', expiry: '12/34' }]);
      // Paying again is refused: one order, one charge.
      expect((await pay(s.client, { orderId: s.orderId, ...CARD })).body.errno).toBe(Errno.ORDER_NOT_PAYABLE);
      const stored = await server.db.query<{ t: string }>(
        `SELECT row_to_json(p)::text AS t FROM payments p UNION ALL SELECT row_to_json(c)::text
          FROM saved_cards c UNION ALL SELECT row_to_json(g)::text FROM sandbox_gateway_charges g`,
      );
      for (const row of stored) expect(row.t).not.toMatch(/4242424242424242|"cvv"|"123"/);
    });

    it('a declined card shows its message, the order stays unpaid; JCB is unsupported; bad expiry marked', async () => {
      const s = await unpaidOrder(13);
      const declined = await pay(s.client, { orderId: s.orderId, ...CARD, number: '4000 0000 0000 0002' });
      expect(declined.body.errno).toBe(Errno.PAYMENT_FAILED);
      expect(declined.body.data.code).toBe('declined');
      const funds = await pay(s.client, { orderId: s.orderId, ...CARD, number: '4000 0000 0000 9995' });
      expect(funds.body.data.code).toBe('insufficient_funds');
      const jcb = await pay(s.client, { orderId: s.orderId, ...CARD, number: '3530 1113 3330 0000' });
      expect(jcb.body).toMatchObject({ errno: Errno.CARD_INVALID, data: { fields: { number: 'unsupported' } } });
      const expiry = await pay(s.client, { orderId: s.orderId, ...CARD, expiry: '01/20' });
      expect(expiry.body.data.fields).toEqual({ expiry: 'expired' });
      expect((await s.client.call(`/api/id/order/detail?orderId=${s.orderId}`)).body.data.order.state).toBe('unpaid');
    });

    it('an OTP card asks for the password: a wrong one is refused, the right one pays', async () => {
      const s = await unpaidOrder(15);
      const r = await pay(s.client, { orderId: s.orderId, ...CARD, number: '4000 0000 0000 3220' });
      expect(r.body.data.state).toBe('otp_required');
      const paymentId = r.body.data.payment_id;
      const wrong = await s.client.call('/api/id/payment/otp', { method: 'POST', json: { paymentId, otp: '000000' } });
      expect(wrong.body.errno).toBe(Errno.OTP_WRONG);
      const stranger = await quickShopper(server);
      expect(
        (await stranger.client.call('/api/id/payment/otp', { method: 'POST', json: { paymentId, otp: '123456' } }))
          .status,
      ).toBe(404);
      const right = await s.client.call('/api/id/payment/otp', { method: 'POST', json: { paymentId, otp: '123456' } });
      expect(right.body.data.state).toBe('succeeded');
      const failing = await unpaidOrder(17);
      const noOtp = await pay(failing.client, { orderId: failing.orderId, ...CARD, number: '4000 0000 0000 3238' });
      expect(noOtp.body.data.code).toBe('otp_failed');
    });

    it('20 parallel payments of one order charge it once', async () => {
      const s = await unpaidOrder(19);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => pay(s.client, { orderId: s.orderId, ...CARD })),
      );
      expect(answers.filter((r) => r.body.errno === 0)).toHaveLength(1);
      const charges = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments WHERE order_id = $1 AND state = 'succeeded'`,
        [s.orderId],
      );
      expect(charges[0]!.n).toBe(1);
      const gateway = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sandbox_gateway_charges g
          JOIN payments p ON g.reference = 'pay_' || p.id WHERE p.order_id = $1`,
        [s.orderId],
      );
      expect(gateway[0]!.n).toBe(1);
    });
  });
});
