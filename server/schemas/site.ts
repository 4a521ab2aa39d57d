/** site schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';
import { baseQueryProperties } from './common';

export const headerFooter = {
  type: 'object',
  required: ['header', 'anchor', 'navigation', 'footer', 'different_site_tip', 'navigation_version', 'timestamp'],
  additionalProperties: true,
  properties: {
    header: { type: 'object', additionalProperties: true },
    anchor: {
      type: 'object',
      required: ['store_navigation', 'cate_style', 'navigation'],
      properties: {
        store_navigation: { type: 'object', additionalProperties: true },
        cate_style: { type: 'integer', description: 'submenu style (1-4) of the first product menu' },
        navigation: { type: 'array', items: { type: 'object', additionalProperties: true } },
      },
    },
    navigation: { type: 'array', items: { type: 'object', additionalProperties: true } },
    notification: { type: 'object', additionalProperties: true },
    footer: { type: 'object', additionalProperties: true },
    different_site_tip: { type: 'object', additionalProperties: true },
    navigation_version: { enum: ['v0', 'v1', 'v2'] },
    timestamp: { type: 'integer' },
  },
} as const;
export type HeaderFooterView = FromSchema<typeof headerFooter>;

export const errorErrsaveAnswer = {
  type: 'object',
  required: ['id', 'kept'],
  properties: {
    id: { type: 'integer', description: 'the group, 0 when the report was dropped' },
    kept: { type: 'boolean' },
  },
} as const;
export type ErrorErrsaveAnswer = FromSchema<typeof errorErrsaveAnswer>;

export const healthData = { type: 'object', required: ['status'], properties: { status: { enum: ['ok'] } } } as const;
export type HealthDataView = FromSchema<typeof healthData>;

export const miscInfo = {
  type: 'object',
  required: ['has_received_tokens_for_joining', 'cart_count', 'unread_message', 'moengage_enabled', 'user_id'],
  properties: {
    has_received_tokens_for_joining: { type: 'boolean' },
    cart_count: { type: 'integer' },
    unread_message: { type: 'integer' },
    moengage_enabled: { type: 'boolean' },
    user_id: { type: 'integer', description: '0 = visitor' },
  },
} as const;
export type MiscInfoView = FromSchema<typeof miscInfo>;

export const consumerService = {
  type: 'object',
  required: ['consumer_service'],
  properties: {
    consumer_service: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'title', 'desc'],
        properties: {
          type: { enum: [0, 1], description: '0 phone (title is the number), 1 live chat' },
          title: { type: 'string' },
          desc: { type: 'string' },
          email: { type: 'string' },
          hours: { type: 'string' },
          url: { type: 'string' },
        },
      },
    },
  },
} as const;
export type ConsumerServiceView = FromSchema<typeof consumerService>;

export const diversion = {
  type: 'object',
  required: [
    'title',
    'redirect_url_type',
    'content',
    'redirect_url',
    'button_text',
    'app_install_status',
    'publish_status',
    'diversion_switch_status',
  ],
  properties: {
    title: { type: 'string' },
    redirect_url_type: { type: 'integer' },
    content: { type: 'string' },
    redirect_url: { type: 'string' },
    button_text: { type: 'string' },
    app_install_status: { type: 'integer' },
    publish_status: { type: 'integer' },
    diversion_switch_status: { type: 'integer' },
    channel_tag: { type: 'string' },
  },
} as const;
export type DiversionView = FromSchema<typeof diversion>;

/**
 * Largest report taken; a bigger one is refused with a clear errno. What is stored is cut further
 * (ERROR_REPORT_LIMITS: the first 2 KB, ending with "…").
 */
export const ERRSAVE_MAX_CONTENT = 16 * 1024;

/** A front-end error report: the page and what went wrong. */
export const errsaveBody = {
  type: 'object',
  required: ['url', 'content'],
  properties: {
    url: { type: 'string', minLength: 1, maxLength: 2048 },
    content: { type: 'string', minLength: 1, maxLength: ERRSAVE_MAX_CONTENT },
    /** The release the page was built by (`<html data-release>`); absent from pages that do not say. */
    release: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9._:-]*$' },
  },
} as const;
export type ErrsaveBody = FromSchema<typeof errsaveBody>;

export const mailboxQuery = {
  type: 'object',
  properties: {
    to: { type: 'string', maxLength: 254 },
    format: { enum: ['html', 'json'] },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
  },
} as const;

export const mailboxMailParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

export const diversionQuery = {
  type: 'object',
  properties: {
    ...baseQueryProperties,
    channel_tag: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' },
  },
} as const;
