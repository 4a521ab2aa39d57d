import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client as ClientOf, drivers, startServer, type Client, type TestServer } from '../../test-support/harness';
import { commodity, testImei } from '../../test-support/fixtures';
import { addToCart, establishedShopper, saveAddress } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { Errno } from '../../errors';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);
const DAY = 86_400_000;
/** A phone in Indonesia at Rp 2.609.000: the plan's first band (up to Rp 3.000.000) costs Rp 249.000 a unit. */
const PHONE_PRICE = 2_609_000;
const PLAN_PRICE = 249_000;
const today = () => new Date().toISOString().slice(0, 10);

describe.each(drivers)('device insurance (%s)', (driver) => {
  let server: TestServer;
  let staff: Awaited<ReturnType<typeof staffMember>>;
  let phone: string;
  let wearable: string;
  beforeAll(async () => {
    server = await startServer(driver);
    staff = await staffMember(server);
    const notSpecial = `o.stock > 0 AND p.id NOT IN (SELECT product_id FROM presale_campaigns)
      AND p.id NOT IN (SELECT product_id FROM fcodes) AND p.purchase_limit >= 2`;
    phone = (await commodity(server.db, `p.category = 'phones' AND ${notSpecial}`)).commodity_id;
    wearable = (await commodity(server.db, `p.category = 'wearables' AND ${notSpecial}`)).commodity_id;
    await server.db.query(
      `UPDATE offers SET stock = 100000, sale_price = $2, market_price = $2 WHERE commodity_id = $1 AND local = 'id'`,
      [phone, PHONE_PRICE],
    );
    await server.db.query(`UPDATE offers SET stock = 100000 WHERE commodity_id = $1 AND local = 'id'`, [wearable]);
  });
  afterAll(async () => server?.close());

  const post = (c: Client, path: string, json: Record<string, unknown>) =>
    c.call(`/api/id${path}`, { method: 'POST', json });
  const insure = (c: Client, commodityId: string, insured = true) =>
    post(c, '/cart/insurance', { commodityId, insured });
  const upload = async (c: Client) => {
    const r = await c.fetch('/api/id/aftersales/upload', {
      method: 'POST',
      body: new Uint8Array(PNG),
      headers: { 'content-type': 'image/png', 'x-file-name': 'damage.png', accept: 'application/json' },
    });
    return (await r.json()).data.upload.id as string;
  };
  const policiesOf = async (c: Client) => (await c.call('/api/id/insurance/policies')).body.data.policies as any[];
  const claim = async (c: Client, policyId: string, imei: string, extra: Record<string, unknown> = {}) =>
    post(c, '/aftersales/claim', {
      policyId,
      imei,
      incidentDate: today(),
      description: 'Dropped it on the pavement, the screen cracked.',
      uploadIds: [await upload(c)],
      ...extra,
    });

  /** A shopper with `units` insured phones (and a wearable), placed; paid, shipped and delivered as asked. */
  async function insuredOrder(options: { units?: number; pay?: boolean; deliver?: number } = {}) {
    const { units = 1, pay = true, deliver = 0 } = options;
    const s = await establishedShopper(server);
    const addressId = await saveAddress(s.client);
    await addToCart(s.client, phone, units);
    await addToCart(s.client, wearable, 1);
    const insured = await insure(s.client, phone);
    expect(insured.body.errno, JSON.stringify(insured.body)).toBe(0);
    const placed = await post(s.client, '/order/place', { addressId, agreePrivacy: true });
    expect(placed.body.errno, JSON.stringify(placed.body)).toBe(0);
    const orderId = placed.body.data.order_id as string;
    if (pay) {
      const paid = await post(s.client, '/payment/card', { orderId, ...CARD });
      expect(paid.body.data.state).toBe('succeeded');
    }
    if (deliver > 0) await shipAndDeliver(orderId, deliver);
    return { ...s, orderId };
  }

  /**
   * Staff ship `units` of the phone line (line 1), naming each unit's IMEI when `imeis` are given, then mark the
   * parcel delivered.
   */
  async function shipAndDeliver(orderId: string, units: number, imeis?: string[]) {
    const shipped = await post(staff.client, '/staff/fulfilment/ship', {
      orderId,
      reference: `P-${orderId}-${units}-${Math.random().toString(36).slice(2, 8)}`,
      carrier: 'jne',
      trackingNumber: `JNE${Date.now()}`,
      lines: [{ lineNo: 1, quantity: units, ...(imeis ? { units: imeis.map((imei) => ({ imei })) } : {}) }],
    });
    expect(shipped.body.errno, JSON.stringify(shipped.body)).toBe(0);
    const shipment = shipped.body.data.shipments.at(-1);
    const done = await post(staff.client, '/staff/fulfilment/delivered', { orderId, shipmentId: shipment.id });
    expect(done.body.errno, JSON.stringify(done.body)).toBe(0);
  }

  describe('the cart and the checkout', () => {
    it('offers the plan on a phone, not a wearable; insuring adds a line linked to the phone, priced', async () => {
      const s = await establishedShopper(server);
      await addToCart(s.client, phone, 2);
      await addToCart(s.client, wearable, 1);
      const before = (await post(s.client, '/cart', { action: 'get' })).body.data.unified_cart_data;
      const phoneItem = before.items.find((i: any) => i.commodity_id === phone);
      expect(phoneItem.insurance_offer).toEqual({
        plan_id: 'accidental-damage',
        price: PLAN_PRICE,
        cover_months: 24,
        claims_per_year: 2,
        insured: false,
      });
      expect(before.items.find((i: any) => i.commodity_id === wearable).insurance_offer).toBeUndefined();

      const refused = await insure(s.client, wearable);
      expect(refused.body.errno).toBe(Errno.INSURANCE_NOT_OFFERED);
      const absent = await insure(s.client, '999999999');
      expect(absent.body.errno).toBe(Errno.NOT_IN_CART);

      const cart = (await insure(s.client, phone)).body.data.unified_cart_data;
      const plan = cart.items.find((i: any) => i.get_type === 'insurance');
      expect(plan).toMatchObject({
        parent_item_id: phone,
        commodity_id: phone,
        product_num: 2,
        sale_price: PLAN_PRICE,
        subtotal: 2 * PLAN_PRICE,
        checked: true,
      });
      expect(cart.main_items).toHaveLength(2);
      expect(cart.total_items).toBe(3);
      expect(cart.total_price).toBe(before.total_price + 2 * PLAN_PRICE);
      expect(cart.checkout.payment.selected_items).toBe(2);

      const quote = (await post(s.client, '/checkout/quote', {})).body.data;
      expect(quote.insurance).toEqual({
        offers: [
          {
            commodity_id: phone,
            name: expect.any(String),
            plan_id: 'accidental-damage',
            quantity: 2,
            unit_price: PLAN_PRICE,
            subtotal: 2 * PLAN_PRICE,
            insured: true,
            cover_months: 24,
            claims_per_year: 2,
            withdrawal_days: 14,
          },
        ],
        total: 2 * PLAN_PRICE,
      });
      const goods = quote.lines.reduce((sum: number, l: any) => sum + l.subtotal, 0);
      expect(quote.amounts.items_total).toBe(goods + 2 * PLAN_PRICE);

      const off = (await insure(s.client, phone, false)).body.data.unified_cart_data;
      expect(off.items.some((i: any) => i.get_type === 'insurance')).toBe(false);
      expect(off.total_price).toBe(before.total_price);
      // Twenty shoppers' tabs at once leave one choice, not twenty rows.
      const racing = await Promise.all(Array.from({ length: 20 }, () => insure(s.client, phone)));
      expect(racing.every((r) => r.body.errno === 0)).toBe(true);
      const rows = await server.db.query(
        `SELECT 1 FROM cart_insurance x JOIN carts c ON c.id = x.cart_id WHERE c.user_id = $1`,
        [s.userId],
      );
      expect(rows).toHaveLength(1);
    });

    it('offers no plan on a phone in a pre-sale deposit window (its order is a deposit, without a plan)', async () => {
      const presale = await commodity(
        server.db,
        `o.stock > 0 AND p.category = 'phones' AND p.id IN (SELECT product_id FROM presale_campaigns
           WHERE local = 'id' AND campaign_live(deposit_starts_at, deposit_ends_at))`,
      );
      const s = await establishedShopper(server);
      await addToCart(s.client, presale.commodity_id);
      const cart = (await post(s.client, '/cart', {})).body.data.unified_cart_data;
      expect(cart.items[0].insurance_offer).toBeUndefined();
      expect((await insure(s.client, presale.commodity_id)).body.errno).toBe(Errno.INSURANCE_NOT_OFFERED);
    });

    it("keeps a visitor's plan on the line when the visitor signs in and the carts merge", async () => {
      const account = await new ClientOf(server.base).register();
      const visitor = new ClientOf(server.base);
      await addToCart(visitor, phone);
      await addToCart(visitor, wearable);
      expect((await insure(visitor, phone)).body.errno).toBe(0);
      const signIn = await post(visitor, '/site/login', { email: account.email, password: account.password });
      expect(signIn.body.errno).toBe(0);
      const cart = (await post(visitor, '/cart', {})).body.data.unified_cart_data;
      expect(
        cart.items.find((i: any) => i.commodity_id === phone && i.get_type !== 'insurance').insurance_offer,
      ).toMatchObject({
        insured: true,
      });
      expect(cart.items.find((i: any) => i.get_type === 'insurance')).toMatchObject({ parent_item_id: phone });
    });

    it('places the plan as its own line beside the phone, one policy per unit, priced on the server', async () => {
      const o = await insuredOrder({ units: 2, pay: false });
      const lines = await server.db.query<{ line_no: number; quantity: number; unit_price: number; subtotal: number }>(
        `SELECT line_no, quantity, unit_price::float8 AS unit_price, subtotal::float8 AS subtotal
         FROM order_insurance_lines WHERE order_id = $1`,
        [o.orderId],
      );
      expect(lines).toEqual([{ line_no: 1, quantity: 2, unit_price: PLAN_PRICE, subtotal: 2 * PLAN_PRICE }]);
      const detail = (await o.client.call(`/api/id/order/detail?orderId=${o.orderId}`)).body.data;
      const goods = detail.order.lines.reduce((sum: number, l: any) => sum + l.subtotal, 0);
      expect(detail.order.amounts.items_total).toBe(goods + 2 * PLAN_PRICE);
      expect(detail.insurance.lines).toEqual([
        { line_no: 1, plan_id: 'accidental-damage', quantity: 2, unit_price: PLAN_PRICE, subtotal: 2 * PLAN_PRICE },
      ]);
      expect(detail.insurance.policies.map((p: any) => [p.unit_no, p.state, p.can_claim])).toEqual([
        [1, 'awaiting_payment', false],
        [2, 'awaiting_payment', false],
      ]);
      // The insured choice leaves the cart with its bought line.
      const paid = await post(o.client, '/payment/card', { orderId: o.orderId, ...CARD });
      expect(paid.body.data.state).toBe('succeeded');
      expect((await policiesOf(o.client)).map((p) => p.state)).toEqual(['awaiting_delivery', 'awaiting_delivery']);
      const left = await server.db.query(
        `SELECT 1 FROM cart_insurance x JOIN carts c ON c.id = x.cart_id WHERE c.user_id = $1`,
        [o.userId],
      );
      expect(left).toEqual([]);
    });
    it('lists the plan in the confirmation mail and as its own line of the invoice, after its device', async () => {
      const o = await insuredOrder({ units: 2 });
      const [mail] = await server.db.query<{ text_body: string }>(
        `SELECT text_body FROM mail_outbox WHERE recipient = $1 AND kind = 'order-confirmation'`,
        [o.email],
      );
      expect(mail!.text_body).toMatch(/2 × Perlindungan kerusakan tak disengaja untuk .+: Rp498\.000/);
      await server.app.invoiceJob.run();
      const [invoice] = await server.db.query<{ content: { lines: { kind: string; description: string }[] } }>(
        `SELECT content FROM invoices WHERE order_id = $1 AND kind = 'invoice'`,
        [o.orderId],
      );
      const items = invoice!.content.lines.filter((l) => l.kind === 'item').map((l) => l.description);
      expect(items).toHaveLength(3);
      expect(items[1]).toBe(`Perlindungan kerusakan tak disengaja untuk ${items[0]!.split(' · ')[0]}`);
    });
  });

  describe('cover and claims', () => {
    it('starts cover at delivery for the delivered units, for 24 months, and tells the shopper', async () => {
      const o = await insuredOrder({ units: 2, deliver: 1 });
      const [first, second] = await policiesOf(o.client);
      expect([first.state, second.state]).toEqual(['active', 'awaiting_delivery']);
      const start = new Date(first.starts_at);
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 24);
      expect(Math.abs(first.ends_at - end.getTime())).toBeLessThan(2 * DAY);
      expect(Math.abs(first.starts_at - Date.now())).toBeLessThan(5 * 60_000);
      expect(first.withdraw_until - first.starts_at).toBe(14 * DAY);
      const told = await server.db.query<{ title: string }>(
        `SELECT title FROM messages WHERE user_id = $1 AND link LIKE '%/user/order/${o.orderId}/'`,
        [o.userId],
      );
      expect(told.length).toBeGreaterThan(0);
      const mails = await server.db.query<{ kind: string }>(`SELECT kind FROM mail_outbox WHERE recipient = $1`, [
        o.email,
      ]);
      expect(mails.map((m) => m.kind)).toContain('order-insurance-active');
      await shipAndDeliver(o.orderId, 1);
      expect((await policiesOf(o.client)).map((p) => p.state)).toEqual(['active', 'active']);
    });

    it('insures the unit the shipment named: its IMEI is on the policy, another phone is refused', async () => {
      const o = await insuredOrder({ units: 2 });
      const imeis = [testImei(), testImei()];
      await shipAndDeliver(o.orderId, 2, imeis);
      const policies = await policiesOf(o.client);
      expect(policies.map((p) => p.imei)).toEqual(imeis);
      // My devices shows each unit with its own plan.
      const mine = (await o.client.call('/api/id/devices')).body.data.devices as any[];
      for (const [i, imei] of imeis.entries()) {
        expect(mine.find((d) => d.imei === imei)?.protection).toMatchObject({
          policy_id: policies[i].policy_id,
          state: 'active',
          can_claim: true,
        });
      }
      const other = await claim(o.client, policies[0].policy_id, imeis[1]!);
      expect(other.body.errno).toBe(Errno.INSURANCE_IMEI_MISMATCH);
      expect((await claim(o.client, policies[1].policy_id, imeis[1]!)).body.errno).toBe(0);
    });

    it('takes a claim as an after-sales request; the third in a rolling year is refused', async () => {
      const o = await insuredOrder({ deliver: 1 });
      const [policy] = await policiesOf(o.client);
      const imei = testImei();
      const one = await claim(o.client, policy.policy_id, imei);
      expect(one.body.errno, JSON.stringify(one.body)).toBe(0);
      expect(one.body.data.request_no).toMatch(/^SR\d{12}$/);
      const request = (await o.client.call(`/api/id/aftersales/detail?id=${one.body.data.request_id}`)).body.data;
      expect(request.request).toMatchObject({ kind: 'claim', state: 'submitted', imei, order_id: o.orderId });
      // The first claim names the insured unit: another device's IMEI is refused from now on.
      expect((await claim(o.client, policy.policy_id, testImei())).body.errno).toBe(Errno.INSURANCE_IMEI_MISMATCH);
      const two = await claim(o.client, policy.policy_id, imei);
      expect(two.body.errno).toBe(0);
      expect(two.body.data.policy).toMatchObject({ claims_in_year: 2, can_claim: false });
      const three = await claim(o.client, policy.policy_id, imei);
      expect(three.body.errno).toBe(Errno.INSURANCE_CLAIMS_USED);
      expect(Math.abs(three.body.data.claim_again_at - (Date.now() + 365 * DAY))).toBeLessThan(2 * DAY);
      // A claim the shopper withdraws does not count; one older than a year has left the rolling year.
      expect((await post(o.client, '/aftersales/cancel', { id: two.body.data.request_id })).body.errno).toBe(0);
      const again = await claim(o.client, policy.policy_id, imei);
      expect(again.body.errno).toBe(0);
      await server.db.query(
        `UPDATE insurance_claims SET created_at = now() - interval '13 months' WHERE request_id = $1`,
        [one.body.data.request_id],
      );
      expect((await claim(o.client, policy.policy_id, imei)).body.errno).toBe(0);
      expect((await claim(o.client, policy.policy_id, imei)).body.errno).toBe(Errno.INSURANCE_CLAIMS_USED);
      const list = (await o.client.call('/api/id/aftersales/list')).body.data.requests;
      expect(list.filter((r: any) => r.kind === 'claim')).toHaveLength(4);
    });

    it('lets at most 2 of 20 parallel claims through', async () => {
      const o = await insuredOrder({ deliver: 1 });
      const [policy] = await policiesOf(o.client);
      const imei = testImei();
      const uploads = await Promise.all(Array.from({ length: 20 }, () => upload(o.client)));
      const results = await Promise.all(
        uploads.map((id) =>
          post(o.client, '/aftersales/claim', {
            policyId: policy.policy_id,
            imei,
            incidentDate: today(),
            description: 'Fell into the sea from the boat.',
            uploadIds: [id],
          }),
        ),
      );
      const errnos = results.map((r) => r.body.errno);
      expect(errnos.filter((e) => e === 0)).toHaveLength(2);
      expect(errnos.filter((e) => e !== 0).every((e) => e === Errno.INSURANCE_CLAIMS_USED)).toBe(true);
      const rows = await server.db.query(`SELECT 1 FROM insurance_claims WHERE policy_id = $1`, [policy.policy_id]);
      expect(rows).toHaveLength(2);
    });

    it('refuses claims outside the cover: before delivery, after it ended, before it began, not yours', async () => {
      const o = await insuredOrder({ units: 2, deliver: 1 });
      const [active, waiting] = await policiesOf(o.client);
      const imei = testImei();
      expect((await claim(o.client, waiting.policy_id, imei)).body.errno).toBe(Errno.INSURANCE_NOT_COVERED);
      const early = await claim(o.client, active.policy_id, imei, {
        incidentDate: new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10),
      });
      expect(early.body.errno).toBe(Errno.INSURANCE_INCIDENT_DATE);
      const future = await claim(o.client, active.policy_id, imei, {
        incidentDate: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10),
      });
      expect(future.body.errno).toBe(Errno.INSURANCE_INCIDENT_DATE);
      const stranger = await establishedShopper(server);
      expect((await claim(stranger.client, active.policy_id, imei)).body.errno).toBe(Errno.INSURANCE_POLICY_NOT_FOUND);
      expect((await claim(o.client, 'x1', imei)).body.errno).toBe(Errno.INSURANCE_POLICY_NOT_FOUND);
      const bad = await claim(o.client, active.policy_id, '12345', { description: 'oops' });
      expect([bad.body.errno, bad.body.data.fields]).toEqual([
        Errno.INVALID_PARAM,
        { imei: 'imei', description: 'length' },
      ]);
      await server.db.query(
        `UPDATE insurance_policies SET starts_at = now() - interval '25 months', ends_at = now() - interval '1 month'
         WHERE id = $1`,
        [active.policy_id],
      );
      const ended = await claim(o.client, active.policy_id, imei, {
        incidentDate: new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10),
      });
      expect(ended.body.errno).toBe(Errno.INSURANCE_NOT_COVERED);
      expect((await policiesOf(o.client))[0].state).toBe('expired');
      // A claim is filed through its own form, naming the policy.
      const applied = await post(o.client, '/aftersales/apply', {
        orderId: o.orderId,
        commodityId: phone,
        kind: 'claim',
        imei,
        model: 'Phone',
        purchaseDate: today(),
        description: 'Cracked screen after a fall.',
        uploadIds: [await upload(o.client)],
      });
      expect(applied.body.errno).toBe(Errno.INSURANCE_USE_CLAIM_FORM);
    });

    it("shows staff the policy behind a claim, and nobody else's", async () => {
      const o = await insuredOrder({ deliver: 1 });
      const [policy] = await policiesOf(o.client);
      const made = await claim(o.client, policy.policy_id, testImei());
      const id = made.body.data.request_id as string;
      const seen = await staff.client.call(`/api/id/staff/insurance/claim?requestId=${id}`);
      expect(seen.body.data).toMatchObject({
        incident_date: today(),
        policy: { policy_id: policy.policy_id, claims_in_year: 1, state: 'active' },
      });
      const shopper = await o.client.call(`/api/id/staff/insurance/claim?requestId=${id}`);
      expect(shopper.body.errno).not.toBe(0);
      expect(shopper.body.data).toBeNull();
      // Staff move a claim as any repair; rejected, it no longer counts against the year.
      for (const state of ['received', 'rejected'])
        expect((await post(staff.client, '/staff/service-requests/advance', { id, state })).body.errno).toBe(0);
      expect((await policiesOf(o.client))[0].claims_in_year).toBe(0);
    });
  });

  describe('refunds', () => {
    const refunds = (orderId: string) =>
      server.db.query<{ reason: string; amount: number }>(
        `SELECT reason, amount::float8 AS amount FROM refunds WHERE order_id = $1 ORDER BY id`,
        [orderId],
      );

    it('refunds the plan alone within the withdrawal period, once however often it is asked', async () => {
      const o = await insuredOrder({ units: 2, deliver: 2 });
      const [policy] = await policiesOf(o.client);
      const racing = await Promise.all(
        Array.from({ length: 20 }, () => post(o.client, '/insurance/withdraw', { policyId: policy.policy_id })),
      );
      const done = racing.filter((r) => r.body.errno === 0);
      expect(done).toHaveLength(1);
      expect(done[0]!.body.data).toMatchObject({ refunded: PLAN_PRICE, policy: { state: 'withdrawn' } });
      expect(
        racing.filter((r) => r.body.errno !== 0).every((r) => r.body.errno === Errno.INSURANCE_NOT_WITHDRAWABLE),
      ).toBe(true);
      expect(await refunds(o.orderId)).toEqual([{ reason: 'insurance_withdrawal', amount: PLAN_PRICE }]);
      const [withdrawn, kept] = await policiesOf(o.client);
      expect([withdrawn.state, withdrawn.refund_amount, kept.state]).toEqual(['withdrawn', PLAN_PRICE, 'active']);
      expect((await claim(o.client, withdrawn.policy_id, testImei())).body.errno).toBe(Errno.INSURANCE_NOT_COVERED);
      // After a claim, or past the period, the plan stays.
      const imei = testImei();
      expect((await claim(o.client, kept.policy_id, imei)).body.errno).toBe(0);
      expect((await post(o.client, '/insurance/withdraw', { policyId: kept.policy_id })).body.errno).toBe(
        Errno.INSURANCE_WITHDRAW_CLAIMED,
      );
      const late = await insuredOrder({ deliver: 1 });
      const [old] = await policiesOf(late.client);
      await server.db.query(
        `UPDATE insurance_policies
         SET starts_at = starts_at - interval '15 days', ends_at = ends_at - interval '15 days'
         WHERE id = $1`,
        [old.policy_id],
      );
      const over = await post(late.client, '/insurance/withdraw', { policyId: old.policy_id });
      expect(over.body.errno).toBe(Errno.INSURANCE_WITHDRAW_PERIOD_OVER);
      expect(over.body.data.withdraw_until).toBeLessThan(Date.now());
      const stranger = await establishedShopper(server);
      expect((await post(stranger.client, '/insurance/withdraw', { policyId: old.policy_id })).body.errno).toBe(
        Errno.INSURANCE_POLICY_NOT_FOUND,
      );
    });

    it('withdraws before delivery, not before payment', async () => {
      const unpaid = await insuredOrder({ pay: false });
      const [p1] = await policiesOf(unpaid.client);
      expect((await post(unpaid.client, '/insurance/withdraw', { policyId: p1.policy_id })).body.errno).toBe(
        Errno.INSURANCE_NOT_WITHDRAWABLE,
      );
      const paid = await insuredOrder();
      const [p2] = await policiesOf(paid.client);
      const done = await post(paid.client, '/insurance/withdraw', { policyId: p2.policy_id });
      expect(done.body.data).toMatchObject({ refunded: PLAN_PRICE, policy: { state: 'withdrawn' } });
    });

    it('gives the plan back with a cancelled order; its policies are void', async () => {
      const o = await insuredOrder({ units: 2 });
      const total = (await o.client.call(`/api/id/order/detail?orderId=${o.orderId}`)).body.data.order.amounts.total;
      const cancelled = await post(o.client, '/order/cancel', { orderId: o.orderId, refund: true });
      expect(cancelled.body.errno, JSON.stringify(cancelled.body)).toBe(0);
      const sum = (await refunds(o.orderId)).reduce((s, r) => s + r.amount, 0);
      expect(sum).toBe(total);
      const policies = await policiesOf(o.client);
      expect(policies.map((p) => [p.state, p.can_claim, p.can_withdraw])).toEqual([
        ['cancelled', false, false],
        ['cancelled', false, false],
      ]);
    });

    it('ends the plan of a returned phone and refunds it with the phone', async () => {
      const o = await insuredOrder({ units: 2, deliver: 2 });
      const made = await post(o.client, '/aftersales/return', {
        orderId: o.orderId,
        lines: [{ lineNo: 1, quantity: 1 }],
        reason: 'changed_mind',
        uploadIds: [await upload(o.client)],
      });
      expect(made.body.errno, JSON.stringify(made.body)).toBe(0);
      const id = made.body.data.request.id;
      await post(staff.client, '/staff/returns/pickup', { id, date: today() });
      await post(staff.client, '/staff/returns/picked-up', { id });
      const accepted = await post(staff.client, '/staff/returns/accept', { id });
      expect(accepted.body.errno, JSON.stringify(accepted.body)).toBe(0);
      expect(accepted.body.data.refund_amount).toBe(PHONE_PRICE + PLAN_PRICE);
      expect((await policiesOf(o.client)).map((p) => [p.unit_no, p.state, p.refund_amount])).toEqual([
        [1, 'active', null],
        [2, 'returned', PLAN_PRICE],
      ]);
    });
  });
});
