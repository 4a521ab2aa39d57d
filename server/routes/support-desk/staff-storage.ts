import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireStaff } from '../../context';
import { UPLOAD_QUOTA } from '../../uploads/quota';
import { storageSchema, staffStorageQuery } from '../../schemas/support-desk';

/** Staff see what an account stores as uploaded files, in every storefront, beside the quota that applies. */
export async function staffStorageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/staff/storage',
    {
      schema: {
        tags: ['staff'],
        summary:
          "An account's stored files (all storefronts, attached or waiting) and its upload quota, by user id or e-mail",
        querystring: staffStorageQuery,
        response: { 200: envelopeSchema(storageSchema) },
      },
    },
    async (request) => {
      requireStaff(request);
      const { userId, email } = request.query;
      if (userId === undefined && !email?.trim())
        throw new ApiError(Errno.INVALID_PARAM, 'invalid parameter: give userId or email', 400);
      const id = userId ?? (await app.repos.users.idByEmail(email!.trim()));
      const user = id === null ? null : await app.repos.users.byId(app.db, id);
      if (!user) throw new ApiError(Errno.NOT_FOUND, 'no such account', 404);
      const use = await app.repos.aftersales.storageUse(user.id);
      return ok({
        user_id: user.id,
        email: user.email,
        files: use.files,
        bytes: use.bytes,
        pending_files: use.pendingFiles,
        pending_bytes: use.pendingBytes,
        quota: {
          files: UPLOAD_QUOTA.accountFiles,
          bytes: UPLOAD_QUOTA.accountBytes,
          pending_files: UPLOAD_QUOTA.pendingFiles,
          pending_bytes: UPLOAD_QUOTA.pendingBytes,
          address_bytes_per_day: UPLOAD_QUOTA.addressBytesPerDay,
        },
      });
    },
  );
}
