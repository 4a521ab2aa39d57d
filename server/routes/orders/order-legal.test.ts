import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, quickShopper, saveAddress, unpaidOrder } from '../../test-support/shoppers';
import { staffMember } from '../../test-support/staff';
import { sellable } from '../../test-support/fixtures';
import { currentAcceptance } from '../../legal/current-versions';
import { loadLegalDocuments } from '../../../content/legal/load';
import { Errno } from '../../errors';

/**
 * Checkout records which versions of the terms of sale and the privacy policy the shopper accepted with the order,
 * in the language each was shown; the owner reads them in the order's data, staff in the console's order lookup.
 */
describe.each(drivers)('legal versions accepted with an order (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(async () => server?.close());

  const current = currentAcceptance('id-ID');

  it('the versions shown in Indonesia are the Indonesian documents of the current version', () => {
    expect(current).toEqual({ termsVersion: '1.0', termsLanguage: 'id', privacyVersion: '1.0', privacyLanguage: 'id' });
    // A storefront whose translation is pending (here French, taken out of the documents) accepts the English
    // document it shows.
    const docs = loadLegalDocuments(path.resolve('content/legal'));
    const withoutFrench = new Map(
      [...docs].map(([id, byLanguage]) => [id, new Map([...byLanguage].filter(([l]) => l !== 'fr'))]),
    );
    expect(currentAcceptance('fr-FR', withoutFrench)).toMatchObject({ termsLanguage: 'en', privacyLanguage: 'en' });
    expect(currentAcceptance('fr-FR')).toMatchObject({ termsLanguage: 'fr', privacyLanguage: 'fr' });
    expect(currentAcceptance('de-AT')).toMatchObject({ termsLanguage: 'de', privacyLanguage: 'de' });
  });

  it('placing an order records them; the owner and staff read them, nobody else', async () => {
    const { client, orderId } = await unpaidOrder(server);
    const expected = {
      terms_version: current.termsVersion,
      terms_language: current.termsLanguage,
      privacy_version: current.privacyVersion,
      privacy_language: current.privacyLanguage,
    };
    const detail = await client.call(`/api/id/order/detail?orderId=${orderId}`);
    expect(detail.body.errno).toBe(0);
    expect(detail.body.data.legal).toMatchObject(expected);
    const own = await client.call(`/api/id/order/legal?orderId=${orderId}`);
    expect(own.body.data).toMatchObject({ order_id: orderId, legal: expected });

    const staff = (await staffMember(server)).client;
    const seen = await staff.call(`/api/id/staff/orders/legal?orderId=${orderId}`);
    expect(seen.body.data).toMatchObject({ order_id: orderId, legal: expected });
    expect(Date.parse(seen.body.data.legal.accepted_at)).not.toBeNaN();

    const stranger = await quickShopper(server);
    const other = await stranger.client.call(`/api/id/order/legal?orderId=${orderId}`);
    expect(other.body.errno).toBe(Errno.NOT_FOUND);
    const notStaff = await stranger.client.call(`/api/id/staff/orders/legal?orderId=${orderId}`);
    expect(notStaff.status).toBe(403);
    // Staff of another country do not see it either.
    expect((await staff.call(`/api/de/staff/orders/legal?orderId=${orderId}`)).body.errno).toBe(Errno.NOT_FOUND);
  });

  it('parallel retries of one placement record one acceptance; parallel shoppers one each', async () => {
    const item = await sellable(server.db, 1, 3);
    await server.db.query(`UPDATE offers SET stock = greatest(stock, 1000) WHERE commodity_id = $1 AND local = 'id'`, [
      item.commodity_id,
    ]);
    const shoppers = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const s = await quickShopper(server);
        const addressId = await saveAddress(s.client);
        await addToCart(s.client, item.commodity_id);
        return { ...s, addressId };
      }),
    );
    const placed = await Promise.all(
      shoppers.flatMap((s) =>
        [0, 1, 2].map(() =>
          s.client.call('/api/id/order/place', {
            method: 'POST',
            json: { addressId: s.addressId, agreePrivacy: true, checkoutToken: `ck_legal_${s.userId}` },
          }),
        ),
      ),
    );
    for (const r of placed) expect(r.body.errno).toBe(0);
    const orderIds = [...new Set(placed.map((r) => r.body.data.order_id as string))];
    expect(orderIds).toHaveLength(shoppers.length);
    const rows = await server.db.query<{ order_id: string; terms_version: string }>(
      `SELECT order_id::text AS order_id, terms_version FROM order_legal_acceptances
        WHERE order_id = ANY($1::bigint[])`,
      [orderIds],
    );
    expect(rows.map((r) => r.order_id).sort()).toEqual([...orderIds].sort());
    expect(new Set(rows.map((r) => r.terms_version))).toEqual(new Set([current.termsVersion]));
  });

  it('an order placed before versions were recorded answers null, not an error', async () => {
    const { client, orderId } = await unpaidOrder(server, { skip: 4 });
    await server.db.query('DELETE FROM order_legal_acceptances WHERE order_id = $1', [orderId]);
    const detail = await client.call(`/api/id/order/detail?orderId=${orderId}`);
    expect(detail.body.errno).toBe(0);
    expect(detail.body.data.legal).toBeNull();
  });
});
