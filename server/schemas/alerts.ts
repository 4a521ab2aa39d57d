/**
 * Schemas of stock and sale alerts: "tell me when it is back" on a sold-out version, "remind me" before a sale
 * starts, the shopper's list of them, and the staff's view of who is waiting (snake_case keys).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { commodityId } from './common';

/** A back-in-stock alert: waiting, then notified once (stock back in time), cancelled, or expired (nobody told). */
export const STOCK_ALERT_STATES = ['waiting', 'notified', 'cancelled', 'expired'] as const;
export type StockAlertState = (typeof STOCK_ALERT_STATES)[number];
/** A sale reminder: waiting, then sent (before the start), cancelled, or missed (the sale started or was withdrawn). */
export const SALE_REMINDER_STATES = ['waiting', 'sent', 'cancelled', 'missed'] as const;
export type SaleReminderState = (typeof SALE_REMINDER_STATES)[number];
/** The sales a reminder may name: a pre-sale's deposit window, a coupon campaign (a flash sale). */
export const SALE_KINDS = ['presale', 'coupon'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
/** How long the store follows up a back-in-stock alert: stock back later than this is told to nobody. */
export const STOCK_ALERT_FOLLOW_UP_DAYS = 30;
/** What a shopper cancels: a back-in-stock alert or a sale reminder. */
export const ALERT_TYPES = ['stock', 'sale'] as const;

const at = { type: 'integer', description: 'ms since the epoch' } as const;
const atOrNull = { type: ['integer', 'null'], description: 'ms since the epoch' } as const;
const productId = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,79}$', description: 'product id' } as const;
const alertId = { type: 'string', pattern: '^[0-9]{1,18}$', description: 'the alert or reminder id' } as const;
const saleId = {
  type: 'string',
  pattern: '^[a-z0-9][a-z0-9-]{0,99}$',
  description: 'the coupon or pre-sale id',
} as const;
const local = { type: 'string', pattern: '^[a-z]{2}$', description: "a storefront's country (id, de, be, …)" } as const;

export const stockAlertBody = {
  type: 'object',
  required: ['commodity_id'],
  properties: { commodity_id: { ...commodityId, description: 'the sold-out version to hear about' } },
} as const;
export type StockAlertBody = FromSchema<typeof stockAlertBody>;

export const saleReminderBody = {
  type: 'object',
  required: ['sale_kind', 'product_id'],
  properties: {
    sale_kind: { type: 'string', enum: SALE_KINDS },
    product_id: { ...productId, description: 'the product page the reminder is set on (its link leads there)' },
    sale_id: { ...saleId, description: "a coupon's id (required for coupons; a pre-sale is the product's own)" },
  },
} as const;
export type SaleReminderBody = FromSchema<typeof saleReminderBody>;

export const alertsQuery = {
  type: 'object',
  properties: { product_id: { ...productId, description: "only this product's alerts (a product page)" } },
} as const;

export const alertCancelBody = {
  type: 'object',
  required: ['type', 'id'],
  properties: { type: { type: 'string', enum: ALERT_TYPES }, id: alertId },
} as const;
export type AlertCancelBody = FromSchema<typeof alertCancelBody>;

export const stockAlertItem = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'commodity_id',
    'product_id',
    'name',
    'spec',
    'link',
    'state',
    'created_at',
    'expires_at',
    'closed_at',
  ],
  properties: {
    id: alertId,
    commodity_id: { type: 'string' },
    product_id: { type: 'string' },
    name: { type: 'string', description: "the product's name" },
    spec: {
      type: 'string',
      description:
        "the version: its spec values joined, in the storefront's language ('' for a product of one version)",
    },
    link: { type: 'string', description: 'the product page with this version chosen (a path of the storefront)' },
    state: { type: 'string', enum: STOCK_ALERT_STATES },
    created_at: at,
    expires_at: { ...at, description: 'the end of the follow-up window: no alert after it' },
    closed_at: { ...atOrNull, description: 'when it was told, cancelled or expired' },
  },
} as const;
export type StockAlertItem = FromSchema<typeof stockAlertItem>;

