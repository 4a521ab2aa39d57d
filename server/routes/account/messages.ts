import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { envelopeSchema, ok } from '../../envelope';
import { requireUser } from '../../context';
import { ApiError, Errno } from '../../errors';
import { message } from '../../i18n';
import { baseQuery } from '../../schemas/common';
import type { MessageRow } from '../../repositories/messages';
import { WELCOME_POINTS } from '../../repositories/points';
import { commerceRules } from '../../../sites/commerce';
import { pointsRules } from '../../../sites/points';
import { clubBenefits, clubStanding, CLUB_LEVELS, type ClubBenefits } from '../../../sites/club';
import { profileRepository } from '../../repositories/profile';
import { currencyExponent } from '../../../region-config/money';
import {
  unreadCount,
  clubAnswer,
  messageDetailAnswer,
  messageListAnswer,
  messageReadAllAnswer,
  prefsAnswer,
  messageDetailQuery,
  messageIdBody,
  messageListQuery,
  messageReadAllBody,
  prefsBody,
} from '../../schemas/account';

const unreadAnswer = envelopeSchema(unreadCount);

const benefitsView = (b: ClubBenefits) => ({
  free_express: b.freeExpress,
  early_access_hours: b.earlyAccessHours,
  birthday_points: b.birthdayPoints,
});

const wire = (m: MessageRow) => ({
  id: m.id,
  kind: m.kind,
  title: m.title,
  body: m.body,
  link: m.link,
  read: m.read_at !== null,
  time: new Date(m.created_at).getTime(),
});

/**
 * The inbox of /user/message and /user/notification, the notification preferences of
 * /user/notification-preferences, and the Mi Club standing of /user/mi-club. Every call is the signed-in user's own.
 */
