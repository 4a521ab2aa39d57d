import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../test-support/harness';
import { commodity, testImei } from '../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../test-support/shoppers';
import { paidOrder, TEST_CARD } from '../test-support/paid-orders';
import { staffMember } from '../test-support/staff';
import { commerceRules } from '../../sites/commerce';
import { CLUB_LEVELS } from '../../sites/club';
import { dateIn } from './birthday-window';

/**
 * The Mi Club's benefits as the server applies them, through real HTTP on both drivers: free express delivery from
 * Gold at checkout, early access to pre-sales, birthday points once a year (the job), and the priority club's flag
 * and order in the support console. Levels come from points earned in /id (sites/club.ts).
 */
describe.each(drivers)('Mi Club benefits (%s)', (driver) => {
  let server: TestServer;
  const express = commerceRules('id').delivery.find((d) => d.id === 'express')!.feeMinor;
  const minEarned = (level: string) => CLUB_LEVELS.find((l) => l.id === level)!.minEarned;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  /** Points earned in /id without an order (what paid orders leave in the ledger), for a level. */
  const earn = (userId: number, points: number) =>
    server.db.query(`INSERT INTO points_ledger (user_id, local, delta, reason) VALUES ($1, 'id', $2, 'earn')`, [
      userId,
      points,
    ]);
  const quote = async (c: Client, json: Record<string, unknown> = {}) =>
    (await c.call('/api/id/checkout/quote', { method: 'POST', json })).body.data;
  const ordinary = () =>
    commodity(
      server.db,
      `o.stock > 50 AND p.category = 'accessories' AND p.id NOT IN (SELECT product_id FROM presale_campaigns)`,
    );

  describe('free express delivery', () => {
    it('from Gold: express is free in the quote and the order; one point below Gold pays it', async () => {
      const item = await ordinary();
      const s = await quickShopper(server);
      const addressId = await saveAddress(s.client);
      await addToCart(s.client, item.commodity_id);
      await earn(s.userId, minEarned('gold') - 1);
      const below = await quote(s.client, { deliveryMethod: 'express' });
      expect(below.delivery.find((d: any) => d.id === 'express')).toMatchObject({ fee: express, club_level: null });
      expect(below.amounts.shipping_fee).toBe(express);

      await earn(s.userId, 1);
      const gold = await quote(s.client, { deliveryMethod: 'express' });
      expect(gold.delivery.find((d: any) => d.id === 'express')).toMatchObject({ fee: 0, club_level: 'gold' });
      expect(gold.delivery.find((d: any) => d.id === 'standard').club_level).toBeNull();
      expect(gold.amounts.shipping_fee).toBe(0);
      const placed = await s.client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId, agreePrivacy: true, deliveryMethod: 'express' },
      });
      expect(placed.body.errno).toBe(0);
      const order = (await s.client.call(`/api/id/order/detail?orderId=${placed.body.data.order_id}`)).body.data.order;
      expect(order).toMatchObject({ delivery_method: 'express', amounts: { shipping_fee: 0 } });
      expect(order.amounts.total).toBe(gold.amounts.total);
    });

    it('a level lost before the click (its order cancelled): the placement charges express', async () => {
      // A paid order of Rp10.000.000 earns the 10000 points of Gold; cancelling it takes them out of the level.
      const earned = await paidOrder(server, { price: 10_000_000, skip: 5 });
      const addressId = await saveAddress(earned.client);
      const item = await ordinary();
      await addToCart(earned.client, item.commodity_id);
      expect((await quote(earned.client, { deliveryMethod: 'express' })).amounts.shipping_fee).toBe(0);
      expect((await earned.client.call('/api/id/club')).body.data.level).toBe('gold');
      const cancelled = await earned.client.call('/api/id/order/cancel', {
        method: 'POST',
        json: { orderId: earned.orderId, refund: true },
      });
      expect(cancelled.body.errno).toBe(0);
      const placed = await earned.client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId, agreePrivacy: true, deliveryMethod: 'express' },
      });
      expect(placed.body.errno).toBe(0);
      const order = (await earned.client.call(`/api/id/order/detail?orderId=${placed.body.data.order_id}`)).body.data
        .order;
      expect(order.amounts.shipping_fee).toBe(express);
    });

    it('parallel placements of one Gold member: one order, express free', async () => {
      const item = await ordinary();
      const s = await quickShopper(server);
      const addressId = await saveAddress(s.client);
      await addToCart(s.client, item.commodity_id);
      await earn(s.userId, minEarned('gold'));
      const tries = await Promise.all(
        Array.from({ length: 6 }, () =>
          s.client.call('/api/id/order/place', {
            method: 'POST',
            json: { addressId, agreePrivacy: true, deliveryMethod: 'express' },
          }),
        ),
      );
      expect(tries.every((r) => r.status < 500)).toBe(true);
      const ids = new Set(tries.filter((r) => r.body.errno === 0).map((r) => r.body.data.order_id));
      expect(ids.size).toBe(1);
      const orders = await server.db.query<{ shipping_fee: string }>(
        `SELECT shipping_fee::text AS shipping_fee FROM orders WHERE user_id = $1`,
        [s.userId],
      );
      expect(orders).toEqual([{ shipping_fee: '0' }]);
    });
  });

  describe('early access to pre-sales', () => {
    const CAMPAIGN = 'id-xiaomi-15t-pro-presale';
    /** The deposit window opens `hours` from now (and stays open long after). */
    const opensIn = (hours: number) => {
      const at = (h: number) => new Date(Date.now() + h * 3_600_000);
      return server.app.repos.presales.moveWindows(CAMPAIGN, {
        depositStartsAt: at(hours),
        depositEndsAt: at(hours + 100),
        finalStartsAt: at(hours + 200),
        finalEndsAt: at(hours + 300),
      });
    };
    const shopperAt = async (points: number) => {
      const phone = await commodity(server.db, `p.id = 'xiaomi-15t-pro' AND o.stock > 20`);
      const s = await quickShopper(server);
      if (points > 0) await earn(s.userId, points);
      await addToCart(s.client, phone.commodity_id);
      return s;
    };

    it('Gold pays the deposit 24 hours before everyone, Platinum 48; Silver and members wait', async () => {
      await opensIn(10);
      const gold = await shopperAt(minEarned('gold'));
      const silver = await shopperAt(minEarned('silver'));
      const platinum = await shopperAt(minEarned('platinum'));
      expect((await quote(gold.client)).presale).toMatchObject({ campaign_id: CAMPAIGN, deposit: 500_000 });
      expect((await quote(platinum.client)).presale).toMatchObject({ campaign_id: CAMPAIGN });
      // Before the window, everyone else buys the phone as any product: no deposit, no pre-order.
      expect((await quote(silver.client)).presale).toBeNull();

      await opensIn(30);
      expect((await quote(gold.client)).presale).toBeNull();
      expect((await quote(platinum.client)).presale).toMatchObject({ campaign_id: CAMPAIGN });

      // The club page lists the pre-sale with the member's own opening time.
      await opensIn(10);
      const club = (await gold.client.call('/api/id/club')).body.data;
      const entry = club.early_access.find((e: any) => e.campaign_id === CAMPAIGN);
      expect(entry).toMatchObject({ product_id: 'xiaomi-15t-pro', product_name: 'Xiaomi 15T Pro' });
      expect(entry.public_opens_at - entry.opens_at).toBe(24 * 3_600_000);

      // The placement decides on its own clock and level: the Gold member's order is a deposit order.
      const addressId = await saveAddress(gold.client);
      const placed = await gold.client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId, agreePrivacy: true, agreePreOrder: true },
      });
      expect(placed.body.errno).toBe(0);
      const order = (await gold.client.call(`/api/id/order/detail?orderId=${placed.body.data.order_id}`)).body.data
        .order;
      expect(order).toMatchObject({ kind: 'deposit', amounts: { total: 500_000 } });
      // A Silver member's order in the same hour is an ordinary one at the full price.
      const silverAddress = await saveAddress(silver.client);
      const plain = await silver.client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId: silverAddress, agreePrivacy: true },
      });
      expect(plain.body.errno).toBe(0);
      const silverOrder = (await silver.client.call(`/api/id/order/detail?orderId=${plain.body.data.order_id}`)).body
        .data.order;
      expect(silverOrder.kind).toBe('standard');
    });
  });

  describe('birthday points', () => {
    /** Today in Jakarta as YYYY-MM-DD, shifted by `days`. */
    const jakartaDay = (days = 0, from = new Date()) => {
      const d = dateIn(new Date(from.getTime() + days * 86_400_000), 'Asia/Jakarta');
      return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
    };
    const birthday = (userId: number, date: string) =>
      server.db.query(`UPDATE users SET birthday = $2 WHERE id = $1`, [userId, date.replace(/^\d{4}/, '1990')]);
    const ledger = async (userId: number) =>
      server.db.query<{ delta: number }>(
        `SELECT delta FROM points_ledger WHERE user_id = $1 AND reason = 'birthday' ORDER BY id`,
        [userId],
      );

    it('once a year: given on the birthday with a message, refused a second time, given again next year', async () => {
      const s = await quickShopper(server);
      await earn(s.userId, minEarned('silver'));
      await birthday(s.userId, jakartaDay());
      await server.app.club.giveBirthdayPoints();
      // Silver in Indonesia: 5000 points (the least an order may use there).
      expect(await ledger(s.userId)).toEqual([{ delta: 5000 }]);
      const inbox = (await s.client.call('/api/id/message/list')).body.data.messages;
      expect(inbox[0]).toMatchObject({ kind: 'system', title: 'Selamat ulang tahun!' });
      expect(inbox[0].body).toContain('5000');
      const club = (await s.client.call('/api/id/club')).body.data;
      expect(club.birthday).toMatchObject({ set: true, last_points: 5000 });
      const points = (await s.client.call('/api/id/points')).body.data;
      expect(points.history[0]).toMatchObject({ reason: 'birthday', delta: 5000 });

      // Twice in a year: refused, however the job is run again or the birthday moved inside the window.
      await server.app.club.giveBirthdayPoints();
      await birthday(s.userId, jakartaDay(-3));
      await server.app.club.giveBirthdayPoints();
      expect(await ledger(s.userId)).toHaveLength(1);

      // Next year the birthday counts again (the job's clock a year on).
      const nextYear = new Date(Date.now() + 365 * 86_400_000);
      await birthday(s.userId, jakartaDay(0, nextYear));
      await server.app.club.giveBirthdayPoints(nextYear);
      expect(await ledger(s.userId)).toEqual([{ delta: 5000 }, { delta: 5000 }]);
    });

    it('parallel runs give the points once', async () => {
      const s = await quickShopper(server);
      await earn(s.userId, minEarned('platinum'));
      await birthday(s.userId, jakartaDay(-2));
      const runs = await Promise.all(Array.from({ length: 6 }, () => server.app.club.giveBirthdayPoints()));
      expect(runs.reduce((n, r) => n + r.granted, 0)).toBeGreaterThanOrEqual(1);
      // Platinum in Indonesia: 20000 points, once.
      expect(await ledger(s.userId)).toEqual([{ delta: 20_000 }]);
      const grants = await server.db.query(`SELECT level, points FROM club_birthday_grants WHERE user_id = $1`, [
        s.userId,
      ]);
      expect(grants).toEqual([{ level: 'platinum', points: 20_000 }]);
    });

    it('none below Silver, none without a birthday, none once the window has passed', async () => {
      const member = await quickShopper(server);
      await earn(member.userId, minEarned('silver') - 1);
      await birthday(member.userId, jakartaDay());
      const noBirthday = await quickShopper(server);
      await earn(noBirthday.userId, minEarned('gold'));
      const late = await quickShopper(server);
      await earn(late.userId, minEarned('gold'));
      await birthday(late.userId, jakartaDay(-31));
      await server.app.club.giveBirthdayPoints();
      for (const s of [member, noBirthday, late]) expect(await ledger(s.userId)).toEqual([]);
      expect((await noBirthday.client.call('/api/id/club')).body.data.birthday).toEqual({
        set: false,
        last_year: null,
        last_points: null,
      });
    });
  });

  describe('the priority club', () => {
    /** A shopper whose order of a premium phone (Xiaomi 15) was paid, shipped and delivered through staff's calls. */
    async function premiumOwner() {
      const phone = await commodity(server.db, `p.id = 'xiaomi-15' AND o.stock > 5`);
      const s = await quickShopper(server);
      const addressId = await saveAddress(s.client);
      await addToCart(s.client, phone.commodity_id);
      const placed = await s.client.call('/api/id/order/place', {
        method: 'POST',
        json: { addressId, agreePrivacy: true },
      });
      const orderId = placed.body.data.order_id as string;
      const paid = await s.client.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...TEST_CARD } });
      expect(paid.body.data.state).toBe('succeeded');
      return { ...s, orderId };
    }
    async function deliver(orderId: string) {
      const staff = await staffMember(server);
      const post = (path: string, json: Record<string, unknown>) =>
        staff.client.call(`/api/id${path}`, { method: 'POST', json });
      expect((await post('/staff/fulfilment/processing', { orderId })).body.errno).toBe(0);
      const shipped = await post('/staff/fulfilment/ship', {
        orderId,
        reference: `P-${orderId}`,
        carrier: 'sicepat',
        trackingNumber: `00${orderId}`,
        lines: [{ lineNo: 1, quantity: 1 }],
      });
      expect(shipped.body.errno).toBe(0);
      const shipmentId = shipped.body.data.shipments[0].id;
      expect((await post('/staff/fulfilment/delivered', { orderId, shipmentId })).body.data.order.state).toBe(
        'delivered',
      );
    }
    const ticket = (userId: number | null, email: string, text: string) =>
      server.app.repos.supportTickets.create(server.db, {
        local: 'id',
        urlLocal: 'id',
        userId,
        kind: 'ticket',
        requestType: 'delivery',
        name: 'Budi',
        email,
        orderId: null,
        text,
        dueHours: null,
      });

    it('owners of a delivered premium device come first in the ticket and chat queues, with the flag', async () => {
      const owner = await premiumOwner();
      const waiting = await premiumOwner();
      await deliver(owner.orderId);
      const other = await quickShopper(server);
      // The owner wrote first: by time alone the others' newer tickets would come before theirs.
      const ownerTicket = (await ticket(owner.userId, owner.email, 'Layar bergaris setelah pembaruan.')).ticket;
      const paidOnly = (await ticket(waiting.userId, waiting.email, 'Kapan pesanan saya dikirim?')).ticket;
      const plain = (await ticket(other.userId, other.email, 'Bagaimana cara mengganti alamat?')).ticket;
      const visitor = (await ticket(null, 'tamu@example.com', 'Apakah toko buka hari Minggu?')).ticket;
      expect(ownerTicket.priority).toBe(true);
      for (const t of [paidOnly, plain, visitor]) expect(t.priority).toBe(false);

      const staff = await staffMember(server);
      const queue = (await staff.client.call('/api/id/staff/tickets')).body.data.tickets;
      expect(queue[0]).toMatchObject({ id: ownerTicket.id, priority: true });
      expect(queue.filter((t: any) => t.priority).map((t: any) => t.id)).toEqual([ownerTicket.id]);
      const detail = (await staff.client.call(`/api/id/staff/tickets/detail?id=${ownerTicket.id}`)).body.data;
      expect(detail.ticket.priority).toBe(true);
      // The customer's own view carries it too.
      const mine = (await owner.client.call('/api/id/support/tickets/mine')).body.data.tickets;
      expect(mine[0]).toMatchObject({ id: ownerTicket.id, priority: true });

      // Chats: the owner asked first, the other shopper later; both wait for staff.
      const ask = (c: Client, body: string) => c.call('/api/id/chat/messages', { method: 'POST', json: { body } });
      const ownerChat = (await ask(owner.client, 'Qwxyz zzkrp?')).body.data.conversation_id;
      const otherChat = (await ask(other.client, 'Xqzv wwkp trrb?')).body.data.conversation_id;
      const chats = (await staff.client.call('/api/id/staff/chats')).body.data.chats;
      const order = chats.map((c: any) => c.id);
      expect(order.indexOf(ownerChat)).toBeLessThan(order.indexOf(otherChat));
      expect(chats.find((c: any) => c.id === ownerChat)).toMatchObject({ needs_staff: true, priority: true });
      expect(chats.find((c: any) => c.id === otherChat).priority).toBe(false);

      // The club page tells the owner why; the shopper whose phone has not arrived is not a member yet.
      expect((await owner.client.call('/api/id/club')).body.data.priority).toEqual({
        member: true,
        devices: ['Xiaomi 15'],
      });
      expect((await waiting.client.call('/api/id/club')).body.data.priority).toEqual({ member: false, devices: [] });
    });

    it('a premium phone bought elsewhere joins once staff verify it, and leaves when removed', async () => {
      const s = await quickShopper(server);
      const device = (
        await server.db.query<{ id: string }>(
          `INSERT INTO devices (user_id, local, url_local, product_id, model, imei, source, purchase_date,
             warranty_months, verification)
           VALUES ($1, 'id', 'id', 'xiaomi-15', 'Xiaomi 15', $2, 'registration', current_date - 30, 12, $3)
           RETURNING id::text AS id`,
          [s.userId, testImei(), 'pending'],
        )
      )[0]!;
      const priority = async () => (await s.client.call('/api/id/club')).body.data.priority;
      expect(await priority()).toEqual({ member: false, devices: [] });
      await server.db.query(`UPDATE devices SET verification = 'verified' WHERE id = $1`, [device.id]);
      expect(await priority()).toEqual({ member: true, devices: ['Xiaomi 15'] });
      expect((await ticket(s.userId, s.email, 'Kamera buram sejak kemarin.')).ticket.priority).toBe(true);
      await server.db.query(`UPDATE devices SET ended_at = now(), ended_reason = 'removed' WHERE id = $1`, [device.id]);
      expect(await priority()).toEqual({ member: false, devices: [] });
    });

    it('a premium device returned in full leaves the priority club', async () => {
      const owner = await premiumOwner();
      await deliver(owner.orderId);
      const before = (await ticket(owner.userId, owner.email, 'Baterai cepat habis sejak kemarin.')).ticket;
      expect(before.priority).toBe(true);
      // The accepted return (what staff's accept step leaves): a completed return request of the unit.
      const line = (
        await server.db.query<{ commodity_id: string; product_id: string; name: string }>(
          `SELECT commodity_id, product_id, name FROM order_lines WHERE order_id = $1 AND line_no = 1`,
          [owner.orderId],
        )
      )[0]!;
      const request = (
        await server.db.query<{ id: string }>(
          `INSERT INTO service_requests (request_no, user_id, local, url_local, order_id, commodity_id, product_id,
             product_name, kind, model, purchase_date, description, state, return_reason, pickup_by)
           VALUES ($1, $2, 'id', 'id', $3, $4, $5, $6, 'return', $6, current_date, 'Tidak sesuai harapan',
             'completed', 'changed_mind', current_date)
           RETURNING id::text AS id`,
          [`R${owner.orderId}`, owner.userId, owner.orderId, line.commodity_id, line.product_id, line.name],
        )
      )[0]!;
      await server.db.query(
        `INSERT INTO return_lines (request_id, order_id, line_no, quantity) VALUES ($1, $2, 1, 1)`,
        [request.id, owner.orderId],
      );
      const staff = await staffMember(server);
      const detail = (await staff.client.call(`/api/id/staff/tickets/detail?id=${before.id}`)).body.data;
      expect(detail.ticket.priority).toBe(false);
    });
  });

  it('the club page: what each level unlocks here, what the next adds', async () => {
    const s = await quickShopper(server);
    await earn(s.userId, minEarned('silver'));
    const club = (await s.client.call('/api/id/club')).body.data;
    expect(club).toMatchObject({
      level: 'silver',
      next: { level: 'gold', missing: minEarned('gold') - minEarned('silver') },
      benefits: { free_express: false, early_access_hours: 0, birthday_points: 5000 },
    });
    expect(club.levels.map((l: any) => [l.id, l.benefits])).toEqual([
      ['member', { free_express: false, early_access_hours: 0, birthday_points: 0 }],
      ['silver', { free_express: false, early_access_hours: 0, birthday_points: 5000 }],
      ['gold', { free_express: true, early_access_hours: 24, birthday_points: 10_000 }],
      ['platinum', { free_express: true, early_access_hours: 48, birthday_points: 20_000 }],
    ]);
    // Elsewhere the country's own entries: a point is a euro cent in Germany.
    const de = (await s.client.call('/api/de/club')).body.data;
    expect(de.levels.find((l: any) => l.id === 'silver').benefits.birthday_points).toBe(1000);
    expect(de.level).toBe('member');
    expect((await new Client(server.base).call('/api/id/club')).body.errno).not.toBe(0);
  });
});
