import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { translate as t } from '../../i18n';
import type { Storefront } from '../../storefront';
import type { AsyncSandbox } from '../../payments/async-sandbox';
import { counterFee, counterPayment, type CounterPayment } from '../../payments/konbini-sandbox';
import { konbiniBarcodeSvg } from '../../payments/konbini-barcode';
import { konbiniCounterBody, konbiniCounterQuery } from '../../schemas/konbini-payments';
import { formatDate } from '../../../region-config/format-date';
import { money } from '../../mail/order-mails';
import { esc, renderPage } from '../../views/html';
import { sendPage } from '../account/respond';
import { asyncWebhookPath } from './payment-webhooks';

/** The chains' own names: brands, written as on their signs. */
const STORE_NAMES: Record<string, string> = {
  seven_eleven: '7-Eleven',
  familymart: 'FamilyMart',
  lawson: 'Lawson',
  hilife: 'Hi-Life',
  indomaret: 'Indomaret',
  alfamart: 'Alfamart',
};

/** Where the counter lives, per storefront. */
export const konbiniCounterPath = (urlLocal: string) => `/api/${urlLocal}/pay/konbini/sandbox/counter`;

function page(reply: FastifyReply, storefront: Storefront, status: number, body: string) {
  const html = renderPage({
    lang: storefront.lang,
    dir: storefront.dir,
    title: t(storefront, 'payment.konbini.sandbox.title'),
    body: `<p><small>${esc(t(storefront, 'payment.konbini.sandbox.note'))}</small></p>\n${body}`,
  });
  return sendPage(reply, status, html);
}

/** The form where the clerk types the code (and the confirmation number at chains that ask for one). */
function lookupForm(storefront: Storefront, code = '', confirmation = ''): string {
  const action = esc(konbiniCounterPath(storefront.urlLocal));
  return `<form method="get" action="${action}" data-testid="konbini-counter-lookup">
<label>${esc(t(storefront, 'payment.konbini.sandbox.code'))}
<input name="code" inputmode="numeric" autocomplete="off" required value="${esc(code)}"
 data-testid="konbini-counter-code"></label>
<label>${esc(t(storefront, 'payment.konbini.sandbox.confirmation'))}
<input name="confirmation" inputmode="numeric" autocomplete="off" value="${esc(confirmation)}"></label>
<button type="submit" class="secondary">${esc(t(storefront, 'payment.konbini.sandbox.lookUp'))}</button>
</form>`;
}

/** A payment as the counter's screen shows it: the chain, the amount with the counter's fee, the deadline. */
function paymentPanel(storefront: Storefront, p: CounterPayment, fee: number): string {
  const store = STORE_NAMES[p.store] ?? p.store;
  const deadline = formatDate(p.expiresAt, storefront.region, 'dateTimeFormat', storefront.lang);
  const total = t(storefront, 'payment.konbini.sandbox.total', {
    amount: money(storefront, p.amountMinor + fee, p.currency),
    store,
  });
  const feeLine =
    fee > 0
      ? `<p>${esc(t(storefront, 'payment.konbini.sandbox.fee', { fee: money(storefront, fee, p.currency) }))}</p>`
      : '';
  return `<figure>${konbiniBarcodeSvg(p.code)}</figure>
<p data-testid="konbini-counter-amount">${esc(total)}</p>${feeLine}
<p>${esc(t(storefront, 'payment.konbini.sandbox.deadline', { time: deadline }))}</p>`;
}

function payForm(storefront: Storefront, p: CounterPayment): string {
  const confirmation = p.confirmation ? `<input type="hidden" name="confirmation" value="${esc(p.confirmation)}">` : '';
  return `<form method="post" action="${esc(konbiniCounterPath(storefront.urlLocal))}" class="actions">
<input type="hidden" name="code" value="${esc(p.code)}">${confirmation}
<button type="submit" data-testid="konbini-counter-pay">${esc(t(storefront, 'payment.konbini.sandbox.pay'))}</button>
</form>`;
}

