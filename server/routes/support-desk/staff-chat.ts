import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff } from '../../context';
import { RATE_RULES } from '../../security/rate-limit';
import type { ChatMessage } from '../../repositories/chat';
import {
  staffChatsAnswer,
  staffChatsMessagesAnswer,
  staffChatsReplyAnswer,
  staffChatIdQuery,
  staffChatReplyBody,
} from '../../schemas/support-desk';

const wire = (m: ChatMessage) => ({
  id: m.id,
  sender: m.sender,
  body: m.body,
  created_at: new Date(m.created_at).toISOString(),
});

/**
 * Live chat for staff: the conversations waiting for a person (the FAQ agent had no answer) and the
 * latest active ones, a conversation's messages, and replies that reach the shopper's open chat through the same
 * event stream as the agent's.
 */
export async function staffChatRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const notFound = () => new ApiError(Errno.NOT_FOUND, 'no such conversation', 404);

  app.get(
    '/staff/chats',
    {
      schema: {
        tags: ['staff'],
        summary: 'Chats waiting for staff first, then the latest active ones (7 days)',
        response: {
          200: envelopeSchema(staffChatsAnswer),
        },
      },
    },
    async (request) => {
      requireStaff(request);
      const chats = await app.repos.chat.forStaff();
      return ok({
        chats: chats.map((c) => ({
          ...c,
          last_message_at: c.last_message_at ? new Date(c.last_message_at).getTime() : null,
        })),
      });
    },
  );

  app.get(
    '/staff/chats/messages',
    {
      schema: {
        tags: ['staff'],
        summary: "A conversation's messages",
        querystring: staffChatIdQuery,
        response: { 200: envelopeSchema(staffChatsMessagesAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      if (!(await app.repos.chat.exists(request.query.id))) throw notFound();
      return ok({ messages: (await app.repos.chat.since(request.query.id, 0, 500)).map(wire) });
    },
  );

  app.post(
    '/staff/chats/reply',
    {
      config: { rateLimit: RATE_RULES.chat },
      schema: {
        tags: ['staff'],
        summary: "Answer a chat: the shopper's open chat receives it at once; the conversation no longer waits",
        body: staffChatReplyBody,
        response: { 200: envelopeSchema(staffChatsReplyAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const text = request.body.body.trim();
      if (!text) throw new ApiError(Errno.INVALID_PARAM, 'invalid parameter: body.body must not be blank', 400);
      if (!(await app.repos.chat.exists(request.body.id))) throw notFound();
      const sent = await app.repos.chat.post(request.body.id, 'staff', text);
      await app.repos.chat.setNeedsStaff(request.body.id, false);
      return ok({ message: wire(sent) });
    },
  );
}
