import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff, requireUser } from '../../context';
import { message } from '../../i18n';
import {
  documentListSchema,
  documentPdfQuery,
  orderDocumentsQuery,
  staffDocumentsQuery,
  type DocumentView,
} from '../../schemas/invoices';
import type { DocumentRow, DocumentWithContent } from '../../repositories/invoices';
import { documentPdf } from '../../invoices/documents';

const listAnswer = { 200: envelopeSchema(documentListSchema) } as const;

function documentView(row: DocumentRow): DocumentView {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    order_id: row.order_id,
    local: row.local,
    issued_at: new Date(row.issued_at).getTime(),
    total: row.total,
    tax: row.tax,
    currency: row.currency,
    corrects: row.corrects,
  };
}

/** The PDF as a download: never cached by a shared cache, never shown inline by the browser. */
async function sendPdf(reply: FastifyReply, doc: DocumentWithContent) {
  const pdf = await documentPdf(doc);
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${doc.number}.pdf"`)
    .header('Cache-Control', 'private, no-store')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(pdf);
}

/** An ISO day at the start of the day in UTC; the day after for an inclusive upper bound. */
function day(value: string | undefined, next: boolean): Date | undefined {
  if (!value) return undefined;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return undefined;
  if (next) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/**
 * Invoices and credit notes: the shopper's documents of their order and their PDFs (owner only: another shopper's
 * document is "not found", a visitor is asked to sign in); staff's list by country, dates and number, and any PDF.
 */
export async function documentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const notFound = (request: FastifyRequest) =>
    new ApiError(Errno.DOCUMENT_NOT_FOUND, message(request.storefront, 'invoice.error.notFound'), 404);

  app.get(
    '/order/documents',
    {
      schema: {
        tags: ['orders'],
        summary: "The invoices and credit notes of one of the user's orders, oldest first",
        querystring: orderDocumentsQuery,
        response: listAnswer,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const order = await app.repos.orders.head(request.query.orderId.trim()).catch(() => null);
      if (!order || order.user_id !== user.id)
        throw new ApiError(Errno.NOT_FOUND, message(request.storefront, 'order.error.notFound'), 404);
      const rows = await app.repos.invoices.forOrder(user.id, request.query.orderId.trim());
      return ok({ documents: rows.map(documentView) });
    },
  );

  app.get(
    '/order/document',
    {
      schema: {
        tags: ['orders'],
        summary: "A PDF of one of the user's invoices or credit notes, as an attachment",
        querystring: documentPdfQuery,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const doc = await app.repos.invoices.get(request.query.id.trim(), user.id);
      if (!doc) throw notFound(request);
      return sendPdf(reply, doc);
    },
  );

  app.get(
    '/staff/documents',
    {
      schema: {
        tags: ['staff'],
        summary: 'Invoices and credit notes by country, issue dates and number, newest first',
        querystring: staffDocumentsQuery,
        response: listAnswer,
      },
    },
    async (request) => {
      requireStaff(request);
      const q = request.query;
      const from = day(q.from, false);
      const to = day(q.to, true);
      if ((q.from && !from) || (q.to && !to) || (from && to && from >= to))
        throw new ApiError(Errno.DOCUMENT_FILTER_INVALID, message(request.storefront, 'console.invoices.error.dates'));
      const rows = await app.repos.invoices.staffList({
        local: q.country,
        from,
        to,
        number: q.number?.trim().toUpperCase() || undefined,
        kind: q.kind,
        limit: q.limit ?? 100,
      });
      return ok({ documents: rows.map(documentView) });
    },
  );

  app.get(
    '/staff/document',
    {
      schema: {
        tags: ['staff'],
        summary: 'The PDF of any invoice or credit note, as an attachment',
        querystring: documentPdfQuery,
      },
    },
    async (request, reply) => {
      requireStaff(request);
      const doc = await app.repos.invoices.get(request.query.id.trim());
      if (!doc) throw notFound(request);
      return sendPdf(reply, doc);
    },
  );
}
