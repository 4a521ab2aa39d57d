import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError, Errno } from '../../errors';
import { requireUser } from '../../context';
import { translate } from '../../i18n';
import { RATE_RULES } from '../../security/rate-limit';
import { checkUpload, UPLOAD_MAX_BYTES } from '../../uploads/file-type';
import { formatDate } from '../../../region-config/format-date';
import { phoneRule } from '../../../region-config/phone-postal';
import { profileRepository, type ProfileRow } from '../../repositories/profile';
import { resizeAvatar } from '../../profile/avatar';
import {
  BIRTHDAY_CHANGE_MONTHS,
  cleanNickname,
  cleanPhone,
  isValidBirthday,
  NICKNAME_RULE,
  type ProfileErrorKey,
} from '../../profile/rules';
import { avatarParams, birthdayBody, profileAnswer, profileBody } from '../../schemas/profile';
import type { Storefront } from '../../storefront';

/** The avatar's address: a random key per upload, so a replaced avatar's address stops working. */
const avatarPath = (urlLocal: string, key: string, size: number) => `/api/${urlLocal}/user/avatar/${key}/${size}`;

function invalid(storefront: Storefront, fields: Record<string, ProfileErrorKey>): ApiError {
  const vars = { max: NICKNAME_RULE.max };
  const messages = Object.values(fields).map((key) => translate(storefront, key, vars));
  return new ApiError(Errno.PROFILE_INVALID, messages.join(' '), 200, { fields });
}

/**
 * The profile under /user/profile: nickname, phone in the storefront country's format, birthday (editable once a
 * year) and the avatar (the upload rules, resized to the sizes pages use). Every call is the signed-in user's own.
 */
export async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const profiles = profileRepository(app.db);
  const view = (request: FastifyRequest, row: ProfileRow) => ({
    email: row.email,
    nickname: row.nickname,
    icon: row.icon,
    phone: row.phone,
    phone_code: phoneRule(request.storefront.local).phoneCode,
    birthday: row.birthday,
    birthday_next_change:
      row.birthday_changed_at && nextChange(row.birthday_changed_at) > new Date()
        ? nextChange(row.birthday_changed_at).toISOString()
        : null,
  });
  const answer = async (request: FastifyRequest, userId: number) => {
    const row = await profiles.read(userId);
    if (!row) throw new ApiError(Errno.NOT_LOGGED_IN, 'please sign in first');
    return ok(view(request, row));
  };

  app.get(
    '/user/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in shopper\u2019s profile (nickname, avatar, phone, birthday and its next change)',
        response: { 200: envelopeSchema(profileAnswer) },
      },
    },
    async (request) => answer(request, requireUser(request).id),
  );

  app.post(
    '/user/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the nickname and/or the phone (the storefront country\u2019s format; "" removes it)',
        body: profileBody,
        response: { 200: envelopeSchema(profileAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const fields: Record<string, ProfileErrorKey> = {};
      const nickname = request.body.nickname === undefined ? undefined : cleanNickname(request.body.nickname);
      if (nickname === null) fields['nickname'] = 'account.profile.error.nickname';
      const phone = request.body.phone === undefined ? undefined : cleanPhone(storefront.local, request.body.phone);
      if (phone === null) fields['phone'] = 'account.profile.error.phone';
      if (Object.keys(fields).length > 0) throw invalid(storefront, fields);
      await profiles.update(user.id, {
        ...(nickname ? { nickname } : {}),
        ...(phone !== undefined && phone !== null ? { phone, phoneLocal: storefront.local } : {}),
      });
      return answer(request, user.id);
    },
  );

  app.post(
    '/user/profile/birthday',
    {
      schema: {
        tags: ['account'],
        summary: 'Set the birthday (YYYY-MM-DD); a change is refused until a year after the last one (errno 47001)',
        body: birthdayBody,
        response: { 200: envelopeSchema(profileAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const birthday = request.body.birthday.trim();
      if (!isValidBirthday(birthday, new Date().toISOString().slice(0, 10)))
        throw invalid(storefront, { birthday: 'account.profile.error.birthday' });
      const change = await profiles.setBirthday(user.id, birthday);
      if (change.status === 'locked')
        throw new ApiError(
          Errno.BIRTHDAY_LOCKED,
          translate(storefront, 'account.profile.birthdayLocked', {
            date: formatDate(change.next, storefront.region, 'dateFormatOnlyDate', storefront.lang),
          }),
          200,
          { next_change: change.next.toISOString() },
        );
      return answer(request, user.id);
    },
  );

  // Files come as their own bytes (Content-Type of the file, name in X-File-Name), as after-sales uploads do.
  app.addContentTypeParser(
    ['image/jpeg', 'image/png'],
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES + 1 },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/user/avatar',
    {
      bodyLimit: UPLOAD_MAX_BYTES + 1,
      config: { rateLimit: RATE_RULES.upload },
      schema: {
        tags: ['account'],
        summary:
          'Replace the avatar: a jpg, jpeg or png under 10 MB as the body (name in X-File-Name); stored as ' +
          '48, 96 and 192 px WebP, the old files removed',
        response: { 200: envelopeSchema(profileAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { storefront } = request;
      const refuse = (reason: 'type' | 'size' | 'content') =>
        new ApiError(Errno.AVATAR_REFUSED, translate(storefront, 'account.profile.avatarRefused'), 200, { reason });
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw refuse('type');
      let name = '';
      try {
        const header = request.headers['x-file-name'];
        name = decodeURIComponent(typeof header === 'string' ? header : '');
      } catch {
        throw refuse('type');
      }
      const checked = checkUpload(name, body);
      if (!checked.ok) throw refuse(checked.reason);
      if (checked.type === 'application/pdf') throw refuse('type');
      const files = await resizeAvatar(body);
      if (!files) throw refuse('content');
      const key = randomBytes(16).toString('base64url');
      await profiles.replaceAvatar(user.id, key, files, avatarPath(storefront.urlLocal, key, 192));
      return answer(request, user.id);
    },
  );

  app.post(
    '/user/avatar/delete',
    {
      schema: {
        tags: ['account'],
        summary: 'Back to the default avatar (the files are removed)',
        response: { 200: envelopeSchema(profileAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await profiles.removeAvatar(user.id);
      return answer(request, user.id);
    },
  );

  app.get(
    '/user/avatar/:key/:size',
    { schema: { tags: ['account'], summary: 'An avatar in one size (WebP)', params: avatarParams, hide: true } },
    async (request, reply) => {
      const bytes = await profiles.avatar(request.params.key, Number(request.params.size));
      if (!bytes) throw new ApiError(Errno.NOT_FOUND, 'no such avatar', 404);
      // The key changes with every upload, so an address never shows another picture.
      return reply.type('image/webp').header('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );
}

/** When a birthday changed at `changedAt` may change again (once a year). */
function nextChange(changedAt: Date): Date {
  const next = new Date(changedAt);
  next.setUTCMonth(next.getUTCMonth() + BIRTHDAY_CHANGE_MONTHS);
  return next;
}
