import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireUser } from '../../context';
import { ApiError, Errno, type ErrnoCode } from '../../errors';
import { message, translate } from '../../i18n';
import type { RateRule } from '../../security/rate-limit';
import type { DataExportRow } from '../../repositories/data-exports';
import { DATA_EXPORTS_PER_DAY } from '../../repositories/data-exports';
import { openDealings, type DeletionRow } from '../../repositories/account-deletions';
import { deletionConfirmMail, deletionScheduledMail } from '../../data-rights/mails';
import {
  dataRightsAnswer,
  deleteConfirmBody,
  deleteRequestBody,
  deletionAnswer,
  downloadQuery,
  exportAnswer,
} from '../../schemas/data-rights';

/**
 * Asking for an archive, for a deletion, and confirming one: each reads every table or costs a password hash, so an
 * account gets few an hour (also the password's guesses from a stolen session).
 */
const DATA_RIGHTS_RULE: RateRule = { bucket: 'data-rights', max: 10, windowSeconds: 3600, per: 'account' };
/** Confirming by the mail link needs no session: counted per address. */
const CONFIRM_RULE: RateRule = { bucket: 'data-rights-confirm', max: 20, windowSeconds: 3600 };

const time = (value: string | null) => (value === null ? null : new Date(value).getTime());

function exportItem(urlLocal: string, row: DataExportRow) {
  const expired = row.state === 'ready' && row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now();
  const state = expired ? ('expired' as const) : row.state;
  return {
    id: row.public_id,
    state,
    size: row.size,
    created_at: new Date(row.created_at).getTime(),
    expires_at: time(row.expires_at),
    download_url:
      state === 'ready'
        ? `/api/${urlLocal}/account/data/export/download?id=${encodeURIComponent(row.public_id)}`
        : null,
  };
}

const deletionItem = (row: DeletionRow | null) =>
  row ? { state: row.state, effective_at: time(row.effective_at) } : null;

/**
 * The shopper's data rights under /user/data: the JSON archive of their data (made by a job, downloaded by its owner
 * while its link lasts) and the deletion of the account (password, then the mail link, then the grace period).
 */
