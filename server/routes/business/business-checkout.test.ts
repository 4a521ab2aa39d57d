import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { commodity } from '../../test-support/fixtures';
import { quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';
import { businessOrderMaxMinor, splitPaymentFromMinor } from '../../../sites/business-pricing';
import { commerceRules } from '../../../sites/commerce';

const OPS_TOKEN = 'business-test-operator-token-0001';
let offices = 0;
const MUMBAI = {
  recipient: 'Asha Rao',
  phone: '9876543210',
  street: '12 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  postalCode: '400020',
  landmark: 'Near Churchgate',
};
const GSTIN = '27AAPFU0939F1ZV';
const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Asha Rao' };
const SPLIT_FROM = splitPaymentFromMinor('in');
const B = '?flow=company';

/** Business cart and checkout in /in, through HTTP on both drivers. */
describe.each(drivers)('business checkout (%s)', (driver) => {
  let server: TestServer;
  let accessory: { commodity_id: string; product_id: string };
  let phone: { commodity_id: string; product_id: string };
  beforeAll(async () => {
    server = await startServer(driver, { OPS_TOKEN });
    accessory = await commodity(
      server.db,
      `p.category = 'accessories' AND EXISTS (SELECT 1 FROM offers x WHERE x.commodity_id = c.commodity_id
        AND x.local = 'in')`,
    );
    phone = await commodity(
      server.db,
      `p.category = 'phones' AND EXISTS (SELECT 1 FROM offers x WHERE x.commodity_id = c.commodity_id
        AND x.local = 'in')`,
    );
  });
  afterAll(async () => server?.close());

  /** A fixed shelf price (minor units) and plenty of stock, so totals land exactly where a test needs them. */
  async function price(commodityId: string, minor: number): Promise<void> {
    await server.db.query(
      `UPDATE offers SET sale_price = $2::numeric / 100, market_price = $2::numeric / 100, stock = 1000
        WHERE commodity_id = $1 AND local = 'in'`,
      [commodityId, minor],
    );
  }
  async function account(userId: number, status: 1 | 3 | 4 | 'expired', vatExempt = false): Promise<void> {
    const [s, until, reason] =
      status === 'expired'
        ? [3, `now() - interval '1 day'`, null]
        : [status, status === 3 ? `now() + interval '1 year'` : 'NULL', status === 4 ? 'documents unreadable' : null];
    await server.db.query(
      `INSERT INTO enterprise_accounts (user_id, local, status, company_name, tax, vat_exempt, valid_until,
        reject_reason) VALUES ($1, 'in', $2, 'Rao Traders Pvt Ltd', $3, $4, ${until}, $5)`,
      [userId, s, JSON.stringify({ gstin: GSTIN }), vatExempt, reason],
    );
  }
  async function buyer(status: 1 | 3 | 4 | 'expired' | null = 3, vatExempt = false) {
    const s = await quickShopper(server);
    if (status !== null) await account(s.userId, status, vatExempt);
    // Each buyer at an office of their own (many accounts at one address in an hour is a risk rule).
    const addressId = await saveAddress(s.client, 'in', { ...MUMBAI, street: `${++offices} ${MUMBAI.street}` });
    return { ...s, addressId };
  }
  const add = async (c: Client, commodityId: string, quantity: number, flow = B) =>
    (await c.call(`/api/in/cart${flow}`, { method: 'POST', json: { action: 'add', commodityId, quantity } })).body;
  const quote = (c: Client, flow = B) => c.call(`/api/in/checkout/quote${flow}`, { method: 'POST', json: {} });
  const place = (c: Client, addressId: string, body: Record<string, unknown> = {}, flow = B) =>
    c.call(`/api/in/order/place${flow}`, { method: 'POST', json: { addressId, agreePrivacy: true, ...body } });
  const detail = async (c: Client, orderId: string) => (await c.call(`/api/in/order/detail?orderId=${orderId}`)).body;
  const splitCard = (c: Client, orderId: string, amount: number, card = CARD) =>
    c.call(`/api/in/payment/split/card${B}`, { method: 'POST', json: { orderId, amount, ...card } });

  it('only GOOD accounts buy for a company: none, pending, rejected, expired get own errno, /business', async () => {
    await price(accessory.commodity_id, 129_999);
    const cases = [
      [null, Errno.COMPANY_ACCOUNT_REQUIRED, 2],
      [1, Errno.COMPANY_ACCOUNT_PENDING, 1],
      [4, Errno.COMPANY_ACCOUNT_REJECTED, 4],
      ['expired', Errno.COMPANY_ACCOUNT_EXPIRED, 5],
    ] as const;
    const messages = new Set<string>();
    for (const [status, errno, companyStatus] of cases) {
      const s = await buyer(status);
      expect(await add(s.client, accessory.commodity_id, 1, '')).toMatchObject({ errno: 0 });
      for (const r of [await quote(s.client), await place(s.client, s.addressId)]) {
        expect(r.body).toMatchObject({ errno, data: { company_status: companyStatus, business_url: '/in/business/' } });
        messages.add(r.body.errmsg);
      }
      if (status === 4) expect((await quote(s.client)).body.data.reason).toBe('documents unreadable');
      // The consumer checkout is not affected, and nothing was placed.
      expect((await quote(s.client, '')).body.errno).toBe(0);
      expect((await s.client.call('/api/in/order/list')).body.data.orders).toHaveLength(0);
    }
    expect(messages.size).toBe(4);
  });

  it('tiers in minor units (5+ −3 %, 20+ −6 %, past consumer limit), business cart; order is company', async () => {
    await price(accessory.commodity_id, 129_999);
    const s = await buyer(3);
    // The consumer cart keeps its limit (10 for accessories); the business cart allows more.
    expect((await add(s.client, accessory.commodity_id, 20, '')).errno).toBe(Errno.PURCHASE_LIMIT);
    expect((await add(s.client, accessory.commodity_id, 5)).errno).toBe(0);
    let q = (await quote(s.client)).body.data;
    // 3 % of ₹1,299.99 is ₹39.00 (38.9997 rounded half up to the paisa): ₹1,260.99 a unit.
    expect(q.lines[0]).toMatchObject({
      quantity: 5,
      list_price: 129_999,
      tier_bp: 300,
      unit_price: 126_099,
      subtotal: 630_495,
    });
    expect(q.business).toMatchObject({
      company_status: 3,
      company_name: 'Rao Traders Pvt Ltd',
      tax_id: GSTIN,
      tier_saving: 5 * 3_900,
      vat_exempt: false,
      split_required: false,
    });
    expect(q.amounts.items_total).toBe(630_495);
    // 4 units: no tier; the consumer checkout never applies one.
    expect(
      (
        await s.client.call(`/api/in/cart${B}`, {
          method: 'POST',
          json: { action: 'update', commodityId: accessory.commodity_id, quantity: 4 },
        })
      ).body.errno,
    ).toBe(0);
    expect((await quote(s.client)).body.data.lines[0]).toMatchObject({ unit_price: 129_999, tier_bp: 0 });
    expect(
      (
        await s.client.call(`/api/in/cart${B}`, {
          method: 'POST',
          json: { action: 'update', commodityId: accessory.commodity_id, quantity: 20 },
        })
      ).body.errno,
    ).toBe(0);
    q = (await quote(s.client)).body.data;
    expect(q.lines[0]).toMatchObject({ unit_price: 122_199, subtotal: 20 * 122_199, tier_bp: 600 });
    expect((await quote(s.client, '')).body.data.lines[0]).toMatchObject({ unit_price: 129_999, problem: 'limit' });
    // A personal invoice is refused; without one the account's company name and GSTIN are used.
    expect((await place(s.client, s.addressId, { invoice: { type: 'personal' } })).body.errno).toBe(
      Errno.COMPANY_INVOICE_REQUIRED,
    );
    const placed = await place(s.client, s.addressId);
    expect(placed.body.errno).toBe(0);
    const order = (await detail(s.client, placed.body.data.order_id)).data.order;
    expect(order).toMatchObject({
      flow: 'company',
      invoice: { type: 'company', companyName: 'Rao Traders Pvt Ltd', taxId: GSTIN },
      amounts: { items_total: 20 * 122_199, total: q.amounts.total },
    });
    expect(order.lines[0]).toMatchObject({ unit_price: 122_199, quantity: 20 });
    const row = (
      await server.db.query<{ flow: string; company_account_id: string | null }>(
        `SELECT flow, company_account_id::text AS company_account_id FROM orders WHERE id = $1`,
        [order.order_id],
      )
    )[0]!;
    expect(row.flow).toBe('company');
    expect(row.company_account_id).not.toBeNull();
    expect((await s.client.call('/api/in/order/list')).body.data.orders[0]).toMatchObject({
      order_id: order.order_id,
      flow: 'company',
    });
    // A tax ID of another state is refused (company invoices: a GSTIN's state code must match the billing state).
    await s.client.call('/api/in/order/cancel', { method: 'POST', json: { orderId: order.order_id } });
    expect(
      (
        await place(s.client, s.addressId, {
          invoice: { type: 'company', taxId: '29AAPFU0939F1ZV' },
          checkoutToken: 'other-state-1',
        })
      ).body,
    ).toMatchObject({ errno: Errno.INVOICE_INVALID, data: { fields: { taxId: 'state' } } });
  });

  it('business cart shows each line at its tier price and saving, as its checkout does; consumer not', async () => {
    await price(accessory.commodity_id, 129_999);
    const s = await buyer(3);
    const cart = (await add(s.client, accessory.commodity_id, 5)).data.unified_cart_data;
    expect(cart.items[0]).toMatchObject({
      product_num: 5,
      list_price: 1299.99,
      sale_price: 1260.99,
      tier_bp: 300,
      tier_saving: 195,
      subtotal: 6304.95,
      is_invalid: false,
    });
    expect(cart.checkout.payment).toMatchObject({ total_price: 6304.95, tier_saving: 195, can_checkout: true });
    expect((await quote(s.client)).body.data.amounts.items_total).toBe(630_495);
    // The consumer cart of the same user: shelf price, no tier fields, and 5 stays within the accessory limit.
    const consumer = (await s.client.call('/api/in/cart', { method: 'POST', json: { action: 'get' } })).body.data
      .unified_cart_data;
    expect(consumer.items[0]).toMatchObject({ sale_price: 1299.99, subtotal: 6499.95 });
    expect(consumer.items[0].tier_bp).toBeUndefined();
    expect(consumer.checkout.payment.tier_saving).toBeUndefined();
    // Over the consumer limit the business cart keeps the line valid, at the 20+ tier.
    await s.client.call(`/api/in/cart${B}`, {
      method: 'POST',
      json: { action: 'update', commodityId: accessory.commodity_id, quantity: 20 },
    });
    const big = (await s.client.call(`/api/in/cart${B}`, { method: 'POST', json: { action: 'get' } })).body.data
      .unified_cart_data;
    expect(big.items[0]).toMatchObject({
      sale_price: 1221.99,
      tier_bp: 600,
      is_invalid: false,
      is_not_available: false,
    });
  });

  it('business cart tiers and quantities for GOOD accounts only: the rest get consumer', async () => {
    await price(accessory.commodity_id, 129_999);
    for (const status of [null, 1, 4, 'expired'] as const) {
      const s = await buyer(status);
      const cart = (await add(s.client, accessory.commodity_id, 5)).data.unified_cart_data;
      expect(cart.items[0]).toMatchObject({ sale_price: 1299.99, subtotal: 6499.95 });
      expect(cart.items[0].tier_bp).toBeUndefined();
      expect(cart.checkout.payment.tier_saving).toBeUndefined();
      // 60 accessories are a business quantity: over the consumer limit without a GOOD account.
      expect((await add(s.client, accessory.commodity_id, 55)).errno).toBe(Errno.PURCHASE_LIMIT);
    }
  });

  it('VAT exemption: an exempt account pays the net amount, tax 0, the GST left out stated on the order', async () => {
    await price(accessory.commodity_id, 129_999);
    const s = await buyer(3, true);
    await add(s.client, accessory.commodity_id, 5);
    const q = (await quote(s.client)).body.data;
    const gst = Math.round((630_495 * 1800) / 11_800);
    expect(q.amounts).toMatchObject({
      items_total: 630_495,
      shipping_fee: 0,
      tax: 0,
      total: 630_495 - gst,
      net_amount: 630_495 - gst,
    });
    expect(q.business).toMatchObject({ vat_exempt: true, vat_exempted: gst });
    const placed = (await place(s.client, s.addressId)).body.data;
    const order = (await detail(s.client, placed.order_id)).data.order;
    expect(order).toMatchObject({ vat_exempt: true, vat_exempted: gst, amounts: { tax: 0, total: 630_495 - gst } });
    // The same cart of a non-exempt account contains the GST.
    const plain = await buyer(3);
    await add(plain.client, accessory.commodity_id, 5);
    expect((await quote(plain.client)).body.data.amounts).toMatchObject({ tax: gst, total: 630_495 });
  });

  it('split payment only over the threshold (below and at: one card pays; above: refused, paid in parts)', async () => {
    expect(SPLIT_FROM).toBe(140_000_000);
    for (const [total, required] of [
      [SPLIT_FROM - 1, false],
      [SPLIT_FROM, false],
      [SPLIT_FROM + 1, true],
    ] as const) {
      await price(phone.commodity_id, total);
      const s = await buyer(3);
      await add(s.client, phone.commodity_id, 1);
      const q = (await quote(s.client)).body.data;
      expect(q.amounts.total).toBe(total);
      expect(q.business.split_required).toBe(required);
      const orderId = (await place(s.client, s.addressId)).body.data.order_id;
      expect((await detail(s.client, orderId)).data.order.split_required).toBe(required);
      const paid = await s.client.call('/api/in/payment/card', { method: 'POST', json: { orderId, ...CARD } });
      if (!required) {
        expect(paid.body.data.state).toBe('succeeded');
        continue;
      }
      expect(paid.body).toMatchObject({
        errno: Errno.SPLIT_PAYMENT_REQUIRED,
        data: { split_url: `/in/split-payment-details/${orderId}/` },
      });
      // One part cannot be the whole order; a card part is at most the threshold.
      expect((await splitCard(s.client, orderId, total)).body.errno).toBe(Errno.SPLIT_PART_INVALID);
      expect((await splitCard(s.client, orderId, SPLIT_FROM + 1 - 1 + 1)).body.errno).toBe(Errno.SPLIT_PART_INVALID);
      expect((await splitCard(s.client, orderId, SPLIT_FROM)).body.data).toMatchObject({ paid: false, remaining: 1 });
      expect((await splitCard(s.client, orderId, 2)).body.errno).toBe(Errno.SPLIT_PART_OVER_REMAINING);
      expect((await splitCard(s.client, orderId, 1)).body.data).toMatchObject({ paid: true, remaining: 0 });
      const order = (await detail(s.client, orderId)).data.order;
      expect(order).toMatchObject({ state: 'paid', payment_type: 'split' });
    }
  });

  it('parallel card parts and a bank transfer add up to the total exactly, never more', async () => {
    const total = 150_000_000;
    await price(phone.commodity_id, total);
    const s = await buyer(3);
    await add(s.client, phone.commodity_id, 1);
    const orderId = (await place(s.client, s.addressId)).body.data.order_id;
    // A transfer of ₹3,00,000 is announced first: it holds its amount until operations confirm it arrived.
    const transfer = (
      await s.client.call(`/api/in/payment/split/transfer${B}`, {
        method: 'POST',
        json: { orderId, amount: 30_000_000 },
      })
    ).body.data;
    expect(transfer.reference).toBe(`${orderId}-${transfer.part_id}`);
    // Six parallel card parts of ₹3,00,000 each for the ₹12,00,000 left: at most four can be taken.
    const answers = await Promise.all(Array.from({ length: 6 }, () => splitCard(s.client, orderId, 30_000_000)));
    const ok = answers.filter((a) => a.body.errno === 0);
    expect(ok.length).toBeLessThanOrEqual(4);
    for (const a of answers.filter((x) => x.body.errno !== 0))
      expect([Errno.SPLIT_PART_OVER_REMAINING, Errno.RATE_LIMITED]).toContain(a.body.errno);
    let summary = (await s.client.call(`/api/in/payment/split?orderId=${orderId}`)).body.data;
    expect(summary.paid + summary.held + summary.remaining).toBe(total);
    expect(summary.paid).toBe(ok.length * 30_000_000);
    // Whatever the race left is paid by one more card part (or none), then the transfer arrives.
    if (summary.remaining > 0) expect((await splitCard(s.client, orderId, summary.remaining)).body.errno).toBe(0);
    expect((await detail(s.client, orderId)).data.order.state).toBe('unpaid');
    const ops = new Client(server.base);
    const confirmed = await ops.call('/api/ops/bank-transfer/confirm', {
      method: 'POST',
      json: { partId: transfer.part_id },
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
    expect(confirmed.body.data).toMatchObject({ order_id: orderId, paid: true, remaining: 0 });
    summary = (await s.client.call(`/api/in/payment/split?orderId=${orderId}`)).body.data;
    expect(summary).toMatchObject({ state: 'paid', paid: total, held: 0, remaining: 0 });
    const succeeded = summary.parts
      .filter((p: any) => p.state === 'succeeded')
      .reduce((n: number, p: any) => n + p.amount, 0);
    expect(succeeded).toBe(total);
    const payments = await server.db.query<{ amount: number; method: string }>(
      `SELECT amount::float8 AS amount, method FROM payments WHERE order_id = $1 AND state = 'succeeded'`,
      [orderId],
    );
    expect(payments).toEqual([{ amount: total, method: 'split' }]);
    // Paid: no more parts, the transfer cannot be confirmed twice.
    expect((await splitCard(s.client, orderId, 1)).body.errno).not.toBe(0);
    expect(
      (
        await ops.call('/api/ops/bank-transfer/confirm', {
          method: 'POST',
          json: { partId: transfer.part_id },
          headers: { authorization: `Bearer ${OPS_TOKEN}` },
        })
      ).body.errno,
    ).toBe(Errno.NOT_FOUND);
  });

  it('an order paid in part stays open for days, and cancelling it refunds the parts already paid', async () => {
    const total = 150_000_000;
    await price(phone.commodity_id, total);
    const s = await buyer(3);
    await add(s.client, phone.commodity_id, 1);
    const orderId = (await place(s.client, s.addressId)).body.data.order_id;
    expect((await splitCard(s.client, orderId, 40_000_000)).body.errno).toBe(0);
    const window = (
      await server.db.query<{ days: number }>(
        `SELECT extract(epoch FROM pay_before - now()) / 86400 AS days FROM orders WHERE id = $1`,
        [orderId],
      )
    )[0]!;
    expect(Number(window.days)).toBeGreaterThan(4.9);
    const transfer = (
      await s.client.call(`/api/in/payment/split/transfer${B}`, {
        method: 'POST',
        json: { orderId, amount: 30_000_000 },
      })
    ).body.data;
    expect((await s.client.call('/api/in/order/cancel', { method: 'POST', json: { orderId } })).body.errno).toBe(0);
    const refunds = await server.db.query<{ amount: number; reason: string }>(
      `SELECT amount::float8 AS amount, reason FROM refunds WHERE order_id = $1`,
      [orderId],
    );
    expect(refunds).toEqual([{ amount: 40_000_000, reason: 'split_parts_paid' }]);
    const parts = await server.db.query<{ id: string; state: string }>(
      `SELECT id::text AS id, state FROM split_payment_parts WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
    expect(parts.map((p) => p.state)).toEqual(['succeeded', 'failed']);
    expect(parts[1]!.id).toBe(String(transfer.part_id));
  });

  it('the business order maximum is its own, higher limit', async () => {
    const consumerMax = commerceRules('in').orderMaxMinor;
    const businessMax = businessOrderMaxMinor('in');
    expect(businessMax).toBeGreaterThan(consumerMax);
    await price(phone.commodity_id, consumerMax + 1);
    const s = await buyer(3);
    await add(s.client, phone.commodity_id, 1);
    expect((await quote(s.client, '')).body.data.blockers).toContain('amount_max');
    expect((await quote(s.client)).body.data.blockers).toEqual([]);
    await price(phone.commodity_id, businessMax + 1);
    expect((await quote(s.client)).body.data).toMatchObject({
      blockers: ['amount_max'],
      business: { order_max: businessMax },
    });
    expect((await place(s.client, s.addressId)).body).toMatchObject({
      errno: Errno.ORDER_AMOUNT_MAX,
      data: { max: businessMax },
    });
  });

  it("another company's orders and split payments are never visible; bad input gets a non-zero errno", async () => {
    await price(accessory.commodity_id, 129_999);
    const a = await buyer(3);
    await add(a.client, accessory.commodity_id, 5);
    const orderId = (await place(a.client, a.addressId)).body.data.order_id;
    const b = await buyer(3);
    expect((await detail(b.client, orderId)).errno).toBe(Errno.NOT_FOUND);
    expect((await b.client.call(`/api/in/payment/split?orderId=${orderId}`)).body.errno).toBe(Errno.NOT_FOUND);
    expect((await splitCard(b.client, orderId, 100)).body.errno).toBe(Errno.NOT_FOUND);
    expect(
      (await b.client.call(`/api/in/payment/split/transfer${B}`, { method: 'POST', json: { orderId, amount: 100 } }))
        .body.errno,
    ).toBe(Errno.NOT_FOUND);
    expect((await b.client.call('/api/in/order/list')).body.data.orders).toHaveLength(0);
    // A consumer order cannot be split.
    const c = await buyer(null);
    await add(c.client, accessory.commodity_id, 1, '');
    const consumerOrder = (await place(c.client, c.addressId, {}, '')).body.data.order_id;
    expect((await splitCard(c.client, consumerOrder, 100)).body.errno).toBe(Errno.SPLIT_NOT_COMPANY);
    for (const body of [
      { orderId, amount: 0 },
      { orderId, amount: 'x' },
      { orderId, amount: 1.5 },
      { amount: 100 },
      { orderId, amount: -5 },
    ]) {
      const r = await a.client.call(`/api/in/payment/split/transfer${B}`, { method: 'POST', json: body });
      expect(r.status).toBeLessThan(500);
      expect(r.body.errno).not.toBe(0);
      expect(typeof r.body.errmsg).toBe('string');
    }
    const badFlow = await a.client.call('/api/in/checkout/quote?flow=enterprise', { method: 'POST', json: {} });
    expect(badFlow.body.errno).not.toBe(0);
    expect((await splitCard(a.client, orderId, 100, { ...CARD, number: '1234' })).body.errno).toBe(Errno.CARD_INVALID);
    // Without an OPS_TOKEN bearer the operator call does not exist.
    expect(
      (await new Client(server.base).call('/api/ops/bank-transfer/confirm', { method: 'POST', json: { partId: '1' } }))
        .status,
    ).toBe(404);
  });
});