export const saleReminderItem = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'sale_kind',
    'sale_id',
    'product_id',
    'name',
    'link',
    'state',
    'starts_at',
    'remind_at',
    'created_at',
    'closed_at',
  ],
  properties: {
    id: alertId,
    sale_kind: { type: 'string', enum: SALE_KINDS },
    sale_id: { type: 'string' },
    product_id: { type: 'string' },
    name: { type: 'string', description: "the sale's name in the storefront's language" },
    link: { type: 'string', description: 'the product page the reminder was set on' },
    state: { type: 'string', enum: SALE_REMINDER_STATES },
    starts_at: { ...at, description: "the sale's start as it is now (operators may move it)" },
    remind_at: { ...at, description: 'when the reminder goes out: the start less the lead, or at once if that passed' },
    created_at: at,
    closed_at: { ...atOrNull, description: 'when it was sent, cancelled or missed' },
  },
} as const;
export type SaleReminderItem = FromSchema<typeof saleReminderItem>;

export const alertsAnswer = {
  type: 'object',
  required: ['stock', 'sales', 'follow_up_days', 'lead_minutes'],
  properties: {
    stock: { type: 'array', items: stockAlertItem, description: 'newest first' },
    sales: { type: 'array', items: saleReminderItem, description: 'newest first' },
    follow_up_days: { type: 'integer', description: 'how long a back-in-stock alert waits for the stock' },
    lead_minutes: { type: 'integer', description: 'how long before a sale starts its reminder goes out' },
  },
} as const;
export type AlertsAnswer = FromSchema<typeof alertsAnswer>;

export const stockAlertAnswer = {
  type: 'object',
  required: ['alert'],
  properties: { alert: stockAlertItem },
} as const;
export type StockAlertAnswer = FromSchema<typeof stockAlertAnswer>;

export const saleReminderAnswer = {
  type: 'object',
  required: ['reminder'],
  properties: { reminder: saleReminderItem },
} as const;
export type SaleReminderAnswer = FromSchema<typeof saleReminderAnswer>;

export const alertCancelAnswer = {
  type: 'object',
  required: ['state'],
  properties: {
    state: {
      type: 'string',
      enum: [...new Set([...STOCK_ALERT_STATES, ...SALE_REMINDER_STATES])],
      description: 'cancelled, or the state it had closed in already (nothing to cancel)',
    },
  },
} as const;
export type AlertCancelAnswer = FromSchema<typeof alertCancelAnswer>;

export const staffAlertsQuery = {
  type: 'object',
  properties: { local: { ...local, description: "the country to show (the storefront's own when left out)" } },
} as const;

export const staffAlertsAnswer = {
  type: 'object',
  required: ['offers', 'sales'],
  properties: {
    offers: {
      type: 'array',
      description: 'versions with shoppers waiting, most waited for first',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['commodity_id', 'product_id', 'name', 'spec', 'stock', 'on_sale', 'waiting', 'oldest_at'],
        properties: {
          commodity_id: { type: 'string' },
          product_id: { type: 'string' },
          name: { type: 'string' },
          spec: { type: 'string' },
          stock: { type: 'integer' },
          on_sale: { type: 'boolean' },
          waiting: { type: 'integer', description: 'shoppers told once it is back' },
          oldest_at: { ...at, description: 'when the longest-waiting shopper asked' },
        },
      },
    },
    sales: {
      type: 'array',
      description: 'sales with reminders waiting, the soonest first',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sale_kind', 'sale_id', 'name', 'starts_at', 'waiting'],
        properties: {
          sale_kind: { type: 'string', enum: SALE_KINDS },
          sale_id: { type: 'string' },
          name: { type: 'string' },
          starts_at: at,
          waiting: { type: 'integer' },
        },
      },
    },
  },
} as const;
export type StaffAlertsAnswer = FromSchema<typeof staffAlertsAnswer>;
