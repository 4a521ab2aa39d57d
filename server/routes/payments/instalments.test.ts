import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';
import { bnplOffers, findPlan, instalmentSchedule, plansFor } from '../../../region-config/instalments';
import { sandboxCardNumber } from '../../payments/card-issuers';

/** Addresses that fit the address forms of India, Indonesia and Turkey. */
let houses = 0;
const ADDRESSES: Record<string, Record<string, string>> = {
  in: {
    recipient: 'Asha Rao',
    phone: '9876543210',
    street: '12 Marine Drive',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400020',
    landmark: 'Near Churchgate',
  },
  id: {
    recipient: 'Budi Santoso',
    phone: '081234567890',
    street: 'Jl. Jend. Sudirman 52',
    city: 'Jakarta Selatan',
    state: 'DKI Jakarta',
    postalCode: '12190',
  },
  tr: {
    recipient: 'Ayşe Yılmaz',
    phone: '5321234567',
    street: 'İstiklal Cd. 10',
    city: 'İstanbul',
    state: 'İstanbul',
    postalCode: '34430',
  },
};
const BFL_CARD = '2030400000000002';
const card = (number: string) => ({ number, expiry: '12/34', cvv: '123', holder: 'Asha Rao' });

describe.each(drivers)('instalments and pay later (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  /** An ordinary commodity on sale in the country with a price in [min, max] (major units). */
  async function commodityPriced(local: string, min: number, max: number): Promise<string> {
    const rows = await server.db.query<{ commodity_id: string }>(
      `SELECT c.commodity_id FROM commodities c JOIN products p ON p.id = c.product_id
        JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = $1
       WHERE o.stock > 20 AND o.sale_price BETWEEN $2 AND $3 AND p.category <> 'gift-cards'
       AND p.id NOT IN (SELECT product_id FROM fcodes)
         AND p.id NOT IN (SELECT product_id FROM presale_campaigns) ORDER BY o.sale_price, c.commodity_id LIMIT 1`,
      [local, min, max],
    );
    if (!rows[0]) throw new Error(`no commodity in ${local} priced ${min}..${max}`);
    return rows[0].commodity_id;
  }

  /** A new shopper with one placed, unpaid order in the storefront. */
  async function orderIn(urlLocal: string, min: number, max: number) {
    const s = await quickShopper(server);
    // Each shopper at a house of their own (many accounts at one address in an hour is a risk rule).
    const address = ADDRESSES[urlLocal]!;
    const addressId = await saveAddress(s.client, urlLocal, { ...address, street: `${++houses} ${address.street}` });
    await addToCart(s.client, await commodityPriced(urlLocal, min, max), 1, urlLocal);
    const placed = await s.client.call(`/api/${urlLocal}/order/place`, {
      method: 'POST',
      json: { addressId, agreePrivacy: true },
    });
    if (placed.body.errno !== 0) throw new Error(`place: ${JSON.stringify(placed.body)}`);
    const orderId = placed.body.data.order_id as string;
    const methods = (await s.client.call(`/api/${urlLocal}/payment/methods?orderId=${orderId}`)).body.data;
    return { ...s, orderId, total: methods.total as number, currency: methods.currency as string, methods };
  }

  const payInstalments = (c: Client, urlLocal: string, orderId: string, planId: string, number: string) =>
    c.call(`/api/${urlLocal}/payment/instalment`, { method: 'POST', json: { orderId, planId, ...card(number) } });
  const paymentsOf = (orderId: string) =>
    server.db.query<{ id: string; state: string; amount: number; method: string; card_brand: string | null }>(
      `SELECT id::text AS id, state, amount::float8 AS amount, method, card_brand FROM payments
        WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
  const planOf = async (paymentId: string) =>
    (
      await server.db.query<Record<string, unknown>>(`SELECT * FROM payment_plans WHERE payment_id = $1`, [paymentId])
    )[0];
  const orderState = async (orderId: string) =>
    (await server.db.query<{ state: string }>(`SELECT state FROM orders WHERE id = $1`, [orderId]))[0]!.state;

  describe('plans offered with an order', () => {
    it('in: lists the plans the amount reaches, each with its monthly amount, total, banks and minimum', async () => {
      const o = await orderIn('in', 20_000, 60_000);
      const expected = plansFor('in', o.total, 'INR');
      expect(o.methods.methods).toEqual(['card', 'instalment', 'bfl', 'bnpl']);
      expect(o.methods.instalment_plans.map((p: any) => p.id)).toEqual(expected.map((p) => p.id));
      expect(expected.map((p) => p.id)).toEqual(
        expect.arrayContaining(['in-nocost-3', 'in-emi-24', 'in-bfl-3', 'in-bfl-24']),
      );
      for (const listed of o.methods.instalment_plans) {
        const plan = findPlan('in', listed.id)!;
        const s = instalmentSchedule(o.total, plan.months, plan.monthlyRateBp);
        expect(listed).toMatchObject({
          months: plan.months,
          monthly: s.monthly,
          last_monthly: s.last,
          total: s.total,
          interest: s.interest,
          min_amount: plan.minAmount,
        });
        expect(listed.monthly * (listed.months - 1) + listed.last_monthly).toBe(listed.total);
        expect(listed.min_amount).toBeLessThanOrEqual(o.total);
      }
      const nocost = o.methods.instalment_plans.find((p: any) => p.id === 'in-nocost-6');
      expect(nocost).toMatchObject({ interest: 0, total: o.total, network: 'card' });
      expect(nocost.banks.map((b: any) => b.name)).toEqual(['HDFC Bank', 'ICICI Bank', 'SBI Card', 'Axis Bank']);
      expect(nocost.debit_banks.map((b: any) => b.id)).toEqual(['hdfc', 'icici']);
      const emi12 = o.methods.instalment_plans.find((p: any) => p.id === 'in-emi-12');
      expect(emi12.interest).toBe(Math.round((o.total * 125 * 12) / 10_000));
      expect(emi12.total).toBe(o.total + emi12.interest);
    });

    it('in: an order below every minimum gets no plan; one between minimums only the plans it reaches', async () => {
      const cheap = await orderIn('in', 500, 1_500);
      expect(cheap.total).toBeLessThan(300_000);
      expect(cheap.methods.instalment_plans).toEqual([]);
      expect(cheap.methods.methods).not.toContain('instalment');
      const mid = await orderIn('in', 5_500, 9_000);
      const ids = mid.methods.instalment_plans.map((p: any) => p.id);
      expect(ids).toContain('in-emi-9');
      expect(ids).toContain('in-bfl-12');
      expect(ids.filter((id: string) => id.startsWith('in-nocost'))).toEqual([]);
      // Asking for a plan the amount does not reach: refused, nothing written.
      const r = await payInstalments(mid.client, 'in', mid.orderId, 'in-nocost-3', sandboxCardNumber('hdfc', 'credit'));
      expect(r.body.errno).toBe(Errno.INSTALMENT_NOT_ELIGIBLE);
      expect(r.body.data.min_amount).toBe(findPlan('in', 'in-nocost-3')!.minAmount);
      expect(await paymentsOf(mid.orderId)).toEqual([]);
    });

    it('id: plans in rupiah; the BFL plans and card exist only in India', async () => {
      const o = await orderIn('id', 6_000_000, 40_000_000);
      expect(o.currency).toBe('IDR');
      expect(o.methods.instalment_plans.map((p: any) => p.id)).toEqual(plansFor('id', o.total, 'IDR').map((p) => p.id));
      expect(o.methods.instalment_plans.some((p: any) => p.network === 'bfl')).toBe(false);
      expect(o.methods.methods).not.toContain('bfl');
      expect((await payInstalments(o.client, 'id', o.orderId, 'in-bfl-6', BFL_CARD)).body.errno).toBe(
        Errno.INSTALMENT_PLAN_UNKNOWN,
      );
      expect((await payInstalments(o.client, 'id', o.orderId, 'id-cicilan0-6', BFL_CARD)).body.errno).toBe(
        Errno.BFL_CARD_INVALID,
      );
      const byCard = await o.client.call('/api/id/payment/card', {
        method: 'POST',
        json: { orderId: o.orderId, ...card(BFL_CARD) },
      });
      expect(byCard.body.errno).toBe(Errno.BFL_CARD_INVALID);
      expect(await paymentsOf(o.orderId)).toEqual([]);
    });
  });

  describe('paying in instalments', () => {
    it('in: a 12-month HDFC credit EMI charges once and records the plan; the card number is not kept', async () => {
      const o = await orderIn('in', 20_000, 60_000);
      const number = sandboxCardNumber('hdfc', 'credit');
      const r = await payInstalments(o.client, 'in', o.orderId, 'in-emi-12', number);
      expect(r.body).toMatchObject({ errno: 0, data: { state: 'succeeded', order_id: o.orderId } });
      expect(await orderState(o.orderId)).toBe('paid');
      const [payment] = await paymentsOf(o.orderId);
      expect(payment).toMatchObject({ state: 'succeeded', amount: o.total, method: 'instalment', card_brand: 'visa' });
      const s = instalmentSchedule(o.total, 12, 125);
      expect(await planOf(payment!.id)).toMatchObject({
        kind: 'instalment',
        plan_id: 'in-emi-12',
        bank: 'hdfc',
        card_kind: 'credit',
        months: 12,
        monthly_rate_bp: 125,
      });
      const plan = await planOf(payment!.id);
      expect([
        Number(plan!['monthly_amount']),
        Number(plan!['last_amount']),
        Number(plan!['interest']),
        Number(plan!['total']),
      ]).toEqual([s.monthly, s.last, s.interest, s.total]);
      // The gateway charged the order amount; the interest is the bank's.
      const charge = (
        await server.db.query<{ amount: number }>(
          `SELECT amount::float8 AS amount FROM sandbox_gateway_charges WHERE reference = $1`,
          [`pay_${payment!.id}`],
        )
      )[0];
      expect(charge!.amount).toBe(o.total);
      const status = (await o.client.call(`/api/in/payment/bnpl/status?paymentId=${payment!.id}`)).body.data;
      expect(status).toMatchObject({
        state: 'succeeded',
        provider: { id: 'hdfc', name: 'HDFC Bank' },
        plan: { months: 12, monthly: s.monthly, total: s.total },
      });
      for (const table of ['payments', 'payment_plans', 'sandbox_gateway_charges']) {
        const dump = JSON.stringify(await server.db.query(`SELECT * FROM ${table}`));
        expect(dump, table).not.toContain(number);
      }
    });

    it('in: plans take only their banks; debit EMI where the bank allows ("debit card EMI not eligible")', async () => {
      const o = await orderIn('in', 20_000, 60_000);
      expect((await payInstalments(o.client, 'in', o.orderId, 'in-nocost-3', '4242424242424242')).body.errno).toBe(
        Errno.INSTALMENT_BANK_NOT_ELIGIBLE,
      );
      expect(
        (await payInstalments(o.client, 'in', o.orderId, 'in-nocost-3', sandboxCardNumber('bca', 'credit'))).body.errno,
      ).toBe(Errno.INSTALMENT_BANK_NOT_ELIGIBLE);
      const debit = await payInstalments(o.client, 'in', o.orderId, 'in-nocost-3', sandboxCardNumber('sbi', 'debit'));
      expect(debit.body.errno).toBe(Errno.DEBIT_EMI_NOT_ELIGIBLE);
      expect(debit.body.errmsg).toMatch(/debit card EMI not eligible/i);
      // HDFC allows debit EMI on the no-cost plans, not on the 12-month one of ICICI's debit cards.
      expect(
        (await payInstalments(o.client, 'in', o.orderId, 'in-emi-12', sandboxCardNumber('icici', 'debit'))).body.errno,
      ).toBe(Errno.DEBIT_EMI_NOT_ELIGIBLE);
      expect(await paymentsOf(o.orderId)).toEqual([]);
      const ok = await payInstalments(o.client, 'in', o.orderId, 'in-nocost-3', sandboxCardNumber('hdfc', 'debit'));
      expect(ok.body.data.state).toBe('succeeded');
      expect(await planOf((await paymentsOf(o.orderId))[0]!.id)).toMatchObject({
        bank: 'hdfc',
        card_kind: 'debit',
        interest: expect.anything(),
      });
    });

    it('id: a plan of BCA and Mandiri refuses a BNI card', async () => {
      const o = await orderIn('id', 6_000_000, 40_000_000);
      const r = await payInstalments(o.client, 'id', o.orderId, 'id-cicilan-18', sandboxCardNumber('bni', 'credit'));
      expect(r.body.errno).toBe(Errno.INSTALMENT_BANK_NOT_ELIGIBLE);
      expect(r.body.errmsg).toContain('BCA');
      expect(
        (await payInstalments(o.client, 'id', o.orderId, 'id-cicilan-18', sandboxCardNumber('mandiri', 'credit'))).body
          .data.state,
      ).toBe('succeeded');
    });

    it('in: the BFL EMI card (16 digits starting 203040) pays with BFL plans only', async () => {
      const o = await orderIn('in', 20_000, 60_000);
      for (const bad of ['203040000000000', '20304000000000021', '2030 40AB 0000 0002']) {
        expect((await payInstalments(o.client, 'in', o.orderId, 'in-bfl-6', bad)).body.errno, bad).toBe(
          Errno.BFL_CARD_INVALID,
        );
      }
      expect(
        (await payInstalments(o.client, 'in', o.orderId, 'in-bfl-6', sandboxCardNumber('hdfc', 'credit'))).body.errno,
      ).toBe(Errno.BFL_CARD_INVALID);
      expect((await payInstalments(o.client, 'in', o.orderId, 'in-emi-9', BFL_CARD)).body.errno).toBe(
        Errno.BFL_CARD_INVALID,
      );
      expect(
        (
          await o.client.call('/api/in/payment/card', {
            method: 'POST',
            json: { orderId: o.orderId, ...card(BFL_CARD) },
          })
        ).body.errno,
      ).toBe(Errno.BFL_CARD_INVALID);
      expect(await paymentsOf(o.orderId)).toEqual([]);
      const r = await payInstalments(o.client, 'in', o.orderId, 'in-bfl-24', '2030 4000 0000 0002');
      expect(r.body.data.state).toBe('succeeded');
      const [payment] = await paymentsOf(o.orderId);
      expect(payment).toMatchObject({ method: 'bfl_emi', card_brand: 'bfl' });
      const s = instalmentSchedule(o.total, 24, 0);
      expect(await planOf(payment!.id)).toMatchObject({
        kind: 'bfl',
        bank: 'bfl',
        card_kind: 'emi',
        months: 24,
        monthly_rate_bp: 0,
      });
      expect(Number((await planOf(payment!.id))!['monthly_amount'])).toBe(s.monthly);
    });

    it('answers bad input with the envelope, never a 5xx', async () => {
      const o = await orderIn('in', 20_000, 60_000);
      const missing = await o.client.call('/api/in/payment/instalment', {
        method: 'POST',
        json: { orderId: o.orderId, ...card(BFL_CARD) },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.errno).toBe(Errno.INVALID_PARAM);
      expect(
        (await payInstalments(o.client, 'in', o.orderId, 'in-emi-99', sandboxCardNumber('hdfc', 'credit'))).body.errno,
      ).toBe(Errno.INSTALMENT_PLAN_UNKNOWN);
      const badCard = await o.client.call('/api/in/payment/instalment', {
        method: 'POST',
        json: { orderId: o.orderId, planId: 'in-emi-9', ...card(sandboxCardNumber('hdfc', 'credit')), expiry: '13/99' },
      });
      expect(badCard.body).toMatchObject({ errno: Errno.CARD_INVALID, data: { fields: { expiry: 'expiry' } } });
      expect(
        (await payInstalments(o.client, 'in', '999999999', 'in-emi-9', sandboxCardNumber('hdfc', 'credit'))).status,
      ).toBe(404);
      const stranger = await quickShopper(server);
      expect(
        (await payInstalments(stranger.client, 'in', o.orderId, 'in-emi-9', sandboxCardNumber('hdfc', 'credit')))
          .status,
      ).toBe(404);
      expect(
        (
          await new Client(server.base).call('/api/in/payment/instalment', {
            method: 'POST',
            json: { orderId: o.orderId, planId: 'in-emi-9', ...card(BFL_CARD) },
          })
        ).body.errno,
      ).toBe(Errno.NOT_LOGGED_IN);
      const start = await o.client.call('/api/in/payment/bnpl/start', { method: 'POST', json: { orderId: o.orderId } });
      expect([start.status, start.body.errno]).toEqual([400, Errno.INVALID_PARAM]);
      const callback = await o.client.call('/api/in/payment/bnpl/callback?session=x');
      expect([callback.status, callback.body.errno]).toEqual([400, Errno.INVALID_PARAM]);
      expect(await paymentsOf(o.orderId)).toEqual([]);
    });
  });

  describe('buy now, pay later', () => {
    it('offers the providers whose rules the order and account meet, and says why the others do not', async () => {
      const o = await orderIn('id', 1_000_000, 10_000_000);
      const byId = Object.fromEntries(o.methods.bnpl.map((b: any) => [b.id, b]));
      expect(Object.keys(byId)).toEqual(bnplOffers('id').map((b) => b.id));
      expect(byId['kredivo']).toMatchObject({ eligible: true, reason: null, parts: 1, total: o.total });
      expect(byId['akulaku']).toMatchObject({ eligible: false, parts: 3 });
      // In Indonesian from the catalogue: "… minimal 30 hari".
      expect(byId['akulaku'].reason).toMatch(/Akulaku.* 30 hari/);
      expect(byId['akulaku'].part_amount * 2 + byId['akulaku'].last_part_amount).toBe(o.total);
      expect(o.methods.methods).toContain('bnpl');
      expect(o.methods.bnpl_message).toBeNull();
      const refused = await o.client.call('/api/id/payment/bnpl/start', {
        method: 'POST',
        json: { orderId: o.orderId, provider: 'akulaku' },
      });
      expect(refused.body).toMatchObject({ errno: Errno.BNPL_NOT_ELIGIBLE, data: { reason: 'account_too_new' } });
      // An older account meets Akulaku's rule.
      await server.db.query(`UPDATE users SET created_at = now() - interval '40 days' WHERE id = $1`, [o.userId]);
      const later = (await o.client.call(`/api/id/payment/methods?orderId=${o.orderId}`)).body.data;
      expect(later.bnpl.find((b: any) => b.id === 'akulaku').eligible).toBe(true);
      expect(await paymentsOf(o.orderId)).toEqual([]);
    });

    it('"no eligible BNPL method" where no provider takes the order', async () => {
      const tr = await orderIn('tr', 5_000, 50_000);
      expect(tr.methods.bnpl).toEqual([]);
      // In Turkish on the Turkish storefront: "no eligible BNPL method for this order".
      expect(tr.methods.bnpl_message).toBe('Bu sipariş için uygun bir sonra öde yöntemi yok.');
      expect(tr.methods.methods).not.toContain('bnpl');
      const r = await tr.client.call('/api/tr/payment/bnpl/start', {
        method: 'POST',
        json: { orderId: tr.orderId, provider: 'klarna' },
      });
      expect(r.body.errno).toBe(Errno.BNPL_NOT_ELIGIBLE);
      expect(r.body.errmsg).toBe('Bu sipariş için uygun bir sonra öde yöntemi yok.');
      // in: above Simpl's maximum and too new for LazyPay.
      const big = await orderIn('in', 60_000, 200_000);
      expect(big.methods.bnpl.every((b: any) => !b.eligible)).toBe(true);
      const s = await big.client.call('/api/in/payment/bnpl/start', {
        method: 'POST',
        json: { orderId: big.orderId, provider: 'simpl' },
      });
      expect(s.body.errno).toBe(Errno.BNPL_NOT_ELIGIBLE);
      expect(s.body.errmsg).toMatch(/no eligible BNPL method/i);
      expect(await paymentsOf(big.orderId)).toEqual([]);
    });

    /** Starts Kredivo on a new /id order and follows the redirect to the sandbox's approval page. */
    async function startKredivo() {
      const o = await orderIn('id', 1_000_000, 10_000_000);
      const started = await o.client.call('/api/id/payment/bnpl/start', {
        method: 'POST',
        json: { orderId: o.orderId, provider: 'kredivo' },
      });
      expect(started.body.errno).toBe(0);
      const { redirect_url: redirectUrl, payment_id: paymentId } = started.body.data;
      const path = new URL(redirectUrl).pathname;
      expect(path).toMatch(/^\/api\/id\/pay\/bnpl\/sandbox\/bnpl_/);
      return { ...o, paymentId: paymentId as string, path, session: path.split('/').pop()! };
    }
    /** The shopper's answer on the sandbox page: the redirect to our callback. */
    async function answer(c: Client, path: string, decision: 'approve' | 'decline') {
      const res = await c.fetch(path, { method: 'POST', form: { decision }, headers: { origin: server.base } });
      expect(res.status).toBe(303);
      return new URL(res.headers.get('location')!);
    }

    it('approve: sandbox page, signed callback, result page; the server records the payment once', async () => {
      const k = await startKredivo();
      expect(await paymentsOf(k.orderId)).toMatchObject([{ state: 'pending', method: 'bnpl', amount: k.total }]);
      const page = await k.client.fetch(k.path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).not.toContain('<script');
      expect(html).toContain('Kredivo');
      expect(html).toContain('data-testid="bnpl-approve"');
      const callback = await answer(k.client, k.path, 'approve');
      expect(callback.pathname).toBe('/api/id/payment/bnpl/callback');
      expect(await orderState(k.orderId)).toBe('unpaid');
      const back = await k.client.fetch(callback.pathname + callback.search);
      expect(back.status).toBe(303);
      const result = new URL(back.headers.get('location')!);
      expect(result.pathname).toBe(`/id/checkout/bnpl-result/${k.orderId}/`);
      expect(result.searchParams.get('payment')).toBe(k.paymentId);
      expect(await orderState(k.orderId)).toBe('paid');
      const status = (await k.client.call(`/api/id/payment/bnpl/status?paymentId=${k.paymentId}`)).body.data;
      expect(status).toMatchObject({
        state: 'succeeded',
        order_id: k.orderId,
        provider: { id: 'kredivo', name: 'Kredivo' },
        plan: { kind: 'bnpl', months: 1, total: k.total, interest: 0 },
      });
      // The same callback again, and a late decline, change nothing.
      expect((await k.client.fetch(callback.pathname + callback.search)).status).toBe(303);
      await answer(k.client, k.path, 'decline');
      expect(await paymentsOf(k.orderId)).toMatchObject([{ state: 'succeeded' }]);
      expect((await mailbox(server.base, k.email)).filter((m) => m.kind === 'payment-receipt')).toHaveLength(1);
    });

    it('decline: the payment fails, the order stays unpaid and can be paid another way', async () => {
      const k = await startKredivo();
      const callback = await answer(k.client, k.path, 'decline');
      expect(callback.searchParams.get('status')).toBe('declined');
      await k.client.fetch(callback.pathname + callback.search);
      expect(await orderState(k.orderId)).toBe('unpaid');
      expect((await k.client.call(`/api/id/payment/bnpl/status?paymentId=${k.paymentId}`)).body.data.state).toBe(
        'failed',
      );
      const byCard = await k.client.call('/api/id/payment/card', {
        method: 'POST',
        json: { orderId: k.orderId, ...card('4242424242424242') },
      });
      expect(byCard.body.data.state).toBe('succeeded');
    });

    it('a forged callback changes nothing: bad signature, a status never given, another user on the page', async () => {
      const k = await startKredivo();
      const declined = await answer(new Client(server.base, undefined, k.client.cookies), k.path, 'decline');
      // Undo the sandbox decision so the provider's record is pending again, as if the shopper had not answered.
      await server.db.query(`UPDATE sandbox_bnpl_sessions SET status = 'pending' WHERE ref = $1`, [k.session]);
      const flipped = new URL(declined);
      flipped.searchParams.set('status', 'approved');
      const r1 = await k.client.call(flipped.pathname + flipped.search);
      expect([r1.status, r1.body.errno]).toEqual([400, Errno.BNPL_CALLBACK_INVALID]);
      const r2 = await k.client.call(
        `/api/id/payment/bnpl/callback?session=${k.session}&status=approved&signature=${'A'.repeat(43)}`,
      );
      expect(r2.body.errno).toBe(Errno.BNPL_CALLBACK_INVALID);
      // Correctly signed but the provider says pending: the server asks the provider, not the browser.
      const { createHmac } = await import('node:crypto');
      const secret = (await server.db.query<{ secret: string }>(`SELECT secret FROM sandbox_bnpl_keys`))[0]!.secret;
      const signature = createHmac('sha256', Buffer.from(secret, 'base64url'))
        .update(`${k.session}.approved`)
        .digest('base64url');
      expect(
        (
          await k.client.fetch(
            `/api/id/payment/bnpl/callback?session=${k.session}&status=approved&signature=${signature}`,
          )
        ).status,
      ).toBe(303);
      expect(await orderState(k.orderId)).toBe('unpaid');
      expect(await paymentsOf(k.orderId)).toMatchObject([{ state: 'pending' }]);
      // A valid callback on another storefront's prefix is refused.
      expect(
        (
          await k.client.call(
            `/api/de/payment/bnpl/callback?session=${k.session}&status=approved&signature=${signature}`,
          )
        ).body.errno,
      ).toBe(Errno.BNPL_CALLBACK_INVALID);
      // Another user can neither see nor answer the shopper's provider page, nor read the payment.
      const stranger = await quickShopper(server);
      expect((await stranger.client.fetch(k.path)).status).toBe(404);
      expect(
        (
          await stranger.client.fetch(k.path, {
            method: 'POST',
            form: { decision: 'approve' },
            headers: { origin: server.base },
          })
        ).status,
      ).toBe(404);
      expect((await stranger.client.call(`/api/id/payment/bnpl/status?paymentId=${k.paymentId}`)).status).toBe(404);
      expect((await new Client(server.base).fetch(k.path)).status).toBe(404);
      expect(
        (
          await server.db.query<{ status: string }>(`SELECT status FROM sandbox_bnpl_sessions WHERE ref = $1`, [
            k.session,
          ])
        )[0]!.status,
      ).toBe('pending');
      expect(await paymentsOf(k.orderId)).toMatchObject([{ state: 'pending' }]);
    });

    it('parallel starts open one payment; parallel callbacks and status checks record one success', async () => {
      const o = await orderIn('id', 1_000_000, 10_000_000);
      const starts = await Promise.all(
        Array.from({ length: 6 }, () =>
          o.client.call('/api/id/payment/bnpl/start', {
            method: 'POST',
            json: { orderId: o.orderId, provider: 'kredivo' },
          }),
        ),
      );
      const winners = starts.filter((r) => r.body.errno === 0);
      expect(winners).toHaveLength(1);
      expect(starts.filter((r) => r.body.errno === Errno.ORDER_NOT_PAYABLE)).toHaveLength(5);
      const path = new URL(winners[0]!.body.data.redirect_url).pathname;
      const paymentId = winners[0]!.body.data.payment_id;
      const callback = await answer(o.client, path, 'approve');
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, () => o.client.fetch(callback.pathname + callback.search)),
        ...Array.from({ length: 4 }, () => o.client.fetch(`/api/id/payment/bnpl/status?paymentId=${paymentId}`)),
      ]);
      expect(answers.every((r) => r.status < 500)).toBe(true);
      expect(await paymentsOf(o.orderId)).toMatchObject([{ state: 'succeeded' }]);
      expect(await orderState(o.orderId)).toBe('paid');
      expect((await mailbox(server.base, o.email)).filter((m) => m.kind === 'payment-receipt')).toHaveLength(1);
      expect(
        (await server.db.query(`SELECT 1 FROM sandbox_bnpl_sessions WHERE reference LIKE $1`, [`pay_%`])).length,
      ).toBeGreaterThan(0);
    });

    it('the outcome of a payment is recorded once, however many ask at once', async () => {
      const k = await startKredivo();
      await answer(k.client, k.path, 'approve'); // the redirect to our callback is not followed
      await Promise.all(Array.from({ length: 8 }, () => server.app.reconciler.settleOne(k.paymentId)));
      expect(await orderState(k.orderId)).toBe('paid');
      const payments = await server.db.query<{ state: string }>(`SELECT state FROM payments WHERE order_id = $1`, [
        k.orderId,
      ]);
      expect(payments.map((p) => p.state)).toEqual(['succeeded']);
      expect((await mailbox(server.base, k.email)).filter((m) => m.kind === 'payment-receipt')).toHaveLength(1);
    });

    it('a shopper who never came back still sees the outcome on the result page (server asks provider)', async () => {
      const k = await startKredivo();
      await answer(k.client, k.path, 'approve'); // the redirect to our callback is never followed
      expect(await orderState(k.orderId)).toBe('unpaid');
      const status = (await k.client.call(`/api/id/payment/bnpl/status?orderId=${k.orderId}`)).body.data;
      expect(status).toMatchObject({ state: 'succeeded', payment_id: k.paymentId });
      expect(await orderState(k.orderId)).toBe('paid');
    });
  });
});
