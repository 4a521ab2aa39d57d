import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/types';
import type { InvoicesRepository } from '../repositories/invoices';
import { regionSettings } from '../../region-config';
import { taxIdRule } from '../../region-config/tax-ids';
import { invoicingIssues, invoicingRules } from '../../sites/invoicing';
import { findStorefront } from '../storefront';
import { translate } from '../i18n';
import { orderStepIn } from '../orders/order-steps';
import type { MailService } from '../mail/index';
import { buyerOf, creditNoteContent, invoiceContent, type BuyerCompany, type DocumentContent } from './content';
import { documentMail } from './document-mail';
import { missingFonts } from './fonts';

/** How many documents one run issues at most (the next run, a minute later, goes on). */
const BATCH = 200;

/** The year of an instant in a country's time zone: numbers run per calendar year there. */
function yearIn(instant: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(instant));
}

/** `DE-2026-000001`; credit notes `DE-CN-2026-000001`. */
export function documentNumber(prefix: string, kind: DocumentContent['kind'], year: number, seq: number): string {
  return `${prefix}${kind === 'credit_note' ? '-CN' : ''}-${year}-${String(seq).padStart(6, '0')}`;
}

export interface IssueJobDeps {
  db: Database;
  invoices: InvoicesRepository;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  log: FastifyBaseLogger;
}

/**
 * Issues the documents that are due: an invoice per order paid (or shipped, per country), then a credit note per
 * refund of an invoiced sale paid back. Each document is one transaction: the order (or refund) row locked, the next
 * number of its series, the document, the `invoice_issued`/`credit_note_issued` step and the mail with the PDF
 * attached; so any number of processes may run it at once, a crash issues nothing half, and numbers have no gaps.
 */
export function invoiceJob(deps: IssueJobDeps) {
  const issues = invoicingIssues();
  if (issues.length > 0) throw new Error(`invoicing config: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
  const missing = missingFonts();
  if (missing.length > 0) deps.log.warn({ missing }, 'invoice PDFs need fonts-noto-core and fonts-noto-cjk');
  const atShipment = regionSettings.map((r) => r.local).filter((l) => invoicingRules(l)?.trigger === 'shipped');
  const timeZone = (local: string) => regionSettings.find((r) => r.local === local)?.dayjsTimezone ?? 'UTC';

  async function companyOf(tx: Queryable, accountId: string | null, local: string): Promise<BuyerCompany | null> {
    if (!accountId) return null;
    const account = await deps.invoices.companyIn(tx, accountId);
    if (!account) return null;
    const label = taxIdRule(local)?.label ?? Object.keys(account.tax)[0] ?? '';
    return {
      name: account.company_name,
      taxIdLabel: label,
      taxId: Object.values(account.tax)[0] ?? '',
      address: account.address,
    };
  }

  /** A product's insurance plan as the invoice names it, in the language of the order's storefront. */
  const planName = (urlLocal: string) => {
    const storefront = findStorefront(urlLocal);
    return storefront
      ? (product: string) => translate(storefront, 'insurance.plan.forProduct', { product })
      : undefined;
  };

  /** Issues the invoice of one order; false when it had one already (another process was first). */
  async function issueInvoice(orderId: string): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      const order = await deps.invoices.orderToInvoiceIn(tx, orderId);
      const rules = order ? invoicingRules(order.local) : null;
      if (!order || !rules) return false;
      const issuedAt = await deps.invoices.nowIn(tx);
      const year = yearIn(issuedAt, timeZone(order.local));
      const seq = await deps.invoices.nextNumberIn(tx, order.local, 'invoice', year);
      const number = documentNumber(rules.prefix, 'invoice', year, seq);
      const company = await companyOf(tx, order.company_account_id, order.local);
      const content = invoiceContent({
        order,
        lines: await deps.invoices.linesIn(tx, order.id, planName(order.url_local)),
        seller: rules.seller,
        buyer: buyerOf(order, company),
        number,
        issuedAt,
        deposit: order.kind === 'deposit',
      });
      const id = await deps.invoices.insertIn(tx, {
        kind: 'invoice',
        number,
        local: order.local,
        year,
        seq,
        orderId: order.id,
        userId: order.user_id,
        urlLocal: order.url_local,
        refundId: null,
        invoiceId: null,
        content,
        issuedAt,
      });
      const ref = {
        id: order.id,
        user_id: order.user_id,
        url_local: order.url_local,
        total: order.total,
        currency: order.currency,
      };
      // The invoice's own mail below carries the PDF: the step sends its inbox message only.
      await orderStepIn(tx, ref, 'invoice_issued', { detail: { number, document_id: id }, mail: false });
      const storefront = findStorefront(order.url_local);
      if (storefront)
        await deps.mail.enqueue(
          tx,
          documentMail(storefront, order.email, { id, number, orderId: order.id, kind: 'invoice' }),
        );
      return true;
    });
  }

  /** Issues the credit note of one refund; false when it had one or is not to be credited. */
  async function issueCreditNote(refundId: string): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      const due = await deps.invoices.refundToCreditIn(tx, refundId);
      const rules = due ? invoicingRules(due.invoice.local) : null;
      if (!due || !rules) return false;
      const remaining = due.invoice.total - (await deps.invoices.creditedIn(tx, due.invoice.id));
      const amount = Math.min(due.amount, remaining);
      if (amount <= 0) {
        deps.log.warn(
          { refundId, invoice: due.invoice.number },
          'refund exceeds what its invoice has left: no credit note',
        );
        return false;
      }
      const { invoice } = due;
      const issuedAt = await deps.invoices.nowIn(tx);
      const year = yearIn(issuedAt, timeZone(invoice.local));
      const seq = await deps.invoices.nextNumberIn(tx, invoice.local, 'credit_note', year);
      const number = documentNumber(rules.prefix, 'credit_note', year, seq);
      const content = creditNoteContent({ invoice: invoice.content, amount, number, issuedAt, local: invoice.local });
      const id = await deps.invoices.insertIn(tx, {
        kind: 'credit_note',
        number,
        local: invoice.local,
        year,
        seq,
        orderId: invoice.order_id,
        userId: invoice.user_id,
        urlLocal: invoice.url_local,
        refundId: due.refund_id,
        invoiceId: invoice.id,
        content,
        issuedAt,
      });
      const ref = {
        id: invoice.order_id,
        user_id: invoice.user_id,
        url_local: invoice.url_local,
        total: amount,
        currency: invoice.currency,
      };
      await orderStepIn(tx, ref, 'credit_note_issued', {
        detail: { number, document_id: id, invoice: invoice.number },
      });
      const storefront = findStorefront(invoice.url_local);
      if (storefront)
        await deps.mail.enqueue(
          tx,
          documentMail(storefront, due.email, { id, number, orderId: invoice.order_id, kind: 'credit_note' }),
        );
      return true;
    });
  }

  return {
    issueInvoice,
    issueCreditNote,
    /** One run: every due invoice, then every due credit note (a refund's invoice first, when both are due). */
    async run(): Promise<{ invoices: number; creditNotes: number }> {
      let invoices = 0;
      let creditNotes = 0;
      for (const id of await deps.invoices.dueOrders(atShipment, BATCH)) if (await issueInvoice(id)) invoices++;
      for (const id of await deps.invoices.dueRefunds(BATCH)) if (await issueCreditNote(id)) creditNotes++;
      if (invoices + creditNotes > 0) deps.mail.wake();
      return { invoices, creditNotes };
    },
  };
}

export type InvoiceJob = ReturnType<typeof invoiceJob>;
