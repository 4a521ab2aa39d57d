import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../test-support/harness';
import { giftCardBalance, paidOrder } from '../test-support/paid-orders';
import { unpaidOrder } from '../test-support/shoppers';
import { allocateRefund, refundOrderIn, type RefundOrderRequest } from './refund-order';
import type { RefundSource } from '../repositories/refunds';

const source = (kind: RefundSource['kind'], id: string, paid: number, refunded = 0): RefundSource => ({
  kind,
  id,
  of: kind === 'gift_card' ? 'gift_card' : 'payment',
  provider: kind === 'provider' ? 'sandbox' : null,
  provider_ref: kind === 'provider' ? 'ch_1' : null,
  paid,
  refunded,
});

describe('the refund allocation rule', () => {
  it('provider charges first, then transfers, then gift cards; never more than a source has left', () => {
    const sources = [source('gift_card', '9', 300), source('transfer', '5', 200), source('provider', '7', 700, 100)];
    expect(allocateRefund(sources, 500).map((p) => [p.source.kind, p.amount])).toEqual([['provider', 500]]);
    expect(allocateRefund(sources, 800).map((p) => [p.source.kind, p.amount])).toEqual([
      ['provider', 600],
      ['transfer', 200],
    ]);
    expect(allocateRefund(sources, 1100).map((p) => [p.source.kind, p.amount])).toEqual([
      ['provider', 600],
      ['transfer', 200],
      ['gift_card', 300],
    ]);
    // Two gift cards: the older one (lower id) first.
    expect(
      allocateRefund([source('gift_card', '12', 50), source('gift_card', '3', 50)], 60).map((p) => [
        p.source.id,
        p.amount,
      ]),
    ).toEqual([
      ['3', 50],
      ['12', 10],
    ]);
  });
});

/**
 * refundOrderIn against a real database: what a paid order's card and gift card took goes back once, however many
 * refunds race, and never more than was paid.
 */
describe.each(drivers)('refundOrderIn (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const refund = (request: Partial<RefundOrderRequest> & { orderId: string }) =>
    server.db.transaction((tx) =>
      refundOrderIn(tx, server.app.repos, {
        amount: 'all',
        currency: 'IDR',
        reason: 'goodwill',
        actor: 'system',
        ...request,
      }),
    );
  const refundRows = (orderId: string) =>
    server.db.query<{ amount: string; state: string; provider: string | null; gift_card_id: string | null }>(
      `SELECT amount, state, provider, gift_card_id::text AS gift_card_id FROM refunds WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );

  it('20 parallel full refunds of a card + gift card order: once, card by the job, gift card at once', async () => {
    const o = await paidOrder(server, { giftCard: 50_000 });
    expect(o.giftCard!.applied).toBe(50_000);
    expect(o.charged).toBe(o.total - 50_000);
    expect(await giftCardBalance(server, o.giftCard!.id)).toBe(0);
    const results = await Promise.all(Array.from({ length: 20 }, () => refund({ orderId: o.orderId })));
    const done = results.filter((r) => r.ok);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ refunded: o.total, remaining: 0 });
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'nothing_left')).toBe(true);
    const rows = await refundRows(o.orderId);
    expect(rows.map((r) => [Number(r.amount), r.state, r.provider, r.gift_card_id])).toEqual([
      [o.charged, 'pending', 'sandbox', null],
      [50_000, 'done', null, o.giftCard!.id],
    ]);
    expect(await giftCardBalance(server, o.giftCard!.id)).toBe(50_000);
    // The refund job pays the card part through the gateway, once.
    await server.app.refundJob.run();
    expect((await refundRows(o.orderId))[0]!.state).toBe('succeeded');
    const gateway = await server.db.query<{ amount: string }>(
      `SELECT r.amount FROM sandbox_refunds r JOIN refunds f ON r.reference = 'refund_' || f.id WHERE f.order_id = $1`,
      [o.orderId],
    );
    expect(gateway.map((g) => Number(g.amount))).toEqual([o.charged]);
    // The timeline: one refund_due for the card part, one refunded for the gift card, one refunded by the job.
    const steps = await server.db.query<{ kind: string; amount: number }>(
      `SELECT kind, (detail->>'amount')::float8 AS amount FROM order_events WHERE order_id = $1
         AND kind LIKE 'refund%' ORDER BY id`,
      [o.orderId],
    );
    expect(steps).toEqual([
      { kind: 'refund_due', amount: o.charged },
      { kind: 'refunded', amount: 50_000 },
      { kind: 'refunded', amount: o.charged },
    ]);
  });

  it('parallel partial refunds summing above what was paid: the excess is refused, never overdrawn', async () => {
    const o = await paidOrder(server, { giftCard: 30_000 });
    const part = Math.ceil(o.total / 7);
    const results = await Promise.all(Array.from({ length: 20 }, () => refund({ orderId: o.orderId, amount: part })));
    const granted = results.filter((r) => r.ok).length;
    expect(granted).toBe(Math.floor(o.total / part));
    for (const r of results.filter((x) => !x.ok))
      expect(r).toMatchObject({ ok: false, reason: 'over_refundable', refunded: 0 });
    const rows = await refundRows(o.orderId);
    const sum = rows.reduce((s, r) => s + Number(r.amount), 0);
    expect(sum).toBe(granted * part);
    expect(sum).toBeLessThanOrEqual(o.total);
    // What is left is refundable exactly, and then nothing more.
    const rest = o.total - sum;
    expect(await refund({ orderId: o.orderId, amount: rest + 1 })).toMatchObject({
      ok: false,
      reason: 'over_refundable',
      refundable: rest,
    });
    expect(await refund({ orderId: o.orderId })).toMatchObject({ ok: true, refunded: rest, remaining: 0 });
    const cardSum = (await refundRows(o.orderId)).filter((r) => r.provider).reduce((s, r) => s + Number(r.amount), 0);
    expect(cardSum).toBe(o.charged);
    expect(await giftCardBalance(server, o.giftCard!.id)).toBe(30_000);
  });

  it('refuses what cannot be refunded: unknown, unpaid, other currency, bad amounts', async () => {
    const o = await paidOrder(server);
    for (const orderId of ['0', '999999999', 'x', "1'; DROP TABLE refunds; --", ''])
      expect(await refund({ orderId })).toMatchObject({ ok: false, reason: 'not_found' });
    const unpaid = await unpaidOrder(server);
    expect(await refund({ orderId: unpaid.orderId })).toMatchObject({ ok: false, reason: 'not_paid' });
    expect(await refund({ orderId: o.orderId, currency: 'EUR' })).toMatchObject({ ok: false, reason: 'currency' });
    for (const amount of [0, -1, 1.5, Number.NaN, Number.MAX_VALUE])
      expect(await refund({ orderId: o.orderId, amount })).toMatchObject({ ok: false, reason: 'invalid_amount' });
    expect(await refundRows(o.orderId)).toEqual([]);
  });
});
