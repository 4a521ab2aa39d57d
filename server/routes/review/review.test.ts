import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, JAKARTA, quickShopper, saveAddress, unpaidOrder } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { sellable } from '../../test-support/fixtures';
import { riskRules } from '../../../sites/risk-rules';
import { Errno } from '../../errors';
import { message } from '../../i18n';
import { findStorefront } from '../../storefront';

const VISA = { number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Budi Santoso' };
/** Above Indonesia's new-account threshold: a new account's order at this price goes in review. */
const LARGE = riskRules('id').newAccountTotalMinor + 1_000_000;

describe.each(drivers)('orders in review (%s)', (driver) => {
  let server: TestServer;
  let staff: Client;
  beforeAll(async () => {
    server = await startServer(driver);
    staff = (await staffMember(server)).client;
    // The large commodity is not one the ordinary orders below buy.
    expect((await sellable(server.db, 1, LARGE_SKIP)).commodity_id).not.toBe(
      (await sellable(server.db, 1, 2)).commodity_id,
    );
  }, 120_000);
  afterAll(() => server?.close());

  const orderRow = async (id: string) =>
    (
      await server.db.query<{ state: string; review_reasons: string[]; cancel_reason: string | null; due_in: number }>(
        `SELECT state, review_reasons, cancel_reason,
           extract(epoch FROM pay_before - now())::float8 AS due_in FROM orders WHERE id = $1`,
        [id],
      )
    )[0]!;
  const events = async (id: string, kind: string) =>
    (await server.db.query(`SELECT actor, detail FROM order_events WHERE order_id = $1 AND kind = $2`, [id, kind]))
      .length;
  const stockOf = async (commodityId: string) =>
    (
      await server.db.query<{ stock: number }>(`SELECT stock FROM offers WHERE commodity_id = $1 AND local = 'id'`, [
        commodityId,
      ])
    )[0]!.stock;

  /** Far from the ordinary commodities the other tests buy, so its raised price is its own. */
  const LARGE_SKIP = 40;
  /** A new account's large order: the new-account rule puts it in review. */
  const reviewed = () => unpaidOrder(server, { price: LARGE, skip: LARGE_SKIP });
  const indonesian = (key: string) => message(findStorefront('id')!, key);
  const place = (client: Client, addressId: string) =>
    client.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true } });
  const decide = (decision: 'clear' | 'reject', orderId: unknown, client = staff) =>
    client.call(`/api/id/staff/review/${decision}`, { method: 'POST', json: { orderId } });

  describe('risk rules at placement', () => {
    it('new_account_total: a large order of a new account goes in review, of an older one not', async () => {
      const fresh = await reviewed();
      expect(await orderRow(fresh.orderId)).toMatchObject({
        state: 'in_review',
        review_reasons: ['new_account_total'],
      });
      expect(await events(fresh.orderId, 'in_review')).toBe(1);

      const older = await quickShopper(server);
      await server.db.query(`UPDATE users SET created_at = now() - interval '30 days' WHERE id = $1`, [older.userId]);
      await addToCart(older.client, fresh.commodityId);
      const placed = await place(older.client, await saveAddress(older.client));
      expect(placed.body).toMatchObject({ errno: 0, data: { state: 'unpaid' } });
    });

    it('the placement answer says the order is in review', async () => {
      const s = await quickShopper(server);
      const item = await sellable(server.db, 1, LARGE_SKIP);
      await addToCart(s.client, item.commodity_id);
      const placed = await place(s.client, await saveAddress(s.client));
      expect(placed.body).toMatchObject({ errno: 0, data: { state: 'in_review', replayed: false } });
    });

    it('account_velocity: the fourth order of one account within the hour is reviewed, the third is not', async () => {
      const s = await quickShopper(server);
      const addressId = await saveAddress(s.client);
      const item = await sellable(server.db, 1, 2);
      const states: string[] = [];
      // The cart keeps its line until an order of it is paid: each placement orders it again.
      await addToCart(s.client, item.commodity_id);
      for (let i = 0; i < 4; i++) {
        const placed = await place(s.client, addressId);
        expect(placed.body.errno).toBe(0);
        states.push(placed.body.data.state);
        if (placed.body.data.state === 'unpaid')
          await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: placed.body.data.order_id } });
      }
      expect(states).toEqual(['unpaid', 'unpaid', 'unpaid', 'in_review']);
    });

    it('address_velocity: orders to one address from more accounts than the limit within the hour', async () => {
      const limit = riskRules('id').addressOrdersPerHour;
      const shared = { ...JAKARTA, street: 'Jl. Kemang Raya 8' };
      const item = await sellable(server.db, 1, 2);
      const states: string[] = [];
      for (let i = 0; i <= limit; i++) {
        const s = await quickShopper(server);
        // Spelled differently each time: blanks, case and punctuation do not make another address.
        const street = i % 2 ? shared.street.toUpperCase() : shared.street.replace('.', '').replace(' ', '  ');
        await addToCart(s.client, item.commodity_id);
        const placed = await place(
          s.client,
          await saveAddress(s.client, 'id', { ...shared, street, recipient: `R ${i}` }),
        );
        states.push(placed.body.data.state);
      }
      expect(states).toEqual([...Array(limit).fill('unpaid'), 'in_review']);
    });
  });

  describe('an order in review', () => {
    it('cannot be paid by any method', async () => {
      const r = await reviewed();
      const { orderId } = r;
      // A card saved by an earlier payment (the sandbox's token).
      const saved = await server.db.query<{ id: string }>(
        `INSERT INTO saved_cards (user_id, provider, token, brand, last4, exp_month, exp_year)
         VALUES ($1, 'sandbox', $2, 'visa', '4242', 12, 2034) RETURNING id::text AS id`,
        [r.userId, `tok_review_${orderId}`],
      );
      const attempts = {
        card: r.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...VISA } }),
        savedCard: r.client.call('/api/id/payment/card', {
          method: 'POST',
          json: { orderId, savedCardId: saved[0]!.id, cvv: '123' },
        }),
        instalment: r.client.call('/api/id/payment/instalment', {
          method: 'POST',
          json: { orderId, planId: 'bca-3', ...VISA },
        }),
        payLater: r.client.call('/api/id/payment/bnpl/start', {
          method: 'POST',
          json: { orderId, provider: 'kredivo' },
        }),
        splitCard: r.client.call('/api/id/payment/split/card', {
          method: 'POST',
          json: { orderId, amount: 1000, ...VISA },
        }),
        splitTransfer: r.client.call('/api/id/payment/split/transfer', {
          method: 'POST',
          json: { orderId, amount: 1000 },
        }),
      };
      for (const [method, answer] of Object.entries(attempts)) {
        const { status, body } = await answer;
        expect({ method, status, errno: body.errno }).toEqual({ method, status: 200, errno: Errno.ORDER_IN_REVIEW });
        expect(body.errmsg).toBe(indonesian('review.order.notPayable'));
      }
      expect((await server.db.query(`SELECT 1 FROM payments WHERE order_id = $1`, [orderId])).length).toBe(0);
      expect((await orderRow(orderId)).state).toBe('in_review');
    });

    it('blocks a new order, in the shopper language', async () => {
      const r = await reviewed();
      // The cart still holds the line (it leaves the cart when paid).
      const second = await place(r.client, r.addressId);
      expect(second.body).toMatchObject({ errno: Errno.IN_REVIEW_ORDER_EXISTS, data: { order_id: r.orderId } });
      expect(second.body.errmsg).toBe(indonesian('review.order.blocksNew'));
      expect((await orderRow(r.orderId)).state).toBe('in_review');
    });

    it('runs no payment window: the sweep leaves it alone however old', async () => {
      const r = await reviewed();
      await server.db.query(`UPDATE orders SET pay_before = now() - interval '1 day' WHERE id = $1`, [r.orderId]);
      await server.app.orderClosing.expireDue();
      expect((await orderRow(r.orderId)).state).toBe('in_review');
    });

    it('may be cancelled by its shopper', async () => {
      const r = await reviewed();
      const cancelled = await r.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId: r.orderId } });
      expect(cancelled.body.errno).toBe(0);
      expect((await orderRow(r.orderId)).state).toBe('cancelled');
    });
  });

  describe('staff decisions', () => {
    it('lists the storefront orders in review with their reasons', async () => {
      const r = await reviewed();
      const list = await staff.call('/api/id/staff/review');
      expect(list.body.errno).toBe(0);
      const row = list.body.data.orders.find((o: { order_id: string }) => o.order_id === r.orderId);
      expect(row).toMatchObject({ email: r.email, reasons: ['new_account_total'], currency: 'IDR', items: 1 });
      const de = await staff.call('/api/de/staff/review');
      expect(de.body.data.orders.some((o: { order_id: string }) => o.order_id === r.orderId)).toBe(false);
    });

    it('20 clears at once: one clears with a fresh payment window, the others are told it was decided', async () => {
      const r = await reviewed();
      await server.db.query(`UPDATE orders SET pay_before = now() - interval '1 day' WHERE id = $1`, [r.orderId]);
      const answers = await Promise.all(Array.from({ length: 20 }, () => decide('clear', r.orderId)));
      const errnos = answers.map((a) => a.body.errno);
      expect(errnos.filter((e) => e === 0)).toHaveLength(1);
      expect(errnos.filter((e) => e === Errno.REVIEW_DECIDED)).toHaveLength(19);
      expect(answers.every((a) => a.status === 200)).toBe(true);
      const row = await orderRow(r.orderId);
      expect(row.state).toBe('unpaid');
      // The whole window (60 minutes) starts at the clearing.
      expect(row.due_in).toBeGreaterThan(59 * 60);
      expect(await events(r.orderId, 'review_cleared')).toBe(1);
      const paid = await r.client.call('/api/id/payment/card', {
        method: 'POST',
        json: { orderId: r.orderId, ...VISA },
      });
      expect(paid.body).toMatchObject({ errno: 0, data: { state: 'succeeded' } });
    });

    it('reject cancels the order and releases its stock; 20 rejects at once reject once', async () => {
      const r = await reviewed();
      const held = await stockOf(r.commodityId);
      const answers = await Promise.all(Array.from({ length: 20 }, () => decide('reject', r.orderId)));
      expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.body.errno === Errno.REVIEW_DECIDED)).toHaveLength(19);
      expect(await orderRow(r.orderId)).toMatchObject({ state: 'cancelled', cancel_reason: 'review_rejected' });
      expect(await stockOf(r.commodityId)).toBe(held + 1);
      // A rejected order is no longer in review: the shopper may order again (the cart kept the line).
      expect((await place(r.client, r.addressId)).body.errno).toBe(0);
    });

    it('clear and reject racing: exactly one decision wins', async () => {
      const r = await reviewed();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => decide(i % 2 ? 'clear' : 'reject', r.orderId)),
      );
      expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(1);
      expect(['unpaid', 'cancelled']).toContain((await orderRow(r.orderId)).state);
    });

    it('refuses shoppers and visitors, and the shopper own order too', async () => {
      const r = await reviewed();
      for (const path of ['/api/id/staff/review', '/api/id/staff/review/clear', '/api/id/staff/review/reject']) {
        const init = path.endsWith('review') ? {} : { method: 'POST', json: { orderId: r.orderId } };
        const shopper = await r.client.call(path, init);
        expect(shopper).toMatchObject({ status: 403, body: { errno: Errno.STAFF_ONLY } });
        const visitor = await new Client(server.base).call(path, init);
        expect(visitor.body.errno).toBe(Errno.NOT_LOGGED_IN);
      }
      expect((await orderRow(r.orderId)).state).toBe('in_review');
    });

    it('answers abusive ids and bodies with an envelope, never a 5xx', async () => {
      const r = await reviewed();
      const cases: unknown[] = ['abc', '-1', '0', '99999999999999999999', '1 OR 1=1', '', 42, null, ['1'], { id: 1 }];
      for (const orderId of cases) {
        for (const decision of ['clear', 'reject'] as const) {
          const a = await decide(decision, orderId);
          expect(a.status, `${decision} ${JSON.stringify(orderId)}`).toBeLessThan(500);
          expect(a.body.errno).not.toBe(0);
        }
      }
      const missing = await staff.call('/api/id/staff/review/clear', { method: 'POST', json: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.errno).not.toBe(0);
      // A field the body does not have is dropped: it never chooses the state.
      await staff.call('/api/id/staff/review/reject', { method: 'POST', json: { orderId: 'x', state: 'paid' } });
      // Another storefront's staff call does not reach this country's order.
      expect(
        (await staff.call('/api/de/staff/review/clear', { method: 'POST', json: { orderId: r.orderId } })).status,
      ).toBe(404);
      // An order that is not in review (unpaid, cancelled) is decided already.
      const plain = await unpaidOrder(server);
      expect((await decide('clear', plain.orderId)).body.errno).toBe(Errno.REVIEW_DECIDED);
      expect((await decide('reject', plain.orderId)).body.errno).toBe(Errno.REVIEW_DECIDED);
      expect((await orderRow(plain.orderId)).state).toBe('unpaid');
      expect((await orderRow(r.orderId)).state).toBe('in_review');
    });

    it('will not clear while the shopper has another unpaid order', async () => {
      const r = await reviewed();
      // A pre-order's final payment is the one way to hold an unpaid order beside one in review.
      const other = await unpaidOrder(server);
      await server.db.query(`UPDATE orders SET user_id = $1 WHERE id = $2`, [r.userId, other.orderId]);
      expect((await decide('clear', r.orderId)).body.errno).toBe(Errno.REVIEW_UNPAID_EXISTS);
      expect((await orderRow(r.orderId)).state).toBe('in_review');
    });
  });
});