export async function dataRightsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const fail = (request: FastifyRequest, errno: ErrnoCode, key: string, status = 200) =>
    new ApiError(errno, message(request.storefront, key), status);

  app.get(
    '/account/data',
    {
      schema: {
        tags: ['account'],
        summary: "The account's data archives and its deletion request, with what keeps a deletion from being asked",
        security: [{ serviceToken: [] }],
        response: { 200: envelopeSchema(dataRightsAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rights = app.dataRights;
      const [exports, deletion, open] = await Promise.all([
        rights.exports.list(user.id),
        rights.deletions.open(user.id),
        openDealings(app.db, user.id),
      ]);
      return ok({
        exports: exports.map((row) => exportItem(request.storefront.urlLocal, row)),
        deletion: deletionItem(deletion),
        grace_days: Math.floor(rights.graceMs / 86_400_000),
        open_orders: open.orders,
        open_services: open.services,
      });
    },
  );

  app.post(
    '/account/data/export',
    {
      config: { rateLimit: DATA_RIGHTS_RULE },
      schema: {
        tags: ['account'],
        summary: "Ask for an archive of the account's data (JSON); a mail says when it is ready",
        description:
          `At most ${DATA_EXPORTS_PER_DAY} a day (errno 47053); ` +
          'asking again while one is being made answers that one.',
        security: [{ serviceToken: [] }],
        response: { 200: envelopeSchema(exportAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const made = await app.dataRights.exports.request(user.id, request.storefront.urlLocal);
      if (!made) throw fail(request, Errno.DATA_EXPORT_TOO_MANY, 'account.data.error.tooMany');
      if (made.created) await app.dataRights.queueExport(made.row.id);
      return ok({ export: exportItem(request.storefront.urlLocal, made.row) });
    },
  );

  app.get(
    '/account/data/export/download',
    {
      schema: {
        tags: ['account'],
        summary: "Download an archive: its link's id and its owner's session (anyone else gets errno 47050)",
        security: [{ serviceToken: [] }],
        querystring: downloadQuery,
        produces: ['application/json'],
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const found = await app.dataRights.exports.download(request.query.id, user.id);
      if (found.state !== 'ready') {
        if (found.state === 'expired')
          throw fail(request, Errno.DATA_EXPORT_EXPIRED, 'account.data.error.expired', 410);
        if (found.state === 'pending') throw fail(request, Errno.DATA_EXPORT_NOT_READY, 'account.data.error.notReady');
        throw fail(request, Errno.DATA_EXPORT_NOT_FOUND, 'account.data.error.notFound', 404);
      }
      const day = new Date(found.row.created_at).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .header('cache-control', 'private, no-store')
        .send(found.archive);
    },
  );

  app.post(
    '/account/data/delete',
    {
      config: { rateLimit: DATA_RIGHTS_RULE },
      schema: {
        tags: ['account'],
        summary: 'Ask to delete the account (its password); a mail link confirms it',
        description:
          'Refused while orders or service requests are open (errno 47061) and for staff accounts (47063); a wrong ' +
          'password is 47060. Asking again sends a new link.',
        security: [{ serviceToken: [] }],
        body: deleteRequestBody,
        response: { 200: envelopeSchema(deletionAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      if (user.role !== 'shopper') throw fail(request, Errno.DELETION_NOT_SHOPPER, 'account.data.error.notShopper');
      const right = await app.repos.users.verifyCredentials(user.email, request.body.password);
      if (!right || right.id !== user.id)
        throw fail(request, Errno.DELETION_WRONG_PASSWORD, 'account.data.error.wrongPassword');
      const open = await openDealings(app.db, user.id);
      if (open.orders + open.services > 0)
        throw new ApiError(
          Errno.DELETION_OPEN_DEALINGS,
          translate(storefront, 'account.data.error.openDealings'),
          200,
          { open_orders: open.orders, open_services: open.services },
        );
      const asked = await app.dataRights.deletions.request(user.id, storefront.urlLocal, (tx, token) =>
        app.mail.enqueue(tx, deletionConfirmMail(app.mail.links(storefront), user.email, token)).then(() => undefined),
      );
      app.mail.wake();
      // Already scheduled: this browser's session outlived the confirmation only in a race; say what stands.
      return ok({ deletion: deletionItem(asked ? asked.row : await app.dataRights.deletions.open(user.id)) });
    },
  );

  app.post(
    '/account/data/delete/confirm',
    {
      config: { rateLimit: CONFIRM_RULE },
      schema: {
        tags: ['account'],
        summary: "Confirm a deletion by its mail link's token: scheduled after the grace period, every session ends",
        body: deleteConfirmBody,
        response: { 200: envelopeSchema(deletionAnswer) },
      },
    },
    async (request) => {
      const rights = app.dataRights;
      const row = await rights.deletions.confirm(request.body.token, rights.graceMs, async (tx, scheduled) => {
        const email = await rights.deletions.recipient(tx, scheduled.user_id);
        if (email && scheduled.effective_at)
          await app.mail.enqueue(
            tx,
            deletionScheduledMail(app.mail.links(request.storefront), email, scheduled.id, scheduled.effective_at),
          );
      });
      if (!row) throw fail(request, Errno.DELETION_LINK_INVALID, 'account.data.error.linkInvalid');
      app.mail.wake();
      await rights.queueErasure(row.id, new Date(row.effective_at!));
      return ok({ deletion: deletionItem(row) });
    },
  );

  app.post(
    '/account/data/delete/cancel',
    {
      schema: {
        tags: ['account'],
        summary: 'Withdraw a deletion not yet confirmed (a scheduled one is cancelled by signing in)',
        security: [{ serviceToken: [] }],
        response: { 200: envelopeSchema(deletionAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await app.dataRights.deletions.cancel(app.db, user.id, 'shopper');
      return ok({ deletion: null });
    },
  );
}
