import type { Database, Queryable } from '../db/types';
import type { DocumentContent, InvoicedLine, InvoicedOrder } from '../invoices/content';
import { INVOICE_LOOKBACK_DAYS } from '../../sites/invoicing';

type BuyerAddress = { street: string; city: string; state: string; postalCode: string };

export type DocumentKind = DocumentContent['kind'];

/** A document as lists show it (no content). */
export interface DocumentRow {
  id: string;
  kind: DocumentKind;
  number: string;
  local: string;
  order_id: string;
  user_id: number;
  url_local: string;
  currency: string;
  total: number;
  tax: number;
  issued_at: Date;
  corrects: string | null;
}

/** A document with what it says, to render. */
export interface DocumentWithContent extends DocumentRow {
  content: DocumentContent;
}

/** The order as issuing its invoice reads it, locked, with the buyer's mail address and company. */
export interface OrderToInvoice extends InvoicedOrder {
  user_id: number;
  url_local: string;
  email: string;
  company_account_id: string | null;
}

const ROW = `d.id::text AS id, d.kind, d.number, d.local, d.order_id::text AS order_id, d.user_id, d.url_local,
  d.currency, d.total::float8 AS total, d.tax::float8 AS tax, d.issued_at,
  (SELECT c.number FROM invoices c WHERE c.id = d.invoice_id) AS corrects`;

/** Refund reasons that pay back money that was never a sale's price (a late, duplicate or surplus payment). */
const NOT_A_SALE = ['order_closed', 'duplicate', 'split_parts_paid', 'unapplied_transfer'];

