import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, drivers, startServer, type TestServer } from '../test-support/harness';
import { quickShopper, unpaidOrder } from '../test-support/shoppers';
import { paidOrderRow, pdfText } from '../test-support/invoiced-orders';
import { makeStaff } from '../test-support/staff';
import { Errno } from '../errors';
import { formatPrice } from '../../region-config/format-price';
import { toMajor } from '../../region-config/money';
import { getSiteConfig } from '../../sites/site-config';

import { TEST_CARD as CARD } from '../test-support/paid-orders';
const ADDRESS = { recipient: 'Test Buyer', phone: '0123456789', street: 'Test Street', houseNumber: '1', city: 'Town' };

/** An amount as the country's invoices print it. */
const fmt = (local: string, minor: number, currency: string) =>
  formatPrice(toMajor(minor, currency), getSiteConfig(local).priceDisplay);

interface DocumentView {
  id: string;
  kind: string;
  number: string;
  total: number;
  tax: number;
  corrects: string | null;
}

async function documentsOf(client: Client, urlLocal: string, orderId: string): Promise<DocumentView[]> {
  const r = await client.call(`/api/${urlLocal}/order/documents?orderId=${orderId}`);
  expect(r.body.errno, JSON.stringify(r.body)).toBe(0);
  return r.body.data.documents as DocumentView[];
}

