import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { ApiError, Errno } from '../../errors';
import { mailOutbox, type OutboxRow } from '../../mail/outbox';
import { esc, renderPage } from '../../views/html';
import { hasForwardingHeader, isLoopbackAddress, isLoopbackHost } from '../../security/client-address';
import type { Env } from '../../config';
import { mailboxMailParams, mailboxQuery } from '../../schemas/site';

/**
 * Whether this store runs as a developer's local copy, the only place the mailbox exists: MAILBOX=local, no
 * SMTP_URL, not NODE_ENV=production, and SITE_URL (default http://localhost:PORT) on a loopback host. Any public
 * SITE_URL means the store is deployed, where the outbox holds real shoppers' sign-in links.
 */
export function localMailboxEnabled(env: Pick<Env, 'MAILBOX' | 'SMTP_URL' | 'NODE_ENV' | 'SITE_URL'>): boolean {
  if (env.MAILBOX !== 'local' || env.SMTP_URL || env.NODE_ENV === 'production') return false;
  try {
    return isLoopbackHost(new URL(env.SITE_URL ?? 'http://localhost').host);
  } catch {
    return false;
  }
}

/**
 * The local mailbox: without SMTP_URL the store's mail stays in the outbox, and a developer on this machine reads
 * it here. Mails hold sign-in links, so only a direct loopback connection gets it: a loopback Host (a page of
 * another site reaching 127.0.0.1 by DNS rebinding carries its own name) and no forwarding header of any kind (a
 * proxy on this machine connects from loopback too).
 */
function isLocalDeveloper(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.raw.socket.remoteAddress) &&
    isLoopbackHost(request.headers.host) &&
    !hasForwardingHeader(request.headers)
  );
}

const wire = (m: OutboxRow) => ({
  id: m.id,
  recipient: m.recipient,
  kind: m.kind,
  url_local: m.url_local,
  subject: m.subject,
  text: m.text_body,
  created_at: new Date(m.created_at).toISOString(),
  sent_at: m.sent_at ? new Date(m.sent_at).toISOString() : null,
  transport: m.transport,
  last_error: m.last_error,
});

/** GET /api/mailbox (list; `to` filters; `format=json`) and /api/mailbox/:id (one mail as the recipient sees it). */
export async function mailboxRoutes(fastify: FastifyInstance, opts: { enabled: boolean }): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.addHook('onRequest', async (request) => {
    if (!opts.enabled || !isLocalDeveloper(request))
      throw new ApiError(Errno.NOT_FOUND, `no such API route: ${request.method} /api/mailbox`, 404);
  });

  app.get(
    '/mailbox',
    {
      schema: {
        hide: true,
        querystring: mailboxQuery,
      },
    },
    async (request, reply) => {
      const mails = await mailOutbox.list(app.db, { recipient: request.query.to, limit: request.query.limit ?? 100 });
      if (request.query.format === 'json') return { data: { mails: mails.map(wire) }, errno: Errno.OK, errmsg: 'ok' };
      const rows = mails
        .map((m) => {
          const subject = `<a href="/api/mailbox/${m.id}">${esc(m.subject)}</a>`;
          const state = m.sent_at ? esc(m.transport ?? '') : esc(m.last_error ?? 'queued');
          const cells = [
            m.id,
            esc(new Date(m.created_at).toISOString()),
            esc(m.recipient),
            subject,
            esc(m.kind),
            state,
          ];
          return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
        })
        .join('\n');
      const head = '<tr><th>#</th><th>queued</th><th>to</th><th>subject</th><th>kind</th><th>state</th></tr>';
      const body = `<p>Mail the store queued on this machine (no SMTP_URL set). Newest first.</p>
<table><thead>${head}</thead><tbody>${rows}</tbody></table>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(renderPage({ lang: 'en', dir: 'ltr', title: 'Local mailbox', body }));
    },
  );

  app.get(
    '/mailbox/:id',
    {
      schema: {
        hide: true,
        params: mailboxMailParams,
      },
    },
    async (request, reply) => {
      const mail = await mailOutbox.get(app.db, request.params.id);
      if (!mail) throw new ApiError(Errno.NOT_FOUND, 'no such mail', 404);
      // The mail's own HTML is shown as the recipient's client would, with links but no script.
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
        )
        .send(mail.html_body);
    },
  );
}