/** Invoices and credit notes: their gapless numbers, the documents, and what is due. */
export function invoicesRepository(db: Database) {
  return {
    /**
     * Orders whose invoice is due: paid (or, in the countries listed in `atShipment`, shipped; a deposit always at
     * payment), within the lookback window, without an invoice; oldest first.
     */
    async dueOrders(atShipment: readonly string[], limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT o.id::text AS id FROM orders o
         WHERE o.paid_at IS NOT NULL AND o.paid_at > now() - make_interval(days => $3)
           AND (o.local <> ALL($1::text[]) OR o.kind = 'deposit' OR o.shipped_at IS NOT NULL
                OR o.state IN ('partially_shipped', 'shipped', 'delivered'))
           AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id AND i.kind = 'invoice')
         ORDER BY o.paid_at, o.id LIMIT $2`,
        [atShipment, limit, INVOICE_LOOKBACK_DAYS],
      );
      return rows.map((r) => r.id);
    },

    /** Refunds paid back (succeeded or done) of an invoiced sale that have no credit note yet, oldest first. */
    async dueRefunds(limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT r.id::text AS id FROM refunds r
         WHERE r.state IN ('succeeded', 'done') AND r.reason <> ALL($2::text[])
           AND r.updated_at > now() - make_interval(days => $3)
           AND EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = r.order_id AND i.kind = 'invoice')
           AND NOT EXISTS (SELECT 1 FROM invoices c WHERE c.refund_id = r.id)
         ORDER BY r.id LIMIT $1`,
        [limit, NOT_A_SALE, INVOICE_LOOKBACK_DAYS],
      );
      return rows.map((r) => r.id);
    },

    /**
     * The order to invoice, locked until the caller's transaction ends (so two processes never invoice it twice);
     * null when it already has its invoice.
     */
    async orderToInvoiceIn(tx: Queryable, orderId: string): Promise<OrderToInvoice | null> {
      const rows = await tx.query<OrderToInvoice>(
        `SELECT o.id::text AS id, o.local, o.kind, o.currency, o.items_total::float8 AS items_total,
           o.discount::float8 AS discount, o.shipping_fee::float8 AS shipping_fee, o.tax::float8 AS tax,
           o.tax_inclusive,
           o.tax_rate_bp, o.net_amount::float8 AS net_amount, o.total::float8 AS total,
           o.gift_card_amount::float8 AS gift_card_amount, o.vat_exempt, o.vat_exempted::float8 AS vat_exempted,
           o.address, o.invoice, o.created_at, o.user_id, o.url_local, u.email,
           o.company_account_id::text AS company_account_id
         FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1 FOR UPDATE OF o`,
        [orderId],
      );
      const order = rows[0];
      if (!order) return null;
      const has = await tx.query(`SELECT 1 FROM invoices WHERE order_id = $1 AND kind = 'invoice'`, [orderId]);
      return has.length > 0 ? null : order;
    },

    /** The enterprise account of a company order: its name, tax fields and address. */
    async companyIn(
      tx: Queryable,
      accountId: string,
    ): Promise<{ company_name: string; tax: Record<string, string>; address: BuyerAddress } | null> {
      const rows = await tx.query<{ company_name: string; tax: Record<string, string>; address: BuyerAddress }>(
        `SELECT company_name, tax, address FROM enterprise_accounts WHERE id = $1`,
        [accountId],
      );
      return rows[0] ?? null;
    },

    /**
     * The invoiced lines of an order: each device line, then its insurance plan as a line of its own, named by
     * `planName` (the product's plan in the document's language).
     */
    async linesIn(
      tx: Queryable,
      orderId: string,
      planName: (product: string) => string = (product) => `Accidental damage protection for ${product}`,
    ): Promise<InvoicedLine[]> {
      const rows = await tx.query<InvoicedLine & { plan: boolean }>(
        `SELECT name, spec, quantity, unit_price, subtotal, plan FROM (
           SELECT line_no, false AS plan, name, spec, quantity, unit_price::float8 AS unit_price,
             subtotal::float8 AS subtotal
           FROM order_lines WHERE order_id = $1
           UNION ALL
           SELECT i.line_no, true, l.name, '', i.quantity, i.unit_price::float8, i.subtotal::float8
           FROM order_insurance_lines i JOIN order_lines l ON l.order_id = i.order_id AND l.line_no = i.line_no
           WHERE i.order_id = $1) x
         ORDER BY line_no, plan`,
        [orderId],
      );
      return rows.map(({ plan, ...line }) => (plan ? { ...line, name: planName(line.name) } : line));
    },

    /**
     * A paid-back refund to credit, with its order's invoice, locked (its credit note is written once); null when it
     * has one already or is not to be credited.
     */
    async refundToCreditIn(
      tx: Queryable,
      refundId: string,
    ): Promise<{ refund_id: string; amount: number; invoice: DocumentWithContent; email: string } | null> {
      const rows = await tx.query<{ refund_id: string; amount: number; invoice_id: string; email: string }>(
        `SELECT r.id::text AS refund_id, r.amount::float8 AS amount, i.id::text AS invoice_id, u.email
         FROM refunds r JOIN invoices i ON i.order_id = r.order_id AND i.kind = 'invoice'
           JOIN users u ON u.id = i.user_id
         WHERE r.id = $1 AND r.state IN ('succeeded', 'done') AND r.reason <> ALL($2::text[]) FOR UPDATE OF r`,
        [refundId, NOT_A_SALE],
      );
      const row = rows[0];
      if (!row) return null;
      if ((await tx.query(`SELECT 1 FROM invoices WHERE refund_id = $1`, [refundId])).length > 0) return null;
      const invoice = await documentIn(tx, row.invoice_id);
      return invoice ? { refund_id: row.refund_id, amount: row.amount, invoice, email: row.email } : null;
    },

    /** Credited before this refund on the same invoice (a credit note never credits more than the invoice). */
    async creditedIn(tx: Queryable, invoiceId: string): Promise<number> {
      const rows = await tx.query<{ sum: number }>(
        `SELECT coalesce(sum(-total), 0)::float8 AS sum FROM invoices WHERE invoice_id = $1`,
        [invoiceId],
      );
      return rows[0]?.sum ?? 0;
    },

    /**
     * The next number of a series, counted in the caller's transaction: the counter row stays locked until it ends, so
     * parallel issues wait in turn, and a rollback gives the number back (no gaps, no duplicates).
     */
    async nextNumberIn(tx: Queryable, local: string, series: DocumentKind, year: number): Promise<number> {
      const rows = await tx.query<{ last_value: number }>(
        `INSERT INTO invoice_counters (local, series, year, last_value) VALUES ($1, $2, $3, 1)
         ON CONFLICT (local, series, year) DO UPDATE SET last_value = invoice_counters.last_value + 1
         RETURNING last_value`,
        [local, series, year],
      );
      return rows[0]!.last_value;
    },

    /** The database's clock, which issue dates follow. */
    async nowIn(tx: Queryable): Promise<Date> {
      return (await tx.query<{ now: Date }>(`SELECT now() AS now`))[0]!.now;
    },

    async insertIn(
      tx: Queryable,
      doc: {
        kind: DocumentKind;
        number: string;
        local: string;
        year: number;
        seq: number;
        orderId: string;
        userId: number;
        urlLocal: string;
        refundId: string | null;
        invoiceId: string | null;
        content: DocumentContent;
        issuedAt: Date;
      },
    ): Promise<string> {
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO invoices (kind, number, local, year, seq, order_id, user_id, url_local, refund_id, invoice_id,
           currency, total, tax, content, issued_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id::text AS id`,
        [
          doc.kind,
          doc.number,
          doc.local,
          doc.year,
          doc.seq,
          doc.orderId,
          doc.userId,
          doc.urlLocal,
          doc.refundId,
          doc.invoiceId,
          doc.content.currency,
          doc.content.totals.total,
          doc.content.totals.tax,
          JSON.stringify(doc.content),
          doc.issuedAt,
        ],
      );
      return rows[0]!.id;
    },

    /** The documents of a user's order, oldest first (empty for someone else's order). */
    async forOrder(userId: number, orderId: string): Promise<DocumentRow[]> {
      if (!/^\d{1,18}$/.test(orderId)) return [];
      return db.query<DocumentRow>(
        `SELECT ${ROW} FROM invoices d WHERE d.order_id = $1 AND d.user_id = $2 ORDER BY d.id`,
        [orderId, userId],
      );
    },

    /** One document with its content; `userId` limits it to the owner's (null when it is not theirs). */
    async get(id: string, userId?: number): Promise<DocumentWithContent | null> {
      if (!/^\d{1,18}$/.test(id)) return null;
      const doc = await documentIn(db, id);
      return doc && (userId === undefined || doc.user_id === userId) ? doc : null;
    },

    /** Documents for the staff console, newest first, by country, issue dates (inclusive) and number prefix. */
    async staffList(filter: {
      local?: string | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
      number?: string | undefined;
      kind?: DocumentKind | undefined;
      limit: number;
    }): Promise<DocumentRow[]> {
      return db.query<DocumentRow>(
        `SELECT ${ROW} FROM invoices d
         WHERE ($1::text IS NULL OR d.local = $1) AND ($2::timestamptz IS NULL OR d.issued_at >= $2)
           AND ($3::timestamptz IS NULL OR d.issued_at < $3) AND ($4::text IS NULL OR d.number LIKE $4 || '%')
           AND ($5::text IS NULL OR d.kind = $5)
         ORDER BY d.issued_at DESC, d.id DESC LIMIT $6`,
        [
          filter.local ?? null,
          filter.from ?? null,
          filter.to ?? null,
          filter.number?.replace(/[%_\\]/g, '') ?? null,
          filter.kind ?? null,
          filter.limit,
        ],
      );
    },
  };
}

async function documentIn(q: Queryable, id: string): Promise<DocumentWithContent | null> {
  const rows = await q.query<DocumentWithContent>(`SELECT ${ROW}, d.content FROM invoices d WHERE d.id = $1`, [id]);
  return rows[0] ?? null;
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
