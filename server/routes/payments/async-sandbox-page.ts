import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { translate as t } from '../../i18n';
import type { Storefront } from '../../storefront';
import { ASYNC_REF, qrisPayload, type AsyncSandbox } from '../../payments/async-sandbox';
import { sandboxQrSvg } from '../../payments/sandbox-qr';
import { asyncSandboxDecisionBody, asyncSandboxParams } from '../../schemas/async-payments';
import { money } from '../../mail/order-mails';
import { esc, renderPage } from '../../views/html';
import { sendPage } from '../account/respond';
import { asyncWebhookPath } from './payment-webhooks';

/** The wallets' own names: brands, the same in every language. */
const WALLET_NAMES: Record<string, string> = {
  gopay: 'GoPay',
  ovo: 'OVO',
  dana: 'DANA',
  shopeepay: 'ShopeePay',
  paypay: 'PayPay',
};

function sandboxPage(reply: FastifyReply, storefront: Storefront, status: number, title: string, body: string) {
  return sendPage(reply, status, renderPage({ lang: storefront.lang, dir: storefront.dir, title, body }));
}

const missing = (reply: FastifyReply, storefront: Storefront) =>
  sandboxPage(
    reply,
    storefront,
    404,
    t(storefront, 'payment.async.sandbox.missingTitle'),
    `<p role="alert">${esc(t(storefront, 'payment.async.sandbox.missing'))}</p>`,
  );

/**
 * The sandbox wallet's own pages, served by the store because the sandbox runs inside it: the e-wallet's approval
 * page (also what its app's deep link opens) and the QRIS scan page, with approve / cancel buttons (no script).
 * Deciding queues the sandbox's signed webhook and sends it to the store at once (retried by the maintenance round),
 * then sends the shopper back to the store's result page. A real provider hosts its pages itself.
 */
export async function asyncSandboxPageRoutes(fastify: FastifyInstance, opts: { sandbox: AsyncSandbox }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const sandbox = opts.sandbox;

  app.get(
    '/pay/async/sandbox/:ref',
    {
      schema: {
        tags: ['payment'],
        summary: "The sandbox wallet's approval page (HTML)",
        params: asyncSandboxParams,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const payment =
        request.user && ASYNC_REF.test(request.params.ref)
          ? await sandbox.page(request.params.ref, request.user.id)
          : null;
      if (!payment || payment.urlLocal !== storefront.urlLocal) return missing(reply, storefront);
      const wallet = payment.method === 'qris' ? 'QRIS' : (WALLET_NAMES[payment.wallet ?? ''] ?? 'e-wallet');
      const action = `/api/${storefront.urlLocal}/pay/async/sandbox/${payment.providerRef}`;
      const amount = t(storefront, 'payment.async.sandbox.amount', {
        amount: money(storefront, payment.amountMinor, payment.currency),
      });
      const state =
        payment.status === 'pending'
          ? ''
          : `<p class="result" data-testid="async-sandbox-state">${esc(
              t(
                storefront,
                payment.status === 'expired' ? 'payment.async.sandbox.expired' : 'payment.async.sandbox.decided',
              ),
            )}</p>`;
      const qr =
        payment.method === 'qris'
          ? `<figure data-testid="async-sandbox-qr">${sandboxQrSvg(qrisPayload(payment))}</figure>`
          : '';
      const approve = esc(t(storefront, 'payment.async.sandbox.approve'));
      const cancel = esc(t(storefront, 'payment.async.sandbox.cancel'));
      const body = `<p><small>${esc(t(storefront, 'payment.async.sandbox.note'))}</small></p>
<p data-testid="async-sandbox-amount">${esc(amount)}</p>
${qr}${state}
<form method="post" action="${esc(action)}" class="actions">
<button type="submit" name="decision" value="approve" data-testid="async-approve">${approve}</button>
<button type="submit" name="decision" value="cancel" class="secondary" data-testid="async-cancel">${cancel}</button>
</form>`;
      return sandboxPage(reply, storefront, 200, t(storefront, 'payment.async.sandbox.title', { wallet }), body);
    },
  );

  app.post(
    '/pay/async/sandbox/:ref',
    {
      schema: {
        tags: ['payment'],
        summary:
          "The sandbox wallet's approve / cancel form: settles the payment, sends the store its signed webhook and " +
          'redirects to the result page',
        params: asyncSandboxParams,
        body: asyncSandboxDecisionBody,
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const decided = request.user
        ? await sandbox.decide(
            request.params.ref,
            request.user.id,
            request.body.decision === 'approve' ? 'paid' : 'cancelled',
          )
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
