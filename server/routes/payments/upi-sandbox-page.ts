import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { translate as t } from '../../i18n';
import type { Storefront } from '../../storefront';
import { ASYNC_REF, type AsyncSandbox } from '../../payments/async-sandbox';
import type { AsyncPayment } from '../../payments/async-provider';
import { sandboxQrSvg } from '../../payments/sandbox-qr';
import { upiIntentUrl } from '../../payments/upi';
import { collectsTo, UPI_SANDBOX_PAYEE, upiRequestOf, upiSandboxScanPath } from '../../payments/upi-sandbox';
import {
  normaliseUpiId,
  upiSandboxAppParams,
  upiSandboxDecisionBody,
  upiSandboxRefParams,
} from '../../schemas/upi-payments';
import { money } from '../../mail/order-mails';
import { esc, renderPage } from '../../views/html';
import { sendPage } from '../account/respond';
import { asyncWebhookPath } from './payment-webhooks';

const page = (reply: FastifyReply, storefront: Storefront, status: number, title: string, body: string) =>
  sendPage(reply, status, renderPage({ lang: storefront.lang, dir: storefront.dir, title, body }));

const missing = (reply: FastifyReply, storefront: Storefront) =>
  page(
    reply,
    storefront,
    404,
    t(storefront, 'payment.async.sandbox.missingTitle'),
    `<p role="alert">${esc(t(storefront, 'payment.async.sandbox.missing'))}</p>`,
  );

/** One payment request as the payer's UPI app shows it: payee, amount, and approve / decline while it is pending. */
function requestCard(storefront: Storefront, payment: AsyncPayment, qr: string): string {
  const amount = t(storefront, 'payment.async.sandbox.amount', {
    amount: money(storefront, payment.amountMinor, payment.currency),
  });
  const state =
    payment.status === 'pending'
      ? ''
      : `<p class="result" data-testid="upi-sandbox-state">${esc(
          t(
            storefront,
            payment.status === 'expired' ? 'payment.async.sandbox.expired' : 'payment.async.sandbox.decided',
          ),
        )}</p>`;
  const decideAt = upiSandboxScanPath(storefront.urlLocal, payment.providerRef);
  const form =
    payment.status === 'pending'
      ? `<form method="post" action="${esc(decideAt)}" class="actions">
<button type="submit" name="decision" value="approve" data-testid="upi-approve">${esc(
          t(storefront, 'payment.async.sandbox.approve'),
        )}</button>
<button type="submit" name="decision" value="decline" class="secondary" data-testid="upi-decline">${esc(
          t(storefront, 'payment.async.sandbox.cancel'),
        )}</button>
</form>`
      : '';
  return `<section data-testid="upi-request" data-ref="${esc(payment.providerRef)}">
<h2>${esc(t(storefront, 'payment.upi.sandbox.request', { payee: UPI_SANDBOX_PAYEE.name }))}</h2>
<p data-testid="upi-sandbox-amount">${esc(amount)}</p>
${qr}${state}${form}
</section>`;
}

/**
 * The sandbox's pages that play the payer's UPI app, served by the store because the sandbox runs inside it: the
 * app of a UPI ID (the collect requests sent to it by this store account) and one request as an app shows it after
 * scanning the QR or opening the intent link; each with approve / decline (no script). Deciding queues the signed
 * webhook, sends it to the store at once (retried by the maintenance round) and sends the shopper to the result page.
 */
export async function upiSandboxPageRoutes(fastify: FastifyInstance, opts: { sandbox: AsyncSandbox }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const sandbox = opts.sandbox;

  app.get(
    '/pay/upi/sandbox/app/:vpa',
    {
      schema: {
        tags: ['payment'],
        summary: 'The sandbox UPI app of a UPI ID: its collect requests from this account (HTML)',
        params: upiSandboxAppParams,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const vpa = normaliseUpiId(request.params.vpa);
      if (!request.user || !vpa) return missing(reply, storefront);
      const cards: string[] = [];
      for (const ref of await collectsTo(app.db, vpa, request.user.id, storefront.urlLocal)) {
        const payment = await sandbox.page(ref, request.user.id);
        if (payment) cards.push(requestCard(storefront, payment, ''));
      }
      const none = `<p data-testid="upi-sandbox-empty">${esc(t(storefront, 'payment.upi.sandbox.none'))}</p>`;
      const body = `<p><small>${esc(t(storefront, 'payment.async.sandbox.note'))}</small></p>
${cards.length ? cards.join('\n') : none}`;
      return page(reply, storefront, 200, t(storefront, 'payment.upi.sandbox.appTitle', { vpa }), body);
    },
  );

  app.get(
    '/pay/upi/sandbox/pay/:ref',
    {
      schema: {
        tags: ['payment'],
        summary: 'The sandbox UPI app showing one payment request (after scanning its QR or opening its link) (HTML)',
        params: upiSandboxRefParams,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const ref = request.params.ref;
      const payment = request.user && ASYNC_REF.test(ref) ? await sandbox.page(ref, request.user.id) : null;
      const upi = payment ? await upiRequestOf(app.db, ref) : null;
      if (!payment || !upi || payment.urlLocal !== storefront.urlLocal) return missing(reply, storefront);
      const qr =
        upi.flow === 'intent'
          ? `<figure data-testid="upi-sandbox-qr">${sandboxQrSvg(
              upiIntentUrl(UPI_SANDBOX_PAYEE, { ...payment, reference: payment.providerRef }),
            )}</figure>`
          : '';
      const title = t(storefront, 'payment.upi.sandbox.appTitle', { vpa: upi.vpa ?? 'UPI' });
      const body = `<p><small>${esc(t(storefront, 'payment.async.sandbox.note'))}</small></p>
${requestCard(storefront, payment, qr)}`;
      return page(reply, storefront, 200, title, body);
    },
  );

  app.post(
    '/pay/upi/sandbox/pay/:ref',
    {
      schema: {
        tags: ['payment'],
        summary:
          "The sandbox UPI app's approve / decline: settles the request, sends the store its signed webhook and " +
          'redirects to the result page',
        params: upiSandboxRefParams,
        body: upiSandboxDecisionBody,
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const ref = request.params.ref;
      const upi = request.user && ASYNC_REF.test(ref) ? await upiRequestOf(app.db, ref) : null;
      const decided = upi
        ? await sandbox.decide(ref, request.user!.id, request.body.decision === 'approve' ? 'paid' : 'cancelled')
        : null;
      if (!decided) return missing(reply, storefront);
      // The webhook goes out now, not on the next maintenance round; a failure stays queued for that round.
      const address = app.server.address();
      if (address && typeof address === 'object')
        void sandbox
          .deliver(`http://127.0.0.1:${address.port}${asyncWebhookPath(sandbox.id)}`)
          .catch((err: unknown) => request.log.warn({ err }, 'sandbox webhook not delivered; retried later'));
      return reply.redirect(decided.returnUrl, 303);
    },
  );
}
