/** account schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';
import { ADDRESS_FIELDS, addressSchema } from './address';
import { cartNotice } from './cart';
import { baseQueryProperties } from './common';
import { CLUB_LEVEL_IDS } from '../../sites/club';

/** What a message is about: the /user/message tabs and the notification preferences follow it. */
export const MESSAGE_KINDS = ['order', 'service', 'ticket', 'review', 'system', 'alert'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The JSON answer of a sign-in (sessionAnswer of routes/account/session.ts). */
export const sessionData = {
  type: 'object',
  required: ['user_id', 'nickname', 'redirect_url'],
  properties: {
    user_id: { type: 'integer' },
    nickname: { type: 'string' },
    redirect_url: { type: 'string' },
    cart_notices: {
      type: 'array',
      items: cartNotice,
      description:
        'what the sign-in merge could not move from the visitor cart (also kept in the cart until dismissed)',
    },
  },
} as const;
export type SessionData = FromSchema<typeof sessionData>;

export const addressListAnswer = {
  type: 'object',
  required: ['addresses', 'max', 'form'],
  properties: {
    addresses: { type: 'array', items: addressSchema },
    max: { type: 'integer' },
    form: {
      type: 'object',
      required: ['fields', 'required', 'states'],
      properties: {
        fields: { type: 'array', items: { enum: ADDRESS_FIELDS } },
        required: { type: 'array', items: { enum: ADDRESS_FIELDS } },
        states: { type: ['array', 'null'], items: { type: 'string' } },
      },
    },
  },
} as const;
export type AddressListAnswer = FromSchema<typeof addressListAnswer>;

export const addressSaveAnswer = {
  type: 'object',
  required: ['address'],
  properties: { address: addressSchema },
} as const;
export type AddressSaveAnswer = FromSchema<typeof addressSaveAnswer>;

/** Answers that change what is unread carry the new count. */
export const unreadCount = {
  type: 'object',
  required: ['unread'],
  properties: { unread: { type: 'integer', description: 'unread messages left (the header count)' } },
} as const;
export type UnreadCount = FromSchema<typeof unreadCount>;

export const messageItem = {
  type: 'object',
  required: ['id', 'kind', 'title', 'body', 'link', 'read', 'time'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: MESSAGE_KINDS },
    title: { type: 'string' },
    body: { type: 'string' },
    link: { type: ['string', 'null'], description: 'a storefront path the message leads to' },
    read: { type: 'boolean' },
    time: { type: 'integer', description: 'epoch ms' },
  },
} as const;
export type MessageItem = FromSchema<typeof messageItem>;

export const messageListAnswer = {
  type: 'object',
  required: ['messages', 'total', 'page', 'page_size', 'unread', 'unread_by_kind'],
  properties: {
    messages: { type: 'array', items: messageItem },
    total: { type: 'integer' },
    page: { type: 'integer' },
    page_size: { type: 'integer' },
    unread: { type: 'integer' },
    unread_by_kind: { type: 'object', additionalProperties: { type: 'integer' } },
  },
} as const;
export type MessageListAnswer = FromSchema<typeof messageListAnswer>;

export const messageDetailAnswer = {
  type: 'object',
  required: ['message'],
  properties: { message: messageItem },
} as const;
export type MessageDetailAnswer = FromSchema<typeof messageDetailAnswer>;

export const messageReadAllAnswer = {
  type: 'object',
  required: ['marked', 'unread'],
  properties: { marked: { type: 'integer' }, unread: { type: 'integer' } },
} as const;
export type MessageReadAllAnswer = FromSchema<typeof messageReadAllAnswer>;

export const prefsItem = {
  type: 'object',
  required: ['kind', 'mail', 'message'],
  properties: {
    kind: { type: 'string', enum: ['order', 'service', 'ticket', 'review', 'alert'] },
    mail: { type: 'boolean' },
    message: { type: 'boolean' },
  },
} as const;
export type PrefsItem = FromSchema<typeof prefsItem>;

export const prefsAnswer = {
  type: 'object',
  required: ['prefs', 'newsletter', 'always'],
  properties: {
    prefs: { type: 'array', items: prefsItem },
    newsletter: {
      type: 'string',
      enum: ['subscribed', 'pending', 'none'],
      description: 'the newsletter state of the account address in this country',
    },
    always: { type: 'array', items: { type: 'string' }, description: 'what is sent whatever the preferences' },
  },
} as const;
export type PrefsAnswer = FromSchema<typeof prefsAnswer>;