/** What the counter says of a payment that is not waiting: paid (now, or before), or past its deadline. */
function stateLine(storefront: Storefront, p: CounterPayment, paidNow = false): string {
  const key =
    p.status === 'paid'
      ? paidNow
        ? 'payment.konbini.sandbox.paid'
        : 'payment.konbini.sandbox.alreadyPaid'
      : p.status === 'expired' || p.expiresAt.getTime() <= Date.now()
        ? 'payment.konbini.sandbox.expired'
        : 'payment.konbini.sandbox.closed';
  return `<p role="alert" class="result" data-testid="konbini-counter-state" data-state="${esc(p.status)}">${esc(
    t(storefront, key),
  )}</p>`;
}

/**
 * The sandbox's convenience-store counter, served by the store because the sandbox runs inside it: a clerk (the
 * tester) types the payment code, sees the amount the counter takes (the order's amount plus the chain's fee, which
 * the counter keeps) and the deadline, and takes the payment. Paying settles the sandbox's payment once and sends
 * the store its signed webhook; a code past its deadline is refused at the counter. Anyone holding the code may pay
 * it, as at a real counter, so no sign-in is asked.
 */
export async function konbiniCounterRoutes(fastify: FastifyInstance, opts: { sandbox: AsyncSandbox }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const sandbox = opts.sandbox;

  app.get(
    '/pay/konbini/sandbox/counter',
    {
      schema: {
        tags: ['payment'],
        summary: 'The sandbox convenience-store counter (HTML): type a payment code, see it, pay it',
        querystring: konbiniCounterQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const { code = '', confirmation = '' } = request.query;
      if (!code) return page(reply, storefront, 200, lookupForm(storefront));
      const p = await counterPayment(app.db, code.trim(), confirmation.trim() || null);
      if (!p || p.urlLocal !== storefront.urlLocal) {
        const missing = `<p role="alert" data-testid="konbini-counter-state" data-state="unknown">${esc(
          t(storefront, 'payment.konbini.sandbox.unknown'),
        )}</p>`;
        return page(reply, storefront, 404, missing + lookupForm(storefront, code, confirmation));
      }
      const open = p.status === 'pending' && p.expiresAt.getTime() > Date.now();
      const body =
        paymentPanel(storefront, p, counterFee(storefront.local, p)) +
        (open ? payForm(storefront, p) : stateLine(storefront, p));
      return page(reply, storefront, 200, body);
    },
  );

  app.post(
    '/pay/konbini/sandbox/counter',
    {
      schema: {
        tags: ['payment'],
        summary: "The sandbox counter takes a code's payment: settles it once and sends the store its signed webhook",
        body: konbiniCounterBody,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const found = await counterPayment(app.db, request.body.code.trim(), request.body.confirmation?.trim() || null);
      if (!found || found.urlLocal !== storefront.urlLocal) {
        const missing = `<p role="alert" data-testid="konbini-counter-state" data-state="unknown">${esc(
          t(storefront, 'payment.konbini.sandbox.unknown'),
        )}</p>`;
        return page(reply, storefront, 404, missing + lookupForm(storefront));
      }
      // The sandbox settles a pending payment before its deadline once; late, it is refused and stays unpaid.
      await sandbox.decide(found.ref, found.userId, 'paid');
      const p = (await counterPayment(app.db, found.code, found.confirmation))!;
      if (p.status === 'paid') {
        // The webhook goes out now, not on the next maintenance round; a failure stays queued for that round.
        const address = app.server.address();
        if (address && typeof address === 'object')
          void sandbox
            .deliver(`http://127.0.0.1:${address.port}${asyncWebhookPath(sandbox.id)}`)
            .catch((err: unknown) => request.log.warn({ err }, 'sandbox webhook not delivered; retried later'));
      }
      // 200 only for the visit that took the money; a code paid before (or lapsed) is refused with 409.
      const paidNow = found.status === 'pending' && p.status === 'paid';
      const body = paymentPanel(storefront, p, counterFee(storefront.local, p)) + stateLine(storefront, p, paidNow);
      return page(reply, storefront, paidNow ? 200 : 409, body);
    },
  );
}