async function pdfOf(client: Client, urlLocal: string, id: string): Promise<string> {
  const res = await client.fetch(`/api/${urlLocal}/order/document?id=${id}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.pdf"$/);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

describe.each(drivers)('invoices and credit notes (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  }, 120_000);
  afterAll(async () => server?.close());

  it('numbers 50 orders paid in parallel 1..50 without a gap or a duplicate, with several runners', async () => {
    const orders = await Promise.all(Array.from({ length: 50 }, () => unpaidOrder(server)));
    const paid = await Promise.all(
      orders.map((o) =>
        o.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: o.orderId, ...CARD } }),
      ),
    );
    for (const p of paid) expect(p.body.errno, JSON.stringify(p.body)).toBe(0);
    // Several processes run the job at once: four runners here, each issuing what is due.
    const runs = await Promise.all([1, 2, 3, 4].map(() => server.app.invoiceJob.run()));
    expect(runs.reduce((a, r) => a + r.invoices, 0)).toBe(50);
    const rows = await server.db.query<{ seq: number; number: string; order_id: string }>(
      `SELECT seq, number, order_id::text AS order_id FROM invoices
       WHERE local = 'id' AND kind = 'invoice' ORDER BY seq`,
    );
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(50);
    expect(rows[0]!.number).toMatch(/^ID-20\d\d-000001$/);
    // A second run finds nothing due: one invoice per order.
    expect(await server.app.invoiceJob.run()).toEqual({ invoices: 0, creditNotes: 0 });
    // Every order's timeline has its step, and its owner a mail with the PDF attached.
    const steps = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_events WHERE kind = 'invoice_issued'`,
    );
    expect(steps[0]!.n).toBe(50);
    const mails = await server.db.query<{ attachments: { kind: string; filename: string }[] }>(
      `SELECT attachments FROM mail_outbox WHERE kind = 'order-invoice'`,
    );
    expect(mails).toHaveLength(50);
    expect(mails[0]!.attachments[0]).toMatchObject({
      kind: 'invoice',
      filename: expect.stringMatching(/^ID-.+\.pdf$/),
    });

    // The `id` invoice: Indonesian price format, PPN included, the order's totals.
    const first = orders[0]!;
    const order = (
      await server.db.query<{ total: number; tax: number; currency: string }>(
        `SELECT total::float8 AS total, tax::float8 AS tax, currency FROM orders WHERE id = $1`,
        [first.orderId],
      )
    )[0]!;
    const [doc] = await documentsOf(first.client, 'id', first.orderId);
    expect(doc).toMatchObject({ kind: 'invoice', total: order.total, tax: order.tax });
    const text = await pdfOf(first.client, 'id', doc!.id);
    expect(text).toContain(doc!.number);
    expect(text).toContain('PT Mi Store Indonesia');
    expect(text).toContain(fmt('id', order.total, 'IDR'));
    expect(text).toContain(`PPN 11 %`);
    expect(text).toContain(fmt('id', order.tax, 'IDR'));
    expect(text).toContain('Semua harga sudah termasuk PPN.');
  }, 180_000);

  it('gives a rolled-back number back: the next invoice takes it', async () => {
    const before = await server.db.query<{ n: number }>(
      `SELECT coalesce(max(seq), 0)::int AS n FROM invoices WHERE local = 'de' AND kind = 'invoice'`,
    );
    await expect(
      server.db.transaction(async (tx) => {
        await server.app.repos.invoices.nextNumberIn(tx, 'de', 'invoice', 2026);
        throw new Error('the issue failed after numbering');
      }),
    ).rejects.toThrow('numbering');
    const rows = await server.db.query<{ last_value: number }>(
      `SELECT last_value FROM invoice_counters WHERE local = 'de' AND series = 'invoice' AND year = 2026`,
    );
    expect(rows[0]?.last_value ?? 0).toBe(before[0]!.n);
  });

  it('splits GST into CGST and SGST within the seller state and charges IGST across states (in, GSTIN)', async () => {
    const s = await quickShopper(server);
    const company = { type: 'company', companyName: 'Acme Traders Pvt Ltd', taxId: '29ABCDE1234F1Z5' };
    const within = await paidOrderRow(server.db, {
      userId: s.userId,
      local: 'in',
      urlLocal: 'in',
      lines: [{ name: 'Redmi Note 13', quantity: 2, unitPrice: 1_799_900 }],
      address: { ...ADDRESS, state: 'Karnataka', postalCode: '560001' },
      invoice: company,
    });
    const across = await paidOrderRow(server.db, {
      userId: s.userId,
      local: 'in',
      urlLocal: 'in',
      lines: [{ name: 'Redmi Note 13', quantity: 1, unitPrice: 1_799_900 }],
      address: { ...ADDRESS, state: 'Maharashtra', postalCode: '400001' },
      invoice: { ...company, taxId: '27ABCDE1234F1Z5' },
    });
    await server.app.invoiceJob.run();
    const [a] = await documentsOf(s.client, 'in', within.id);
    const inState = await pdfOf(s.client, 'in', a!.id);
    expect(inState).toContain('GSTIN: 29AABCM1234A1Z5');
    expect(inState).toContain('Acme Traders Pvt Ltd');
    expect(inState).toContain('29ABCDE1234F1Z5');
    const half = Math.trunc(within.tax / 2);
    expect(inState).toContain(`CGST 9 %`);
    expect(inState).toContain(`SGST 9 %`);
    expect(inState).toContain(fmt('in', half, 'INR'));
    expect(inState).toContain(fmt('in', within.tax - half, 'INR'));
    expect(inState).not.toContain('IGST');
    expect(inState).toContain(fmt('in', within.total, 'INR'));
    const [b] = await documentsOf(s.client, 'in', across.id);
    const otherState = await pdfOf(s.client, 'in', b!.id);
    expect(otherState).toContain('IGST 18 %');
    expect(otherState).toContain(fmt('in', across.tax, 'INR'));
    expect(otherState).not.toContain('CGST');
  });

  it('writes German invoices: "inkl. MwSt." for a consumer, VAT numbers and reverse charge for a company', async () => {
    const s = await quickShopper(server);
    const consumer = await paidOrderRow(server.db, {
      userId: s.userId,
      local: 'de',
      urlLocal: 'de',
      lines: [{ name: 'Xiaomi 14', quantity: 1, unitPrice: 100_000 }],
      shipping: 499,
      address: { ...ADDRESS, postalCode: '10115', city: 'Berlin' },
    });
    const company = await paidOrderRow(server.db, {
      userId: s.userId,
      local: 'de',
      urlLocal: 'de',
      lines: [{ name: 'Xiaomi 14', quantity: 10, unitPrice: 100_000 }],
      address: { ...ADDRESS, postalCode: '10115', city: 'Berlin' },
      invoice: { type: 'company', companyName: 'Muster GmbH', taxId: 'FR40123456789' },
      vatExempt: true,
    });
    await server.app.invoiceJob.run();
    const [c] = await documentsOf(s.client, 'de', consumer.id);
    const text = await pdfOf(s.client, 'de', c!.id);
    expect(text).toContain('Rechnung');
    expect(text).toContain('inkl. MwSt.');
    expect(text).toContain('1.004,99 €');
    expect(text).toContain('MwSt. 19 %');
    expect(text).toContain(fmt('de', consumer.tax, 'EUR'));
    expect(text).toContain('USt-IdNr.: DE312456789');
    const [k] = await documentsOf(s.client, 'de', company.id);
    const companyText = await pdfOf(s.client, 'de', k!.id);
    expect(companyText).toContain('Muster GmbH');
    expect(companyText).toContain('FR40123456789');
    expect(companyText).toContain('DE312456789');
    expect(companyText).toContain('Reverse Charge');
    expect(companyText).not.toContain('inkl. MwSt.');
    // The exempt company pays the net price: 10 × 1.000,00 € without the 19 % it contains.
    expect(companyText).toContain(fmt('de', company.total, 'EUR'));
    expect(k!.tax).toBe(0);
  });

  it('invoices a US order at shipment, with sales tax added and the USD format', async () => {
    const s = await quickShopper(server);
    const us = await paidOrderRow(server.db, {
      userId: s.userId,
      local: 'us',
      urlLocal: 'us',
      lines: [{ name: 'Xiaomi Pad 6', quantity: 3, unitPrice: 39_999 }],
      shipping: 999,
      address: { ...ADDRESS, state: 'CA', postalCode: '94111' },
    });
    await server.app.invoiceJob.run();
    expect(await documentsOf(s.client, 'us', us.id)).toEqual([]);
    await server.db.query(`UPDATE orders SET state = 'shipped', shipped_at = now() WHERE id = $1`, [us.id]);
    await server.app.invoiceJob.run();
    const [doc] = await documentsOf(s.client, 'us', us.id);
    const text = await pdfOf(s.client, 'us', doc!.id);
    expect(text).toContain('Invoice');
    expect(text).toContain('$1,209.96');
    expect(text).toContain(fmt('us', us.total, 'USD'));
    expect(text).toContain('Sales tax 0 %');
    expect(text).not.toContain('All prices include');
  });

  it('issues a credit note per refund paid back, negative, in its own series, naming the invoice', async () => {
    const s = await quickShopper(server);
    const order = await paidOrderRow(server.db, {
      userId: s.userId,
      local: 'de',
      urlLocal: 'de',
      lines: [{ name: 'Redmi Buds 5', quantity: 2, unitPrice: 5_000 }],
      address: { ...ADDRESS, postalCode: '10115', city: 'Berlin' },
    });
    await server.app.invoiceJob.run();
    const refund = async (state: string, reason: string, amount: number) =>
      server.db.query(
        `INSERT INTO refunds (order_id, amount, currency, reason, state, due_by) VALUES ($1, $2, 'EUR', $3, $4, now())`,
        [order.id, amount, reason, state],
      );
    // Not yet paid back, or not a sale's money (a duplicate payment): no credit note.
    await refund('pending', 'returned', 5_000);
    await refund('succeeded', 'duplicate', 10_000);
    expect((await server.app.invoiceJob.run()).creditNotes).toBe(0);
    await refund('succeeded', 'cancelled', 5_000);
    await Promise.all([server.app.invoiceJob.run(), server.app.invoiceJob.run()]);
    const docs = await documentsOf(s.client, 'de', order.id);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const [invoice, credit] = docs;
    expect(credit).toMatchObject({ total: -5_000, corrects: invoice!.number });
    expect(credit!.number).toMatch(/^DE-CN-20\d\d-0000\d\d$/);
    expect(credit!.tax).toBe(-Math.round((5_000 * 1900) / 11_900));
    const text = await pdfOf(s.client, 'de', credit!.id);
    expect(text).toContain('Gutschrift');
    expect(text).toContain(invoice!.number);
    expect(text).toContain('-50,00 €');
    // The mail worker resolves the attachment (renders the PDF) when it sends: the mails go out without an error.
    server.app.mail.wake();
    let unsent: { last_error: string | null }[] = [];
    for (let i = 0; i < 100; i++) {
      unsent = await server.db.query<{ last_error: string | null }>(
        `SELECT last_error FROM mail_outbox WHERE kind = 'order-credit-note' AND sent_at IS NULL`,
      );
      if (unsent.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(unsent).toEqual([]);
  });

  it('lets only the owner download: another shopper gets not found, a visitor is asked to sign in', async () => {
    const owner = await quickShopper(server);
    const other = await quickShopper(server);
    const order = await paidOrderRow(server.db, {
      userId: owner.userId,
      local: 'de',
      urlLocal: 'de',
      lines: [{ name: 'Redmi 13', quantity: 1, unitPrice: 19_900 }],
      address: { ...ADDRESS, postalCode: '10115', city: 'Berlin' },
    });
    await server.app.invoiceJob.run();
    const [doc] = await documentsOf(owner.client, 'de', order.id);
    const theirs = await other.client.call(`/api/de/order/document?id=${doc!.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.errno).toBe(Errno.DOCUMENT_NOT_FOUND);
    const list = await other.client.call(`/api/de/order/documents?orderId=${order.id}`);
    expect(list.body.errno).toBe(Errno.NOT_FOUND);
    const visitor = new Client(server.base);
    expect((await visitor.call(`/api/de/order/document?id=${doc!.id}`)).body.errno).toBe(Errno.NOT_LOGGED_IN);
    expect((await visitor.call(`/api/de/order/documents?orderId=${order.id}`)).body.errno).toBe(Errno.NOT_LOGGED_IN);
    // Abusive ids and malformed queries: an envelope with an errno, never a 5xx.
    for (const q of ['id=abc', 'id=-1', 'id=99999999999999999999', 'id=', '', 'id=1%27%20OR%201=1']) {
      const r = await other.client.call(`/api/de/order/document?${q}`);
      expect(r.status, q).toBeLessThan(500);
      expect(r.body.errno, q).not.toBe(0);
    }
    for (const q of ['orderId=abc', 'orderId=', '', `orderId=${'9'.repeat(30)}`]) {
      const r = await other.client.call(`/api/de/order/documents?${q}`);
      expect(r.status, q).toBeLessThan(500);
      expect(r.body.errno, q).not.toBe(0);
    }
    // Twenty downloads at once all get the same document.
    const many = await Promise.all(
      Array.from({ length: 20 }, () => owner.client.fetch(`/api/de/order/document?id=${doc!.id}`)),
    );
    const sizes = new Set(await Promise.all(many.map(async (r) => (await r.arrayBuffer()).byteLength)));
    expect(many.every((r) => r.status === 200)).toBe(true);
    expect(sizes.size).toBe(1);
  });

  it('keeps the invoice type of the placement: a later request cannot turn it into a company invoice', async () => {
    const placed = await unpaidOrder(server);
    const change = await placed.client.call('/api/id/order/address', {
      method: 'POST',
      json: {
        orderId: placed.orderId,
        addressId: placed.addressId,
        invoice: { type: 'company', companyName: 'Sneaky Ltd', taxId: '123456789012345' },
      },
    });
    expect(change.status).toBeLessThan(500);
    await placed.client.call('/api/id/payment/card', { method: 'POST', json: { orderId: placed.orderId, ...CARD } });
    const detail = await placed.client.call(`/api/id/order/detail?orderId=${placed.orderId}`);
    expect(detail.body.data.invoice?.type ?? 'personal').toBe('personal');
    await server.app.invoiceJob.run();
    const [doc] = await documentsOf(placed.client, 'id', placed.orderId);
    const text = await pdfOf(placed.client, 'id', doc!.id);
    expect(text).not.toContain('Sneaky Ltd');
  });

  it('lists documents for staff by country, dates and number, and refuses shoppers and bad ranges', async () => {
    const s = await quickShopper(server);
    const shopper = await s.client.call('/api/id/staff/documents?country=id');
    expect(shopper.body.errno).toBe(Errno.STAFF_ONLY);
    await makeStaff(server, s.userId);
    const all = await s.client.call('/api/id/staff/documents?country=id&limit=500');
    expect(all.body.errno).toBe(0);
    expect(all.body.data.documents.length).toBeGreaterThanOrEqual(50);
    const one = await s.client.call('/api/id/staff/documents?number=ID-');
    expect(one.body.data.documents.every((d: DocumentView) => d.number.startsWith('ID-'))).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await s.client.call(`/api/id/staff/documents?country=de&from=${today}&to=${today}&kind=credit_note`);
    expect(dated.body.data.documents.length).toBeGreaterThanOrEqual(1);
    const bad = await s.client.call('/api/id/staff/documents?from=2026-05-02&to=2026-05-01');
    expect(bad.body.errno).toBe(Errno.DOCUMENT_FILTER_INVALID);
    for (const q of ['country=DEU', 'from=yesterday', 'limit=0', 'kind=receipt']) {
      const r = await s.client.call(`/api/id/staff/documents?${q}`);
      expect(r.status, q).toBeLessThan(500);
      expect(r.body.errno, q).not.toBe(0);
    }
    const pdf = await s.client.fetch(`/api/id/staff/document?id=${one.body.data.documents[0].id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain('attachment');
  });
});
