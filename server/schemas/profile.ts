/** Profile and security schemas of the account (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';

const nullableString = { type: ['string', 'null'] } as const;

/** The profile page's data: what the shopper edits and when the birthday may change next. */
export const profileAnswer = {
  type: 'object',
  required: ['email', 'nickname', 'icon', 'phone', 'birthday', 'birthday_next_change', 'phone_code'],
  properties: {
    email: { type: 'string', description: 'the sign-in address (the owner sees it whole)' },
    nickname: { type: 'string' },
    icon: { ...nullableString, description: 'the 192 px avatar; null for the default avatar' },
    phone: nullableString,
    phone_code: { type: 'string', description: "the storefront country's calling code, e.g. +62" },
    birthday: { ...nullableString, description: 'YYYY-MM-DD' },
    birthday_next_change: {
      ...nullableString,
      description: 'when the birthday may change again (ISO time; once a year), null when it may change now',
    },
  },
} as const;
export type ProfileAnswer = FromSchema<typeof profileAnswer>;

export const profileBody = {
  type: 'object',
  properties: {
    nickname: { type: 'string', maxLength: 200 },
    phone: { type: 'string', maxLength: 200, description: "'' removes the phone" },
  },
} as const;

export const birthdayBody = {
  type: 'object',
  required: ['birthday'],
  properties: { birthday: { type: 'string', maxLength: 20, description: 'YYYY-MM-DD' } },
} as const;

export const passwordChangeBody = {
  type: 'object',
  required: ['current_password', 'new_password'],
  properties: {
    current_password: { type: 'string', maxLength: 400 },
    new_password: { type: 'string', maxLength: 400 },
  },
} as const;

export const emailChangeBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: { email: { type: 'string', maxLength: 400 }, password: { type: 'string', maxLength: 400 } },
} as const;

export const emailChangeAnswer = {
  type: 'object',
  required: ['status', 'email'],
  properties: { status: { type: 'string', enum: ['check_mail'] }, email: { type: 'string' } },
} as const;

export const avatarParams = {
  type: 'object',
  required: ['urlLocal', 'key', 'size'],
  properties: {
    urlLocal: { type: 'string' },
    key: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' },
    size: { type: 'string', enum: ['48', '96', '192'] },
  },
} as const;

/** One signed-in browser of the account. */
export const sessionView = {
  type: 'object',
  required: ['id', 'device', 'place', 'signed_in_at', 'last_used_at', 'current'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    device: { type: 'string', description: 'browser and system, e.g. "Chrome · Android" ("" when unknown)' },
    place: { ...nullableString, description: 'approximate network (never the full address), null when unknown' },
    signed_in_at: { type: 'string', format: 'date-time' },
    last_used_at: { type: 'string', format: 'date-time' },
    current: { type: 'boolean', description: 'the browser asking' },
  },
} as const;
export type SessionView = FromSchema<typeof sessionView>;

export const sessionListAnswer = {
  type: 'object',
  required: ['sessions'],
  properties: { sessions: { type: 'array', items: sessionView } },
} as const;

export const sessionSignOutBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 100 } },
} as const;

export const signedOutAnswer = {
  type: 'object',
  required: ['signed_out'],
  properties: { signed_out: { type: 'integer', description: 'how many sessions ended' } },
} as const;

export const confirmTokenBody = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 100 } },
} as const;