/** What a Mi Club level unlocks in the country (sites/club.ts). */
export const clubBenefitsSchema = {
  type: 'object',
  required: ['free_express', 'early_access_hours', 'birthday_points'],
  properties: {
    free_express: { type: 'boolean', description: 'express delivery costs nothing at checkout' },
    early_access_hours: {
      type: 'integer',
      description: "hours before everyone else a pre-sale's deposit window opens for the member",
    },
    birthday_points: { type: 'integer', description: 'Mi Points once a calendar year from the birthday (0: none)' },
  },
} as const;
export type ClubBenefitsView = FromSchema<typeof clubBenefitsSchema>;

export const clubAnswer = {
  type: 'object',
  required: [
    'level',
    'levels',
    'earned',
    'next',
    'balance',
    'currency',
    'exponent',
    'point_value',
    'earn_per',
    'min_redeem',
    'welcome_points',
    'benefits',
    'priority',
    'birthday',
    'early_access',
  ],
  properties: {
    level: { enum: CLUB_LEVEL_IDS },
    levels: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'min_earned', 'benefits'],
        properties: { id: { enum: CLUB_LEVEL_IDS }, min_earned: { type: 'integer' }, benefits: clubBenefitsSchema },
      },
    },
    earned: { type: 'integer', description: 'points earned on paid orders, ever (spending does not lower it)' },
    next: {
      type: ['object', 'null'],
      required: ['level', 'missing'],
      properties: { level: { enum: CLUB_LEVEL_IDS }, missing: { type: 'integer' } },
    },
    balance: { type: 'integer' },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    point_value: { type: 'integer' },
    earn_per: { type: 'integer' },
    min_redeem: { type: 'integer' },
    welcome_points: { type: 'integer' },
    benefits: { ...clubBenefitsSchema, description: "what the member's level unlocks here" },
    priority: {
      type: 'object',
      required: ['member', 'devices'],
      description: 'the priority club: owners of a premium device have their chats and tickets answered first',
      properties: {
        member: { type: 'boolean' },
        devices: { type: 'array', items: { type: 'string' }, description: 'the premium devices they own' },
      },
    },
    birthday: {
      type: 'object',
      required: ['set', 'last_year', 'last_points'],
      properties: {
        set: { type: 'boolean', description: 'the profile has a birthday (birthday points need one)' },
        last_year: { type: ['integer', 'null'], description: 'the year of the latest birthday points given here' },
        last_points: { type: ['integer', 'null'] },
      },
    },
    early_access: {
      type: 'array',
      description: 'pre-sales not open to everyone yet: when each opens for the member and for everyone (ms)',
      items: {
        type: 'object',
        required: ['campaign_id', 'product_id', 'product_name', 'opens_at', 'public_opens_at'],
        properties: {
          campaign_id: { type: 'string' },
          product_id: { type: 'string' },
          product_name: { type: 'string' },
          opens_at: { type: 'integer' },
          public_opens_at: { type: 'integer' },
        },
      },
    },
  },
} as const;
export type ClubAnswer = FromSchema<typeof clubAnswer>;

export const checkMailData = {
  type: 'object',
  required: ['status', 'email'],
  properties: { status: { enum: ['check_mail'] }, email: { type: 'string' } },
} as const;
export type CheckMailDataView = FromSchema<typeof checkMailData>;

export const signedOut = {
  type: 'object',
  required: ['user_id', 'redirect_url'],
  properties: { user_id: { enum: [0] }, redirect_url: { type: 'string' } },
} as const;
export type SignedOutView = FromSchema<typeof signedOut>;

export const miscEmailsubscribeAnswer = {
  type: 'object',
  required: ['status'],
  properties: { status: { enum: ['check_mail'] } },
} as const;
export type MiscEmailsubscribeAnswer = FromSchema<typeof miscEmailsubscribeAnswer>;

export const miscSubscribeConfirmAnswer = {
  type: 'object',
  required: ['confirmed'],
  properties: { confirmed: { type: 'boolean' } },
} as const;
export type MiscSubscribeConfirmAnswer = FromSchema<typeof miscSubscribeConfirmAnswer>;

