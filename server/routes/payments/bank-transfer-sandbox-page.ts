import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { translate as t } from '../../i18n';
import type { Storefront } from '../../storefront';
import type { AsyncSandbox } from '../../payments/async-sandbox';
import type { BankSandbox, SandboxAccount } from '../../payments/bank-transfer-sandbox';
import {
  VA_BANKS,
  VA_BANK_NAMES,
  bankSandboxQuery,
  bankSandboxTransferBody,
  bankSandboxValidationBody,
} from '../../schemas/bank-transfers';
import { money } from '../../mail/order-mails';
import { esc, renderPage } from '../../views/html';
import { sendPage } from '../account/respond';
import { asyncWebhookPath } from './payment-webhooks';

function accountLine(storefront: Storefront, a: SandboxAccount): string {
  const line = t(storefront, 'payment.bank.sandbox.account', {
    bank: VA_BANK_NAMES[a.bank],
    number: a.number,
    amount: money(storefront, a.amountMinor, a.currency),
    received: money(storefront, a.receivedMinor, a.currency),
    status: t(storefront, `payment.bank.sandbox.status.${a.status}`),
  });
  return `<p class="result" data-testid="bank-sandbox-account" data-status="${esc(a.status)}">${esc(line)}</p>`;
}

/**
 * The sandbox bank's own page, served by the store because the sandbox runs inside it: a tester sends any amount to
 * a virtual account (the bank then posts its signed bank-feed webhook to the store at once, retried by the
 * maintenance round) and switches a bank's account validation down or up. A real bank hosts nothing of this.
 */
export async function bankSandboxPageRoutes(
  fastify: FastifyInstance,
  opts: { sandbox: AsyncSandbox & BankSandbox },
): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const sandbox = opts.sandbox;
  const pagePath = (storefront: Storefront) => `/api/${storefront.urlLocal}/pay/bank/sandbox/transfer`;

  async function page(reply: FastifyReply, storefront: Storefront, number: string | undefined, sent?: string) {
    const account = number ? await sandbox.account(number) : null;
    const found = account
      ? accountLine(storefront, account)
      : number
        ? `<p role="alert">${esc(t(storefront, 'payment.bank.sandbox.missing'))}</p>`
        : '';
    const owed = account && account.status === 'pending' ? account.amountMinor - account.receivedMinor : '';
    const down = new Set(await sandbox.validationDown());
    const switches = VA_BANKS.map((bank) => {
      const name = VA_BANK_NAMES[bank];
      const isDown = down.has(bank);
      return `<form method="post" action="${esc(pagePath(storefront))}/validation" class="actions">
<input type="hidden" name="bank" value="${bank}"><input type="hidden" name="state" value="${isDown ? 'up' : 'down'}">
<p>${esc(t(storefront, `payment.bank.sandbox.${isDown ? 'validationDown' : 'validationUp'}`, { bank: name }))}</p>
<button type="submit" class="secondary" data-testid="bank-sandbox-validation-${bank}">${esc(
        t(storefront, isDown ? 'payment.bank.sandbox.switchUp' : 'payment.bank.sandbox.switchDown', { bank: name }),
      )}</button></form>`;
    }).join('\n');
    const body = `<p><small>${esc(t(storefront, 'payment.bank.sandbox.note'))}</small></p>
${sent ? `<p role="status" data-testid="bank-sandbox-sent">${esc(sent)}</p>` : ''}${found}
<form method="post" action="${esc(pagePath(storefront))}" class="actions">
<div class="field"><label for="va-number">${esc(t(storefront, 'payment.bank.sandbox.number'))}</label>
<input id="va-number" name="number" inputmode="numeric" required value="${esc(number ?? '')}"></div>
<div class="field"><label for="va-amount">${esc(t(storefront, 'payment.bank.sandbox.amount'))}</label>
<input id="va-amount" name="amount" inputmode="numeric" required value="${esc(String(owed))}"></div>
<button type="submit" data-testid="bank-sandbox-send">${esc(t(storefront, 'payment.bank.sandbox.send'))}</button>
</form>
<h2>${esc(t(storefront, 'payment.bank.sandbox.validation'))}</h2>
${switches}`;
    return sendPage(
      reply,
      200,
      renderPage({
        lang: storefront.lang,
        dir: storefront.dir,
        title: t(storefront, 'payment.bank.sandbox.title'),
        body,
      }),
    );
  }

  const signedOut = (reply: FastifyReply, storefront: Storefront) =>
    sendPage(
      reply,
      401,
      renderPage({
        lang: storefront.lang,
        dir: storefront.dir,
        title: t(storefront, 'payment.bank.sandbox.title'),
        body: `<p role="alert">${esc(t(storefront, 'payment.bank.sandbox.signIn'))}</p>`,
      }),
    );

  app.get(
    '/pay/bank/sandbox/transfer',
    {
      schema: {
        tags: ['payment'],
        summary: "The sandbox bank's transfer page (HTML): send any amount to a virtual account",
        querystring: bankSandboxQuery,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      if (!request.user) return signedOut(reply, request.storefront);
      return page(reply, request.storefront, request.query.number);
    },
  );

  app.post(
    '/pay/bank/sandbox/transfer',
    {
      schema: {
        tags: ['payment'],
        summary: "The sandbox bank's transfer form: records the transfer and posts the signed bank-feed webhook",
        body: bankSandboxTransferBody,
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      if (!request.user) return signedOut(reply, storefront);
      const done = await sandbox.transfer(request.body.number, Number(request.body.amount));
      if (!done) return page(reply, storefront, request.body.number);
      // The webhook goes out now, not on the next maintenance round; a failure stays queued for that round.
      const address = app.server.address();
      if (address && typeof address === 'object')
        await sandbox
          .deliver(`http://127.0.0.1:${address.port}${asyncWebhookPath(sandbox.id)}`)
          .catch((err: unknown) => request.log.warn({ err }, 'sandbox bank feed not delivered; retried later'));
      const sent = t(storefront, 'payment.bank.sandbox.sent', {
        amount: money(storefront, Number(request.body.amount), done.account.currency),
      });
      return page(reply, storefront, request.body.number, sent);
    },
  );

  app.post(
    '/pay/bank/sandbox/transfer/validation',
    {
      schema: {
        tags: ['payment'],
        summary: "The sandbox bank's switch: a bank's account validation down (starts refused) or up",
        body: bankSandboxValidationBody,
      },
    },
    async (request, reply) => {
      if (!request.user) return signedOut(reply, request.storefront);
      await sandbox.setValidation(request.body.bank, request.body.state === 'down');
      return reply.redirect(pagePath(request.storefront), 303);
    },
  );
}
