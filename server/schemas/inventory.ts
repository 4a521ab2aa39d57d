/** Schemas of the inventory: operators' view and changes of live stock, and the live stock a product page reads. */
import type { FromSchema } from 'json-schema-to-ts';
import { commodityId } from './common';

/** Why stock moved: the reasons of the ledger (stock_movements, migration 027), one per cause the code has. */
export const STOCK_REASONS = ['snapshot start', 'sale', 'cancellation', 'set', 'adjustment', 'return'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The most an operator may set or move at once: far above any shelf, far below the column's integer range. */
export const STOCK_MAX = 1_000_000_000;

const at = { type: 'integer', description: 'ms since the epoch' } as const;
/** A country code of the offers (a storefront's `local`, e.g. id, be). */
const local = {
  type: 'string',
  pattern: '^[a-z]{2}$',
  description: "the country of the offer (a storefront's local: id, de, be, …)",
} as const;
const productId = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,79}$', description: 'product id' } as const;
const count = { type: 'integer', minimum: 0, maximum: STOCK_MAX } as const;
/** Why the operator changes the stock: required, kept in the ledger. */
const note = {
  type: 'string',
  minLength: 1,
  maxLength: 500,
  description: 'why (kept in the ledger with the operator)',
} as const;

export const inventoryListQuery = {
  type: 'object',
  properties: {
    local: { ...local, description: "the country whose offers to list (the storefront's own when left out)" },
    productId,
    q: { type: 'string', maxLength: 80, description: 'part of a product name, or a product or commodity id' },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 40 },
  },
} as const;

export const inventorySetBody = {
  type: 'object',
  required: ['local', 'commodity_id', 'expected_stock', 'stock', 'note'],
  properties: {
    local,
    commodity_id: commodityId,
    expected_stock: {
      ...count,
      description: 'the stock the operator saw; a different stock now refuses the change (errno 30101)',
    },
    stock: { ...count, description: 'the counted stock' },
    note,
  },
} as const;

export const inventoryAdjustBody = {
  type: 'object',
  required: ['local', 'commodity_id', 'expected_stock', 'delta', 'note'],
  properties: {
    local,
    commodity_id: commodityId,
    expected_stock: {
      ...count,
      description: 'the stock the operator saw; a different stock now refuses the change (errno 30101)',
    },
    delta: {
      type: 'integer',
      minimum: -STOCK_MAX,
      maximum: STOCK_MAX,
      not: { const: 0 },
      description: 'units added (positive) or taken away (negative); below zero in all is refused (errno 30102)',
    },
    note,
  },
} as const;

export const stockMovementSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'delta', 'stock_after', 'reason', 'order_id', 'reference', 'actor', 'note', 'created_at'],
  properties: {
    id: { type: 'string' },
    delta: { type: 'integer' },
    stock_after: { type: ['integer', 'null'], description: 'null on movements recorded before the ledger kept it' },
    reason: { type: 'string', enum: [...STOCK_REASONS] },
    order_id: { type: ['string', 'null'] },
    reference: { type: ['string', 'null'] },
    actor: { type: ['string', 'null'], description: "the operator's sign-in address; null for the store's own moves" },
    note: { type: ['string', 'null'] },
    created_at: at,
  },
} as const;

export const inventoryOfferSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['local', 'commodity_id', 'product_id', 'name', 'spec', 'stock', 'on_sale', 'movements'],
  properties: {
    local: { type: 'string' },
    commodity_id: { type: 'string' },
    product_id: { type: 'string' },
    name: { type: 'string' },
    spec: { type: 'string', description: 'the version: its spec values joined' },
    stock: { type: 'integer' },
    on_sale: { type: 'boolean', description: 'false: dropped from the country; kept with its history, not buyable' },
    movements: { type: 'array', items: stockMovementSchema, description: 'the latest first' },
  },
} as const;

export const inventoryListSchema = {
  type: 'object',
  required: ['offers'],
  properties: { offers: { type: 'array', items: inventoryOfferSchema } },
} as const;
export const inventoryChangeSchema = {
  type: 'object',
  required: ['offer'],
  properties: { offer: inventoryOfferSchema },
} as const;

export const liveStockQuery = { type: 'object', required: ['productId'], properties: { productId } } as const;
export const liveStockSchema = {
  type: 'object',
  required: ['commodities'],
  properties: {
    commodities: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['commodity_id', 'stock', 'on_sale'],
        properties: { commodity_id: { type: 'string' }, stock: { type: 'integer' }, on_sale: { type: 'boolean' } },
      },
    },
  },
} as const;
export type StockMovementView = FromSchema<typeof stockMovementSchema>;
export type InventoryOfferView = FromSchema<typeof inventoryOfferSchema>;
export type InventoryListView = FromSchema<typeof inventoryListSchema>;
export type InventoryChangeView = FromSchema<typeof inventoryChangeSchema>;
export type LiveStockView = FromSchema<typeof liveStockSchema>;
