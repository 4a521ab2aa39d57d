import type { FastifyInstance, FastifyReply } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { translate as t } from '../../i18n';
import type { Storefront } from '../../storefront';
import { bnplOffers, instalmentSchedule } from '../../../region-config/instalments';
import { SESSION_REF, type BnplSandbox } from '../../payments/bnpl-sandbox';
import { sandboxDecisionBody, sandboxSessionParams } from '../../schemas/payment-plans';
import { money } from '../../mail/order-mails';
import { esc, renderPage } from '../../views/html';
import { sendPage } from '../account/respond';

function sandboxPage(reply: FastifyReply, storefront: Storefront, status: number, title: string, body: string) {
  return sendPage(reply, status, renderPage({ lang: storefront.lang, dir: storefront.dir, title, body }));
}

const missingSession = (reply: FastifyReply, storefront: Storefront) =>
  sandboxPage(
    reply,
    storefront,
    404,
    t(storefront, 'payment.bnpl.sandbox.missingTitle'),
    `<p role="alert">${esc(t(storefront, 'payment.bnpl.sandbox.missing'))}</p>`,
  );

/**
 * The sandbox pay-later provider's own approval page, served by the store because the sandbox runs inside it:
 * what the shopper agrees to, and approve / decline buttons (no script). A real provider hosts its page itself.
 */
export async function bnplSandboxPageRoutes(fastify: FastifyInstance, opts: { sandbox: BnplSandbox }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const sandbox = opts.sandbox;

  app.get(
    '/pay/bnpl/sandbox/:session',
    {
      schema: {
        tags: ['payment'],
        summary: "The sandbox pay-later provider's approval page (HTML)",
        params: sandboxSessionParams,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const session =
        request.user && SESSION_REF.test(request.params.session)
          ? await sandbox.page(request.params.session, request.user.id)
          : null;
      if (!session || session.urlLocal !== storefront.urlLocal) return missingSession(reply, storefront);
      const offer = bnplOffers(storefront.local).find((o) => o.id === session.offer);
      const name = offer?.name ?? session.offer;
      const s = instalmentSchedule(session.amountMinor, offer?.parts ?? 1, 0);
      const fmt = (minor: number) => money(storefront, minor, session.currency);
      const schedule =
        s.months === 1
          ? t(storefront, 'payment.bnpl.sandbox.once', { amount: fmt(s.total), count: offer?.everyDays ?? 30 })
          : t(storefront, 'payment.bnpl.sandbox.parts', {
              count: s.months,
              amount: fmt(s.monthly),
              interval: t(storefront, 'payment.bnpl.every', { count: offer?.everyDays ?? 30 }),
              last: fmt(s.last),
            });
      const action = `/api/${storefront.urlLocal}/pay/bnpl/sandbox/${session.sessionRef}`;
      const decided = session.status !== 'pending';
      const amount = t(storefront, 'payment.bnpl.sandbox.amount', { amount: fmt(session.amountMinor) });
      const approve = esc(t(storefront, 'payment.bnpl.sandbox.approve'));
      const decline = esc(t(storefront, 'payment.bnpl.sandbox.decline'));
      const body = `<p><small>${esc(t(storefront, 'payment.bnpl.sandbox.note'))}</small></p>
<p data-testid="bnpl-sandbox-amount">${esc(amount)}</p>
<p>${esc(schedule)}</p>
${decided ? `<p class="result">${esc(t(storefront, 'payment.bnpl.sandbox.decided'))}</p>` : ''}
<form method="post" action="${esc(action)}" class="actions">
<button type="submit" name="decision" value="approve" data-testid="bnpl-approve">${approve}</button>
<button type="submit" name="decision" value="decline" class="secondary" data-testid="bnpl-decline">${decline}</button>
</form>`;
      return sandboxPage(reply, storefront, 200, t(storefront, 'payment.bnpl.sandbox.title', { provider: name }), body);
    },
  );

  app.post(
    '/pay/bnpl/sandbox/:session',
    {
      schema: {
        tags: ['payment'],
        summary:
          "The sandbox provider's approve / decline form: settles the session and redirects to the store's " +
          'signed callback',
        params: sandboxSessionParams,
        body: sandboxDecisionBody,
      },
    },
    async (request, reply) => {
      const { storefront } = request;
      const decided = request.user
        ? await sandbox.decide(
            request.params.session,
            request.user.id,
            request.body.decision === 'approve' ? 'approved' : 'declined',
          )
        : null;
      if (!decided) return missingSession(reply, storefront);
      return reply.redirect(decided.callbackUrl, 303);
    },
  );
}