export const miscUnsubscribeAnswer = {
  type: 'object',
  required: ['unsubscribed'],
  properties: { unsubscribed: { type: 'boolean' }, already: { type: 'boolean' }, email: { type: 'string' } },
} as const;
export type MiscUnsubscribeAnswer = FromSchema<typeof miscUnsubscribeAnswer>;

export const profileData = {
  type: 'object',
  required: ['profile', 'cart'],
  properties: {
    profile: {
      type: 'object',
      required: ['user_id', 'user_name', 'nickname', 'icon', 'security'],
      properties: {
        user_id: { type: 'integer' },
        user_name: { type: 'string' },
        nickname: { type: 'string' },
        icon: { type: 'string' },
        security: {
          type: 'object',
          required: ['email', 'has_password'],
          properties: { email: { type: 'string', description: 'masked address' }, has_password: { type: 'boolean' } },
        },
      },
    },
    cart: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
  },
} as const;
export type ProfileDataView = FromSchema<typeof profileData>;

export const messageKind = { type: 'string', enum: MESSAGE_KINDS } as const;

export const messageIdBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const subscriptionToken = { type: 'string', pattern: '^[A-Za-z0-9_-]{20,100}$' } as const;

export const messageListQuery = {
  type: 'object',
  properties: {
    ...baseQueryProperties,
    kind: messageKind,
    unread: { type: 'boolean', description: 'only unread messages' },
    page: { type: 'integer', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
  },
} as const;

export const messageDetailQuery = {
  type: 'object',
  required: ['id'],
  properties: { ...baseQueryProperties, id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

export const messageReadAllBody = { type: 'object', properties: { kind: messageKind } } as const;
export type MessageReadAllBody = FromSchema<typeof messageReadAllBody>;

/** Notification preferences per kind, and the newsletter. */
export const prefsBody = {
  type: 'object',
  properties: {
    prefs: { type: 'array', maxItems: prefsItem.properties.kind.enum.length, items: prefsItem },
    newsletter: { type: 'boolean' },
  },
} as const;
export type PrefsBody = FromSchema<typeof prefsBody>;

/** Where to go afterwards (checked against the storefront's origins). */
const redirectUrl = { type: 'string', maxLength: 2048 } as const;
export const redirectQuery = { type: 'object', properties: { redirectUrl } } as const;

export const signOutBody = { type: 'object', properties: { redirectUrl } } as const;
export type SignOutBody = FromSchema<typeof signOutBody>;

/** The token of a mailed link (checked by the handler, which shows the page either way). */
export const tokenQuery = { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } as const;

export const signInPageQuery = {
  type: 'object',
  properties: {
    redirectUrl: { type: 'string', maxLength: 2048 },
    scene: { enum: ['register', 'login'] },
    /** A friend code the sign-up form starts with (the link a shopper shares). */
    friend: { type: 'string', maxLength: 40 },
  },
} as const;

/** The newsletter sign-up of the footer (JSONP, or a plain form without JavaScript). */
export const emailSubscribeQuery = {
  type: 'object',
  required: ['email'],
  properties: {
    ...baseQueryProperties,
    email: {
      type: 'string',
      minLength: 1,
      maxLength: 400,
      description: 'base64 of the address (plain text when secrweb is absent)',
    },
    secrweb: {
      type: 'string',
      enum: ['true'],
      description: 'the address is base64-encoded; absent for the no-JavaScript form',
    },
    jsonpcallback: { type: 'string', maxLength: 200 },
  },
} as const;

export const subscriptionTokenBody = {
  type: 'object',
  required: ['token'],
  properties: { token: subscriptionToken },
} as const;
export type SubscriptionTokenBody = FromSchema<typeof subscriptionTokenBody>;

/** The form fields every account form may carry; checked by hand so each field gets its own message. */
export const accountFormBody = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 1000 },
    password: { type: 'string', maxLength: 1000 },
    nickname: { type: 'string', maxLength: 1000 },
    redirectUrl: { type: 'string', maxLength: 2048 },
    token: { type: 'string', maxLength: 200 },
    /** Sign-up: a friend's code (optional; attached to the new account only). */
    friendCode: { type: 'string', maxLength: 100 },
  },
} as const;
export type AccountFormBody = FromSchema<typeof accountFormBody>;
