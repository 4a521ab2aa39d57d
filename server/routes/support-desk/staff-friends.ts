import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireStaff } from '../../context';
import { ApiError, Errno } from '../../errors';
import type { StaffReferralRow } from '../../repositories/friend-codes';
import { staffFriendsAnswer, staffFriendsQuery } from '../../schemas/friends';

const time = (d: Date | null) => (d ? new Date(d).getTime() : null);

function referralView(r: StaffReferralRow) {
  return {
    email: r.email,
    storefront: r.url_local,
    state: r.state,
    reason: r.reason,
    joined_at: new Date(r.created_at).getTime(),
    first_order_id: r.first_order_id,
    due_at: time(r.due_at),
    rewarded_at: time(r.rewarded_at),
  };
}

/**
 * Customer service answers "where is my friend reward?": an account's friend code, who joined with it and where each
 * reward stands (with the rule that refused it), and whose code the account joined with. Read only: the rules decide.
 */
export async function staffFriendRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/staff/friends',
    {
      schema: {
        tags: ['staff'],
        summary: "An account's friend code, the sign-ups with it and their rewards, and the code it joined with",
        querystring: staffFriendsQuery,
        response: { 200: envelopeSchema(staffFriendsAnswer) },
      },
    },
    async (request) => {
      requireStaff(request);
      const id = await app.repos.users.idByEmail(request.query.email.trim().toLowerCase());
      if (id === null) throw new ApiError(Errno.NOT_FOUND, 'no such account', 404);
      const view = await app.friends.repo.staffView(id);
      return ok({
        user_id: id,
        email: request.query.email.trim().toLowerCase(),
        code: view.code,
        invited: view.invited.map(referralView),
        invited_by: view.invitedBy ? referralView(view.invitedBy) : null,
      });
    },
  );
}
