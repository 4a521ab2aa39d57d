/** Customer-service hours and the other-country tip (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';

export { COUNTRY_CHOICE_COOKIE } from './country-choice';

/** Why the tip is or is not shown; the decision is server/contact/country-tip.ts. */
export const COUNTRY_TIP_REASONS = ['bot', 'chosen', 'unknown', 'same', 'header', 'language'] as const;
export type CountryTipReason = (typeof COUNTRY_TIP_REASONS)[number];

export const serviceHoursAnswer = {
  type: 'object',
  additionalProperties: false,
  required: [
    'phone',
    'tel',
    'email',
    'reply_hours',
    'chat_url',
    'time_zone',
    'days',
    'opens',
    'closes',
    'open_now',
    'closes_at',
    'opens_at',
    'server_time',
  ],
  properties: {
    phone: { type: 'string', description: 'the number as printed in the country' },
    tel: { type: 'string', description: 'the number to dial, E.164' },
    email: { type: 'string' },
    reply_hours: { type: 'integer', description: 'e-mails are answered within this many hours' },
    chat_url: { type: ['string', 'null'], description: 'the live chat, null when the storefront has none' },
    time_zone: { type: 'string', description: 'IANA zone of the hours' },
    days: {
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 7 },
      description: 'ISO weekdays the line answers',
    },
    opens: { type: 'string', description: 'local opening time HH:MM' },
    closes: { type: 'string', description: 'local closing time HH:MM (at or before opens: the next day)' },
    open_now: { type: 'boolean', description: 'by the server clock, on the country clock' },
    closes_at: { type: ['integer', 'null'], description: 'end of the current shift, ms since epoch, while open' },
    opens_at: { type: ['integer', 'null'], description: 'start of the next shift, ms since epoch, while closed' },
    server_time: { type: 'integer', description: 'the instant decided on, ms since epoch' },
  },
} as const;
export type ServiceHoursAnswer = FromSchema<typeof serviceHoursAnswer>;

export const countryTipAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['show', 'reason'],
  properties: {
    show: { type: 'boolean' },
    reason: { enum: COUNTRY_TIP_REASONS },
    to: {
      type: 'object',
      additionalProperties: false,
      required: ['url_local', 'href', 'name', 'lang', 'dir'],
      properties: {
        url_local: { type: 'string' },
        href: { type: 'string', description: "the other storefront's home" },
        name: { type: 'string', description: 'the store name in its own language' },
        lang: { type: 'string', description: 'the language the texts are in (the shopper’s)' },
        dir: { enum: ['ltr', 'rtl'] },
      },
    },
    text: {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'body', 'go', 'stay'],
      properties: {
        title: { type: 'string' },
        body: { type: 'string' },
        go: { type: 'string' },
        stay: { type: 'string' },
      },
    },
  },
} as const;
export type CountryTipAnswer = FromSchema<typeof countryTipAnswer>;
