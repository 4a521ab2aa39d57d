import type { Database } from '../db/types';
import { orderAmounts, exemptAmounts } from '../orders/amounts';
import { commerceRules } from '../../sites/commerce';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A paid order of any country written with SQL (the checkout of most countries needs their own catalogue and address
 * forms), priced by the country's own rules (orderAmounts), for tests of what follows payment.
 */
export async function paidOrderRow(
  db: Database,
  o: {
    userId: number;
    local: string;
    urlLocal: string;
    lines: { name: string; quantity: number; unitPrice: number }[];
    shipping?: number;
    discount?: number;
    address: Record<string, string>;
    invoice?: Record<string, string> | null;
    vatExempt?: boolean;
    companyAccountId?: string | null;
  },
): Promise<{ id: string; total: number; tax: number; net: number }> {
  const rules = commerceRules(o.local);
  const items = o.lines.reduce((a, l) => a + l.quantity * l.unitPrice, 0);
  const priced = orderAmounts(rules, items, o.shipping ?? 0, o.discount ?? 0);
  const a = o.vatExempt ? exemptAmounts(priced) : { ...priced, vatExempted: 0 };
  const rows = await db.query<{ id: string }>(
    `INSERT INTO orders (user_id, local, url_local, flow, state, currency, items_total, discount, shipping_fee, tax,
       tax_inclusive, tax_rate_bp, net_amount, total, delivery_method, address, invoice, idempotency_key, pay_before,
       paid_at, vat_exempt, vat_exempted, company_account_id)
     VALUES ($1, $2, $3, $4, 'paid', $5, $6, $7, $8, $9, $10, $11, $12, $13, 'standard', $14, $15,
       gen_random_uuid()::text,
       now(), now(), $16, $17, $18) RETURNING id::text AS id`,
    [
      o.userId,
      o.local,
      o.urlLocal,
      o.companyAccountId ? 'company' : 'consumer',
      a.currency,
      a.itemsTotal,
      a.discount,
      a.shippingFee,
      a.tax,
      a.taxInclusive,
      a.taxRateBp,
      a.netAmount,
      a.total,
      JSON.stringify(o.address),
      o.invoice ? JSON.stringify(o.invoice) : null,
      o.vatExempt ?? false,
      a.vatExempted,
      o.companyAccountId ?? null,
    ],
  );
  const id = rows[0]!.id;
  let n = 0;
  for (const l of o.lines)
    await db.query(
      `INSERT INTO order_lines (order_id, line_no, commodity_id, product_id, name, image, quantity, unit_price,
         market_price, subtotal) VALUES ($1, $2, 'c-test', 'p-test', $3, '', $4, $5, $5, $6)`,
      [id, ++n, l.name, l.quantity, l.unitPrice, l.quantity * l.unitPrice],
    );
  return { id, total: a.total, tax: a.tax, net: a.netAmount };
}

/** The text of every page of a PDF, page by page, items joined by spaces (pdfjs-dist). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}
