import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { liveChatFor } from '../../../sites/index';
import { localize } from '../../../content/localize';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { COOKIE } from '../../auth/cookies';
import type { ChatMessage, ChatParty } from '../../repositories/chat';
import { agentReply, type FaqEntry } from '../../services/chat-agent';
import { message } from '../../i18n';
import { chatHub } from '../../chat/hub';
import { RATE_RULES } from '../../security/rate-limit';
import { securityHeaders } from '../../security/headers';
import { chatMessagesAnswer, chatMessageBody, chatStreamQuery } from '../../schemas/support-desk';

/** The chat reconnect delay, sent to the browser as `retry:`. */
export const SSE_RETRY_MS = 1000;
/**
 * Streams wake on notifications; this slow poll only covers one lost while a database connection was being
 * replaced, and doubles as the keep-alive for proxies.
 */
const SAFETY_POLL_MS = 15_000;
const STREAM_TYPE = 'text/event-stream; charset=utf-8';

const wire = (m: ChatMessage) => ({
  id: m.id,
  sender: m.sender,
  body: m.body,
  created_at: new Date(m.created_at).toISOString(),
});

/** Support chat: post a message (an FAQ agent answers) and follow the conversation as server-sent events. */
export async function chatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const hub = chatHub(app.db);
  // Open streams end when the server closes, so a graceful shutdown does not wait for browsers.
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
    await hub.close();
  });

  /**
   * The chatting party; visitors only where the locale allows visitor chat (who may chat), else 20001. A new
   * visitor gets an id whose Set-Cookie header is returned, because a hijacked stream reply skips the cookie plugin.
   */
  function party(request: FastifyRequest): { party: ChatParty; setCookie?: string } {
    if (request.user) return { party: { userId: request.user.id } };
    const chat = liveChatFor(request.storefront.local, request.storefront.urlLocal);
    if (chat.visitorChat !== 'allowed' || !chat.appVisitorId)
      throw new ApiError(Errno.NOT_LOGGED_IN, message(request.storefront, 'liveChat.signInRequired'));
    const known = request.cookies[COOKIE.visitor];
    if (known && /^[0-9a-f-]{36}$/.test(known)) return { party: { visitorId: known } };
    const visitorId = randomUUID();
    const setCookie = app.serializeCookie(COOKIE.visitor, visitorId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: 30 * 86400,
    });
    return { party: { visitorId }, setCookie };
  }

  async function faqs(i18n: string): Promise<FaqEntry[]> {
    const rows = (await app.repos.cms.faqs()) as { question: { en: string }; answer: { en: string }[] }[];
    return rows.map((f) => ({
      question: localize(f.question, i18n),
      answer: f.answer.map((p) => localize(p, i18n)).join('\n'),
    }));
  }

  app.post(
    '/chat/messages',
    {
      config: { rateLimit: RATE_RULES.chat },
      schema: {
        tags: ['chat'],
        summary: 'Send a chat message; the automatic agent answers from the FAQ',
        body: chatMessageBody,
        response: {
          200: envelopeSchema(chatMessagesAnswer),
        },
      },
    },
    async (request, reply) => {
      const text = request.body.body.trim();
      if (!text) throw new ApiError(Errno.INVALID_PARAM, 'invalid parameter: body.body must not be blank', 400);
      const who = party(request);
      if (who.setCookie) reply.header('Set-Cookie', who.setCookie);
      const conversationId = await app.repos.chat.conversation(request.storefront.urlLocal, who.party);
      const mine = await app.repos.chat.post(conversationId, 'user', text);
      const faq = agentReply(text, await faqs(request.storefront.i18n));
      if (faq)
        return ok({
          conversation_id: conversationId,
          messages: [wire(mine), wire(await app.repos.chat.post(conversationId, 'agent', faq))],
        });
      // Nothing in the FAQ: the conversation waits for staff (the console lists it); the agent says so once.
      const wasWaiting = await app.repos.chat.setNeedsStaff(conversationId, true);
      if (wasWaiting) return ok({ conversation_id: conversationId, messages: [wire(mine)] });
      const handover = message(request.storefront, 'liveChat.handover');
      return ok({
        conversation_id: conversationId,
        messages: [wire(mine), wire(await app.repos.chat.post(conversationId, 'agent', handover))],
      });
    },
  );

  app.get(
    '/chat/stream',
    {
      schema: {
        tags: ['chat'],
        summary: 'The conversation as server-sent events (retry: 1000); resumes after Last-Event-ID or ?after',
        querystring: chatStreamQuery,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const who = party(request);
      // HEAD (Fastify answers it with this handler) gets the stream's headers at once: a stream never ends, so
      // hijacking for it would leave the client waiting, and a look at the headers writes nothing.
      if (request.method === 'HEAD')
        return reply.header('Content-Type', STREAM_TYPE).header('Cache-Control', 'no-store').send();
      const conversationId = await app.repos.chat.toFollow(request.storefront.urlLocal, who.party);
      const lastEventId = Number(request.headers['last-event-id']);
      let after = Number.isInteger(lastEventId) && lastEventId > 0 ? lastEventId : (request.query.after ?? 0);

      reply.hijack();
      const res = reply.raw;
      // A hijacked reply skips the reply hooks: the headers they add to every answer are written here.
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        ...securityHeaders(request, STREAM_TYPE),
        'X-Request-Id': request.id,
        'Content-Type': STREAM_TYPE,
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
        'X-Server-Time': String(Date.now()),
        ...(who.setCookie ? { 'Set-Cookie': who.setCookie } : {}),
      });
      res.write(`retry: ${SSE_RETRY_MS}\n\n`);

      let closed = false;
      let reading = false;
      let again = false;
      // Reads what is new since the last event; a wake during a read reads once more after it.
      const drain = async (): Promise<void> => {
        if (closed) return;
        if (reading) {
          again = true;
          return;
        }
        reading = true;
        try {
          do {
            again = false;
            const fresh = await app.repos.chat.since(conversationId, after);
            for (const m of fresh) {
              res.write(`id: ${m.id}\nevent: message\ndata: ${JSON.stringify(wire(m))}\n\n`);
              after = m.id;
            }
            if (fresh.length === 100) again = true;
          } while (again && !closed);
        } catch (err) {
          request.log.error({ err }, 'chat stream read failed');
          end();
        } finally {
          reading = false;
        }
      };
      let unsubscribe = () => {};
      const timer = setInterval(() => {
        if (!closed) res.write(`: keep-alive\n\n`);
        void drain();
      }, SAFETY_POLL_MS);
      const stop = () => {
        closed = true;
        clearInterval(timer);
        unsubscribe();
        streams.delete(end);
      };
      const end = () => {
        stop();
        res.end();
      };
      streams.add(end);
      request.raw.on('close', stop);
      const cancel = await hub.subscribe(conversationId, () => void drain());
      // The browser may have gone while the subscription was being set up.
      if (closed) cancel();
      else unsubscribe = cancel;
      void drain();
    },
  );
}
