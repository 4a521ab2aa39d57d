import { FLASH_OPS_TOKEN as OPS_TOKEN, setTestSale } from '../../test-support/flash-sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { establishedShopper, saveAddress } from '../../test-support/shoppers';
import { writeSeed } from '../../db/seed';
import { defaultContentDir, readSeedContent } from '../../db/seed-source';

import { TEST_CARD as CARD } from '../../test-support/paid-orders';
const SALE = 'id-xiaomi-15t-flash';

/** Campaigns are content; places, sold units and orders are live data that a re-seed never touches. */
describe.each(drivers)('flash sales from the content snapshot (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, { OPS_TOKEN });
  });
  afterAll(async () => server?.close());

  it("serves the snapshot's sales in /id and /de, in their currencies", async () => {
    const id = await fetch(`${server.base}/api/id/seckill/sale?saleId=${SALE}`).then((r) => r.json());
    expect(id).toMatchObject({
      errno: 0,
      data: { phase: 'upcoming', product_id: 'xiaomi-15t', units: 200, left: 200, sale_price: 7_999_000 },
    });
    expect(id.data.currency).toBe('IDR');
    const de = await fetch(`${server.base}/api/de/seckill/sales?productId=xiaomi-15t`).then((r) => r.json());
    expect(de.data.sales).toEqual([
      expect.objectContaining({ sale_id: 'de-xiaomi-15t-flash', sale_price: 39_900, currency: 'EUR', exponent: 2 }),
    ]);
    // A sale is its country's only.
    const elsewhere = await fetch(`${server.base}/api/de/seckill/sale?saleId=${SALE}`).then((r) => r.json());
    expect(elsewhere.errno).not.toBe(0);
  });

  it('keeps places, sold units and orders through a re-seed, which sets the campaign back', async () => {
    // The operator opens the content sale now with two units; two shoppers win, one pays.
    await setTestSale(server.base, {
      saleId: SALE,
      productId: 'xiaomi-15t',
      commodityIds: ['10013', '10014'],
      units: 2,
      salePrice: 7_999_000,
    });
    await server.app.flashSales.refresh(SALE);
    const buyers = await Promise.all([establishedShopper(server), establishedShopper(server)]);
    const orders: string[] = [];
    for (const b of buyers) {
      await saveAddress(b.client);
      const won = await b.client.call('/api/id/seckill/enter', {
        method: 'POST',
        json: { saleId: SALE, commodityId: '10013' },
      });
      expect(won.body.data).toMatchObject({ state: 'won' });
      orders.push(won.body.data.order_id);
    }
    const paid = await buyers[0]!.client.call('/api/id/payment/card', {
      method: 'POST',
      json: { orderId: orders[0], ...CARD },
    });
    expect(paid.body.data.state).toBe('succeeded');

    await server.db.transaction((tx) =>
      writeSeed(
        tx,
        readSeedContent(defaultContentDir, () => undefined),
      ),
    );
    await server.app.flashSales.refresh(SALE);

    const sale = await fetch(`${server.base}/api/id/seckill/sale?saleId=${SALE}`).then((r) => r.json());
    expect(sale.data).toMatchObject({ phase: 'upcoming', units: 200, left: 198 });
    const places = await server.db.query<{ seq: number; order_id: string; paid: boolean; state: string }>(
      `SELECT f.seq, f.order_id::text AS order_id, o.paid_at IS NOT NULL AS paid, o.state
       FROM flash_places f JOIN orders o ON o.id = f.order_id WHERE f.sale_id = $1 ORDER BY f.seq`,
      [SALE],
    );
    expect(places).toEqual([
      { seq: 1, order_id: orders[0], paid: true, state: 'paid' },
      { seq: 2, order_id: orders[1], paid: false, state: 'unpaid' },
    ]);
    const [tally] = await server.db.query(`SELECT admitted, expired, held FROM flash_sale_tallies WHERE sale_id = $1`, [
      SALE,
    ]);
    expect(tally).toEqual({ admitted: 2, expired: 0, held: 2 });
    expect((await buyers[1]!.client.call(`/api/id/seckill/place?saleId=${SALE}`)).body.data).toMatchObject({
      state: 'won',
      order_id: orders[1],
    });
  });
});
