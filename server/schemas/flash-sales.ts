import type { FromSchema } from 'json-schema-to-ts';
import { CLUB_LEVEL_IDS } from '../../sites/club';

/** Flash sales: the campaign as shoppers see it, and the place a shopper asks for. Money in minor units. */

/** The most units one account may ask for in one sale (a sale's `per_account_limit` is 1 to this). */
export const FLASH_MAX_PER_ACCOUNT = 10;

export const FLASH_PHASES = ['upcoming', 'live', 'sold_out', 'ended'] as const;
export type FlashPhase = (typeof FLASH_PHASES)[number];
/** Where a shopper's ask stands: a unit held (won), in line, none left; later paid, or released unpaid (expired). */
export const FLASH_PLACE_STATES = ['won', 'waiting', 'sold_out', 'paid', 'expired'] as const;
export type FlashPlaceAnswerState = (typeof FLASH_PLACE_STATES)[number];

export const flashSaleSchema = {
  type: 'object',
  required: [
    'sale_id',
    'product_id',
    'commodity_ids',
    'phase',
    'starts_at',
    'ends_at',
    'server_time',
    'units',
    'left',
    'sale_price',
    'currency',
    'exponent',
    'per_account_limit',
    'fcode_required',
    'min_club_level',
    'waiting_room',
    'payment_window_seconds',
  ],
  properties: {
    sale_id: { type: 'string' },
    product_id: { type: 'string' },
    commodity_ids: { type: 'array', items: { type: 'string' } },
    phase: { type: 'string', enum: FLASH_PHASES },
    starts_at: { type: 'number', description: 'ms since the epoch' },
    ends_at: { type: 'number' },
    server_time: { type: 'number', description: "the server's clock (ms) when it answered, for countdowns" },
    units: { type: 'integer' },
    left: { type: 'integer', description: 'units not held by a place nor sold' },
    sale_price: { type: 'integer' },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    per_account_limit: { type: 'integer' },
    fcode_required: { type: 'boolean' },
    min_club_level: { type: ['string', 'null'] },
    waiting_room: { type: 'boolean' },
    payment_window_seconds: { type: 'integer' },
  },
} as const;
export type FlashSaleAnswer = FromSchema<typeof flashSaleSchema>;

export const flashSaleQuery = {
  type: 'object',
  required: ['saleId'],
  properties: { saleId: { type: 'string', minLength: 1, maxLength: 60 } },
} as const;

export const flashSalesQuery = {
  type: 'object',
  properties: { productId: { type: 'string', maxLength: 80 } },
} as const;

export const flashSalesAnswer = {
  type: 'object',
  required: ['sales'],
  properties: { sales: { type: 'array', items: flashSaleSchema } },
} as const;

export const flashEnterBody = {
  type: 'object',
  required: ['saleId', 'commodityId'],
  additionalProperties: false,
  properties: {
    saleId: { type: 'string', minLength: 1, maxLength: 60 },
    commodityId: { type: 'string', minLength: 1, maxLength: 60 },
    quantity: {
      type: 'integer',
      minimum: 1,
      maximum: FLASH_MAX_PER_ACCOUNT,
      default: 1,
      description: "units asked for, at most the sale's per_account_limit (fewer are held when fewer are free)",
    },
  },
} as const;

export const flashPlaceAnswer = {
  type: 'object',
  required: ['state'],
  properties: {
    state: { type: 'string', enum: FLASH_PLACE_STATES },
    seq: { type: 'integer', description: "the server's arrival number of this place (1 = first admitted)" },
    units: {
      type: 'integer',
      description:
        'units the place holds (won, paid; held once expired) or asks for (waiting); fewer than asked when fewer ' +
        'were free at its turn',
    },
    position: { type: 'integer', description: 'waiting: places in line before this one, plus one' },
    order_id: { type: 'string', description: 'won: the unpaid order at the sale price, once written' },
    pay_until: { type: 'number', description: 'won: the end of the payment window (ms)' },
    address_needed: {
      type: 'boolean',
      description:
        'won without an order: the shopper has no address in the country; once one is saved, the next ' +
        '`seckill/place` answers with the order',
    },
  },
} as const;
export type FlashPlaceAnswer = FromSchema<typeof flashPlaceAnswer>;

/**
 * Staff set or move a sale of their storefront's country (`POST staff/flash-sales`); the sale price is in minor units
 * of the country's currency.
 */
export const flashSaleSetBody = {
  type: 'object',
  additionalProperties: false,
  required: ['saleId', 'productId', 'commodityIds', 'startsAt', 'endsAt', 'units', 'salePrice'],
  properties: {
    saleId: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{1,58}$' },
    productId: { type: 'string', minLength: 1, maxLength: 80 },
    commodityIds: { type: 'array', minItems: 1, maxItems: 20, items: { type: 'string', maxLength: 60 } },
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: 'string', format: 'date-time' },
    units: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    oversubscription: { type: 'integer', minimum: 0, maximum: 100_000 },
    salePrice: { type: 'integer', minimum: 1, description: 'minor units' },
    perAccountLimit: { type: 'integer', minimum: 1, maximum: FLASH_MAX_PER_ACCOUNT },
    fcodeRequired: { type: 'boolean' },
    minClubLevel: { type: ['string', 'null'], enum: [...CLUB_LEVEL_IDS, null] },
    waitingRoom: {
      type: 'boolean',
      description:
        'every ask beyond the units waits in line (no cap from the oversubscription) until every unit is paid for',
    },
    paymentWindowSeconds: { type: 'integer', minimum: 30, maximum: 86_400 },
  },
} as const;
export type FlashSaleSetBody = FromSchema<typeof flashSaleSetBody>;

/** Operators (`POST /api/ops/flash-sales`) name the country too. */
export const flashSaleOpsBody = {
  ...flashSaleSetBody,
  required: [...flashSaleSetBody.required, 'local'],
  properties: { ...flashSaleSetBody.properties, local: { type: 'string', pattern: '^[a-z]{2}$' } },
} as const;
export type FlashSaleOpsBody = FromSchema<typeof flashSaleOpsBody>;
