import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, mailbox, startServer, type TestServer } from '../../test-support/harness';
import { sellable } from '../../test-support/fixtures';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';
import { giftCardCommodityId, giftCardValues } from '../../../sites/gift-cards';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';

describe.each(drivers)('gift cards (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const place = (c: Client, addressId: string, extra: Record<string, unknown> = {}) =>
    c.call('/api/id/order/place', { method: 'POST', json: { addressId, agreePrivacy: true, ...extra } });
  const pay = (c: Client, orderId: string) =>
    c.call('/api/id/payment/card', { method: 'POST', json: { orderId, ...CARD } });
  const balanceOf = async (code: string) =>
    (
      await server.db.query<{ balance: number }>(`SELECT balance::float8 AS balance FROM gift_cards WHERE code = $1`, [
        code,
      ])
    )[0]!.balance;
  /** A card as if bought a day ago: `balance` left of `initial`, nobody's yet. */
  async function card(initial: number, balance = initial): Promise<string> {
    const code = Array.from(
      { length: 16 },
      () => 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 31)],
    ).join('');
    await server.db.query(
      `INSERT INTO gift_cards (code, local, currency, initial_amount, balance, redeemable_from, expires_at)
        VALUES ($1, 'id', 'IDR', $2, $3, now() - interval '1 day', now() + interval '3 years')`,
      [code, initial, balance],
    );
    return code;
  }
  async function shopperWith(commodityId: string, quantity = 1) {
    const s = await quickShopper(server);
    const addressId = await saveAddress(s.client);
    await addToCart(s.client, commodityId, quantity);
    return { ...s, addressId };
  }

  it('is bought as a product: the code comes by mail after payment and can be used 24 hours later', async () => {
    const value = giftCardValues('id')[1]!;
    const s = await shopperWith(giftCardCommodityId('id', value), 2);
    const order = (await place(s.client, s.addressId)).body.data.order_id;
    expect((await pay(s.client, order)).body.data.state).toBe('succeeded');
    const mine = (await s.client.call('/api/id/giftcard/mine')).body.data;
    expect(mine.gift_cards).toHaveLength(2);
    expect(mine.gift_cards[0]).toMatchObject({
      initial_amount: value,
      balance: value,
      state: 'not_yet',
      bought: true,
      mine: false,
    });
    expect(mine.gift_cards[0].redeemable_from - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const receipt = (await mailbox(server.base, s.email)).find((m) => m.kind === 'payment-receipt')!;
    const code: string = mine.gift_cards[0].code;
    expect(receipt.text).toContain(code.replace(/(.{4})(?!$)/g, '$1 '));
    // Not yet: a day must pass.
    const buyer = await shopperWith((await sellable(server.db)).commodity_id);
    expect(
      (await buyer.client.call('/api/id/checkout/quote', { method: 'POST', json: { giftCards: [code] } })).body,
    ).toMatchObject({ errno: Errno.GIFT_CARD_UNUSABLE, data: { reason: 'not_yet' } });
    // Gift cards do not buy gift cards.
    await server.db.query(`UPDATE gift_cards SET redeemable_from = now() WHERE code = $1`, [code]);
    const again = await shopperWith(giftCardCommodityId('id', value));
    expect(
      (await again.client.call('/api/id/checkout/quote', { method: 'POST', json: { giftCards: [code] } })).body.data
        .blockers,
    ).toContain('gift_cards');
  });

  it('pays part of an order and keeps the rest of its balance; a cancelled unpaid order gives it back', async () => {
    const item = await sellable(server.db);
    const s = await shopperWith(item.commodity_id);
    const quote = (await s.client.call('/api/id/checkout/quote', { method: 'POST', json: {} })).body.data;
    const total = quote.amounts.total;
    const small = await card(100_000);
    const big = await card(total * 2, total);
    const q = (
      await s.client.call('/api/id/checkout/quote', {
        method: 'POST',
        json: { giftCards: [small, big.toLowerCase().replace(/(.{4})/g, '$1-')] },
      })
    ).body.data;
    expect(q.gift_cards.map((g: any) => g.applied)).toEqual([100_000, total - 100_000]);
    expect(q.amount_due).toBe(0);
    // Only the small card: the rest is charged by card.
    const placed = await place(s.client, s.addressId, { giftCards: [small] });
    const orderId = placed.body.data.order_id;
    expect(placed.body.data.state).toBe('unpaid');
    expect(await balanceOf(small)).toBe(0);
    const detail = (await s.client.call(`/api/id/order/detail?orderId=${orderId}`)).body.data.order;
    expect(detail).toMatchObject({ gift_card_amount: 100_000, amount_due: total - 100_000 });
    const methods = (await s.client.call(`/api/id/payment/methods?orderId=${orderId}`)).body.data;
    expect(methods.total).toBe(total - 100_000);
    await s.client.call('/api/id/order/cancel', { method: 'POST', json: { orderId } });
    expect(await balanceOf(small)).toBe(100_000);
    // The big card pays it all at once: the order is paid on placement and the card keeps the difference.
    const paid = await place(s.client, s.addressId, { giftCards: [big] });
    expect(paid.body.data.state).toBe('paid');
    expect(await balanceOf(big)).toBe(0);
    const order = (await s.client.call(`/api/id/order/detail?orderId=${paid.body.data.order_id}`)).body.data.order;
    expect(order).toMatchObject({ state: 'paid', payment_type: 'gift_card', amount_due: 0 });
  });

  it('belongs to whoever adds it: others cannot see or use it; unknown, expired, too many codes refused', async () => {
    const code = await card(500_000);
    const owner = await quickShopper(server);
    expect(
      (
        await owner.client.call('/api/id/giftcard/add', {
          method: 'POST',
          json: { code: code.replace(/(.{4})(?!$)/g, '$1 ') },
        })
      ).body.data.gift_cards[0],
    ).toMatchObject({ code, balance: 500_000, state: 'active', mine: true });
    const stranger = await shopperWith((await sellable(server.db)).commodity_id);
    expect((await stranger.client.call('/api/id/giftcard/add', { method: 'POST', json: { code } })).body.errno).toBe(
      Errno.GIFT_CARD_UNUSABLE,
    );
    expect(
      (await stranger.client.call('/api/id/checkout/quote', { method: 'POST', json: { giftCards: [code] } })).body,
    ).toMatchObject({ errno: Errno.GIFT_CARD_UNUSABLE, data: { reason: 'unknown' } });
    expect((await place(stranger.client, stranger.addressId, { giftCards: [code] })).body.errno).toBe(
      Errno.GIFT_CARD_UNUSABLE,
    );
    expect(
      (
        await stranger.client.call('/api/de/checkout/quote', {
          method: 'POST',
          json: { giftCards: [await card(1000)] },
        })
      ).body.errno,
    ).toBe(Errno.GIFT_CARD_UNUSABLE);
    const expired = await card(1000);
    await server.db.query(`UPDATE gift_cards SET expires_at = now() - interval '1 minute' WHERE code = $1`, [expired]);
    expect(
      (await stranger.client.call('/api/id/checkout/quote', { method: 'POST', json: { giftCards: [expired] } })).body
        .data.reason,
    ).toBe('expired');
    const eleven = await Promise.all(Array.from({ length: 11 }, () => card(1000)));
    const tooMany = await stranger.client.call('/api/id/checkout/quote', {
      method: 'POST',
      json: { giftCards: eleven },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errno).not.toBe(0);
    const ten = (
      await stranger.client.call('/api/id/checkout/quote', { method: 'POST', json: { giftCards: eleven.slice(0, 10) } })
    ).body.data;
    expect(ten.gift_card_amount).toBe(10_000);
    for (const bad of ['', 'x'.repeat(41), 'SHORT'])
      expect(
        (await stranger.client.call('/api/id/giftcard/add', { method: 'POST', json: { code: bad } })).body.errno,
      ).not.toBe(0);
    expect((await new Client(server.base).call('/api/id/giftcard/mine')).body.errno).toBe(Errno.NOT_LOGGED_IN);
  });

  it('parallel orders on one card never spend more than its balance', async () => {
    const item = await sellable(server.db);
    const code = await card(300_000);
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => shopperWith(item.commodity_id)));
    const answers = await Promise.all(shoppers.map((s) => place(s.client, s.addressId, { giftCards: [code] })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const spent = (
      await server.db.query<{ n: number }>(
        `SELECT coalesce(sum(u.amount), 0)::float8 AS n FROM gift_card_uses u
          JOIN gift_cards g ON g.id = u.gift_card_id WHERE g.code = $1 AND u.returned_at IS NULL`,
        [code],
      )
    )[0]!.n;
    expect(spent).toBe(300_000);
    expect(await balanceOf(code)).toBe(0);
    expect(answers.filter((r) => r.body.errno === 0)).toHaveLength(1);
    expect(answers.filter((r) => r.body.errno === Errno.GIFT_CARD_UNUSABLE)).toHaveLength(7);
  });
});