export async function messageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const profiles = profileRepository(app.db);
  const notFound = (storefront: Parameters<typeof message>[0]) =>
    new ApiError(Errno.NOT_FOUND, message(storefront, 'message.error.notFound'), 404);

  app.get(
    '/message/list',
    {
      schema: {
        tags: ['messages'],
        summary:
          'A page of the inbox, newest first, optionally of one kind or only unread; with the unread counts per kind',
        security: [{ serviceToken: [] }],
        querystring: messageListQuery,
        response: {
          200: envelopeSchema(messageListAnswer),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { kind, unread, page = 1, pageSize = 10 } = request.query;
      const list = await app.repos.messages.list(user.id, { kind, unreadOnly: unread, page, pageSize });
      return ok({
        messages: list.items.map(wire),
        total: list.total,
        page,
        page_size: pageSize,
        unread: list.unread,
        unread_by_kind: list.unreadByKind,
      });
    },
  );

  app.get(
    '/message/detail',
    {
      schema: {
        tags: ['messages'],
        summary: 'One message of the signed-in user (another user’s id is not found); reading does not mark it read',
        security: [{ serviceToken: [] }],
        querystring: messageDetailQuery,
        response: { 200: envelopeSchema(messageDetailAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const found = await app.repos.messages.get(user.id, request.query.id);
      if (!found) throw notFound(request.storefront);
      return ok({ message: wire(found) });
    },
  );

  app.post(
    '/message/read',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark one message read; answers the unread count left',
        security: [{ serviceToken: [] }],
        body: messageIdBody,
        response: { 200: unreadAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const done = await app.repos.messages.markRead(user.id, request.body.id);
      if (!done) throw notFound(request.storefront);
      return ok(done);
    },
  );

  app.post(
    '/message/read-all',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark every unread message (of one kind, if given) read',
        security: [{ serviceToken: [] }],
        body: messageReadAllBody,
        response: { 200: envelopeSchema(messageReadAllAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await app.repos.messages.markAllRead(user.id, request.body.kind));
    },
  );

  app.post(
    '/message/delete',
    {
      schema: {
        tags: ['messages'],
        summary: 'Delete one message; answers the unread count left',
        security: [{ serviceToken: [] }],
        body: messageIdBody,
        response: { 200: unreadAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const done = await app.repos.messages.remove(user.id, request.body.id);
      if (!done) throw notFound(request.storefront);
      return ok(done);
    },
  );

  const preferences = async (userId: number, local: string) => ({
    prefs: await app.repos.notificationPrefs.list(userId),
    newsletter: await app.repos.notificationPrefs.newsletter(userId, local),
    always: ['security_mail', 'system_message'],
  });

  app.get(
    '/notification/preferences',
    {
      schema: {
        tags: ['messages'],
        summary: 'Which mails and messages the user gets per kind, and their newsletter state',
        security: [{ serviceToken: [] }],
        querystring: baseQuery,
        response: { 200: envelopeSchema(prefsAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await preferences(user.id, request.storefront.local));
    },
  );

  app.post(
    '/notification/preferences',
    {
      schema: {
        tags: ['messages'],
        summary:
          'Save the mail and message choice per kind; newsletter true subscribes the account address here, ' +
          'false ends its newsletter everywhere',
        security: [{ serviceToken: [] }],
        body: prefsBody,
        response: { 200: envelopeSchema(prefsAnswer) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { prefs = [], newsletter } = request.body;
      if (new Set(prefs.map((p) => p.kind)).size !== prefs.length)
        throw new ApiError(Errno.INVALID_PARAM, 'invalid parameter: each kind at most once', 400);
      const { local, urlLocal } = request.storefront;
      await app.db.transaction(async (tx) => {
        await app.repos.notificationPrefs.saveIn(tx, user.id, prefs);
        if (newsletter === true) await app.repos.subscriptions.subscribeVerifiedIn(tx, user.email, local, urlLocal);
        if (newsletter === false) await app.repos.subscriptions.unsubscribeEmailIn(tx, user.email);
      });
      return ok(await preferences(user.id, local));
    },
  );

  app.get(
    '/club',
    {
      schema: {
        tags: ['points'],
        summary:
          'Mi Club: the member level from the points earned in this country, the balance, what each level unlocks ' +
          'here, the priority club, the birthday points and the pre-sales the member may enter early',
        security: [{ serviceToken: [] }],
        querystring: baseQuery,
        response: {
          200: envelopeSchema(clubAnswer),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { local } = request.storefront;
      const commerce = commerceRules(local);
      const rules = pointsRules(local, commerce);
      const [balance, earned, devices, profile, birthday, upcoming] = await Promise.all([
        app.repos.points.balance(app.db, user.id, local),
        app.repos.points.earned(user.id, local),
        app.club.priority.devices(user.id),
        profiles.read(user.id),
        app.club.birthdays.latest(user.id, local),
        app.repos.presales.upcoming(local),
      ]);
      const standing = clubStanding(earned);
      const benefits = clubBenefits(local, standing.level);
      const early = benefits.earlyAccessHours * 3_600_000;
      return ok({
        level: standing.level,
        levels: CLUB_LEVELS.map((l) => ({
          id: l.id,
          min_earned: l.minEarned,
          benefits: benefitsView(clubBenefits(local, l.id)),
        })),
        earned,
        next: standing.next,
        balance,
        currency: commerce.currency,
        exponent: currencyExponent(commerce.currency),
        point_value: rules.pointValueMinor,
        earn_per: rules.earnPerMinor,
        min_redeem: rules.minRedeem,
        welcome_points: WELCOME_POINTS,
        benefits: benefitsView(benefits),
        priority: { member: devices.length > 0, devices },
        birthday: {
          set: Boolean(profile?.birthday),
          last_year: birthday?.year ?? null,
          last_points: birthday?.points ?? null,
        },
        early_access: upcoming.map((c) => ({
          campaign_id: c.id,
          product_id: c.productId,
          product_name: c.productName,
          opens_at: c.startsAt.getTime() - early,
          public_opens_at: c.startsAt.getTime(),
        })),
      });
    },
  );
}
