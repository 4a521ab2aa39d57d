import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test-support/harness';
import { addToCart, quickShopper, saveAddress } from '../../test-support/shoppers';
import { Errno } from '../../errors';
import type { BnplProvider, BnplSession } from '../../payments/bnpl';
import type { IssuerLookup } from '../../payments/card-issuers';
import { sandboxGateway } from '../../payments/sandbox-gateway';

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
};
const SESSION = 'bnpl_abcdefghijklmnopqrstuvwx';

/** A pay-later provider outside the store: it hosts its own approval page, so the store serves none. */
function remoteBnpl(): BnplProvider {
  const sessions = new Map<string, BnplSession>();
  return {
    id: 'bnpl-remote',
    async createSession(input) {
      const session: BnplSession = {
        sessionRef: `remote_${input.reference}`,
        reference: input.reference,
        offer: input.offer,
        status: 'pending',
        amountMinor: input.amountMinor,
        currency: input.currency,
      };
      sessions.set(input.reference, session);
      return { session, redirectUrl: `/remote-pay-later/approve/${session.sessionRef}` };
    },
    retrieve: async (ref) => [...sessions.values()].find((s) => s.sessionRef === ref) ?? null,
    verifyCallback: async () => false,
    lookup: async (reference) => sessions.get(reference) ?? null,
    async cancel(reference) {
      const session = sessions.get(reference);
      if (session?.status === 'pending') session.status = 'expired';
      return session ?? null;
    },
    refund: async () => ({ status: 'failed', code: 'unknown_charge' }),
  };
}

/** An issuer service that knows every card as an HDFC credit card, the sandbox's approve card among them. */
const everyCardHdfc: IssuerLookup = { issuer: () => ({ bank: 'hdfc', kind: 'credit' }) };

describe.each(drivers)('payment providers chosen in one place (%s)', (driver) => {
  describe('another pay-later provider and issuer lookup than the sandbox', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(
        driver,
        {},
        {
          providers: (db) => ({
            card: sandboxGateway(db),
            bnpl: remoteBnpl(),
            issuers: everyCardHdfc,
            bnplSandbox: null,
          }),
        },
      );
    });
    afterAll(async () => server?.close());

    /** A new shopper with one placed, unpaid order in the storefront, priced in [min, max] (major units). */
    async function orderIn(urlLocal: string, min: number, max: number) {
      const rows = await server.db.query<{ commodity_id: string }>(
        `SELECT c.commodity_id FROM commodities c JOIN products p ON p.id = c.product_id
          JOIN offers o ON o.commodity_id = c.commodity_id AND o.local = $1
         WHERE o.stock > 20 AND o.sale_price BETWEEN $2 AND $3 AND p.category <> 'gift-cards'
         AND p.id NOT IN (SELECT product_id FROM fcodes)
           AND p.id NOT IN (SELECT product_id FROM presale_campaigns) ORDER BY o.sale_price, c.commodity_id LIMIT 1`,
        [urlLocal, min, max],
      );
      const s = await quickShopper(server);
      const addressId = await saveAddress(s.client, urlLocal, ADDRESSES[urlLocal]);
      await addToCart(s.client, rows[0]!.commodity_id, 1, urlLocal);
      const placed = await s.client.call(`/api/${urlLocal}/order/place`, {
        method: 'POST',
        json: { addressId, agreePrivacy: true },
      });
      expect(placed.body.errno).toBe(0);
      return { ...s, orderId: placed.body.data.order_id as string };
    }

    it('has no sandbox approval page: GET and POST answer 404 in the envelope', async () => {
      const { client } = await quickShopper(server);
      const page = await client.call(`/api/id/pay/bnpl/sandbox/${SESSION}`);
      expect(page.status).toBe(404);
      expect(page.body).toMatchObject({ data: null, errno: Errno.NOT_FOUND });
      const form = await client.call(`/api/id/pay/bnpl/sandbox/${SESSION}`, {
        method: 'POST',
        form: { decision: 'approve' },
        headers: { origin: server.base },
      });
      expect(form.status).toBe(404);
      expect(form.body).toMatchObject({ data: null, errno: Errno.NOT_FOUND });
    });

    it('opens pay-later sessions at the configured provider', async () => {
      const o = await orderIn('id', 1_000_000, 10_000_000);
      const started = await o.client.call('/api/id/payment/bnpl/start', {
        method: 'POST',
        json: { orderId: o.orderId, provider: 'kredivo' },
      });
      expect(started.body.errno).toBe(0);
      expect(new URL(started.body.data.redirect_url).pathname).toBe(
        `/remote-pay-later/approve/remote_pay_${started.body.data.payment_id}`,
      );
    });

    it("asks the configured issuer lookup for the card's bank", async () => {
      const o = await orderIn('in', 20_000, 60_000);
      // The sandbox's own lookup knows no issuer of this card; the configured one calls it an HDFC credit card.
      const paid = await o.client.call('/api/in/payment/instalment', {
        method: 'POST',
        json: {
          orderId: o.orderId,
          planId: 'in-nocost-3',
          number: '4242424242424242',
          expiry: '12/34',
          cvv: '123',
          holder: 'Asha Rao',
        },
      });
      expect(paid.body.errno).toBe(0);
      expect(paid.body.data.state).toBe('succeeded');
      const plan = (
        await server.db.query<{ bank: string; card_kind: string }>(
          `SELECT bank, card_kind FROM payment_plans WHERE payment_id = $1`,
          [paid.body.data.payment_id],
        )
      )[0];
      expect(plan).toEqual({ bank: 'hdfc', card_kind: 'credit' });
    });
  });

  describe('the sandbox configured (the default)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(driver);
    });
    afterAll(async () => server?.close());

    it("serves the sandbox's approval page (an unknown session is its own HTML page)", async () => {
      const { client } = await quickShopper(server);
      const page = await client.fetch(`/api/id/pay/bnpl/sandbox/${SESSION}`);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toContain('role="alert"');
    });
  });
});
