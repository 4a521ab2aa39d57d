import type { FromSchema } from 'json-schema-to-ts';
import { bundleLabel, commodityId, energyLabel } from './common';
import { cartInsuranceOffer } from './insurance';

/** A cart item, snake_case (the clients camelCase the keys). */
export const cartItem = {
  type: 'object',
  required: [
    'item_id',
    'get_type',
    'show_type',
    'commodity_id',
    'goods_id',
    'product_name',
    'product_image',
    'product_id',
    'product_num',
    'is_out_of_stock',
    'is_not_available',
    'is_invalid',
    'sale_price',
    'previous_price',
    'market_price',
    'currency',
    'checked',
    'purchase_limit',
    'subtotal',
    'first_spec_value',
    'second_spec_value',
    'link',
  ],
  properties: {
    item_id: { type: 'string', description: 'cart line id (the commodity id: one line per commodity)' },
    get_type: {
      enum: ['buy', 'insurance'],
      description:
        'buy: a product line; insurance: the device insurance of the line parent_item_id names (one plan per ' +
        'unit, checked with it); gifts would be other types',
    },
    parent_item_id: { type: 'string', description: 'insurance: the device line it covers' },
    show_type: { enum: ['common'] },
    commodity_id: { type: 'string' },
    goods_id: { type: 'string' },
    product_name: { type: 'string' },
    product_image: { type: 'string' },
    product_id: { type: 'string' },
    product_num: { type: 'integer', minimum: 1 },
    is_out_of_stock: { type: 'boolean' },
    is_not_available: { type: 'boolean', description: 'not on sale in this country, out of stock, or invalid' },
    is_invalid: { type: 'boolean' },
    sale_price: { type: ['number', 'null'] },
    previous_price: {
      type: ['number', 'null'],
      description:
        'the shelf price when the line was added, when a new release changed it since (the cart shows old → ' +
        'new); null when unchanged',
    },
    market_price: { type: ['number', 'null'] },
    currency: { type: 'string' },
    checked: { type: 'boolean' },
    purchase_limit: { type: 'integer' },
    subtotal: { type: 'number' },
    first_spec_value: { type: 'string' },
    second_spec_value: { type: 'string' },
    link: { type: 'string' },
    energy_info: energyLabel,
    bundle_labels: { type: 'array', items: bundleLabel },
    list_price: {
      type: ['number', 'null'],
      description:
        'business cart (flow=company): the shelf price before the quantity tier; sale_price is the tier price',
    },
    tier_bp: {
      type: 'integer',
      description: 'business cart: the quantity tier discount in basis points (0 below the first tier)',
    },
    tier_saving: { type: 'number', description: 'business cart: what the tier takes off this line' },
    insurance_offer: { ...cartInsuranceOffer, description: 'the device insurance this line can have here' },
  },
} as const;

/** What a sign-in merge could not move from the visitor cart (kept on the cart until the shopper dismisses it). */
export const cartNotice = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'commodity_id', 'product_name', 'wanted', 'kept', 'limit'],
  properties: {
    kind: { enum: ['limit', 'full'], description: 'limit: the product purchase limit; full: the line cap of the cart' },
    commodity_id: { type: 'string' },
    product_name: { type: 'string' },
    wanted: { type: 'integer', description: 'quantity in the visitor cart' },
    kept: { type: 'integer', description: 'quantity moved into the user cart' },
    limit: { type: 'integer', description: 'the purchase limit, or the line cap for kind full' },
  },
} as const;

export const unifiedCart = {
  type: 'object',
  required: ['items', 'valid_items', 'main_items', 'total_items', 'total_price', 'currency', 'checkout', 'notices'],
  properties: {
    notices: {
      type: 'array',
      items: cartNotice,
      description: 'what the last sign-in could not add (dismiss with action=dismiss)',
    },
    items: { type: 'array', items: cartItem },
    valid_items: { type: 'array', items: cartItem, description: 'items that can be bought now' },
    main_items: { type: 'array', items: cartItem, description: 'main products (no gifts or insurance add-ons)' },
    total_items: { type: 'integer', description: 'sum of quantities of the product lines (the header count)' },
    total_price: { type: 'number', description: 'checked valid lines only' },
    currency: { type: 'string' },
    checkout: {
      type: 'object',
      required: ['payment'],
      properties: {
        payment: {
          type: 'object',
          required: [
            'selected_items',
            'selected_quantity',
            'total_price',
            'market_total',
            'discount',
            'currency',
            'can_checkout',
          ],
          properties: {
            selected_items: { type: 'integer' },
            selected_quantity: { type: 'integer' },
            total_price: { type: 'number' },
            market_total: { type: 'number' },
            discount: { type: 'number' },
            currency: { type: 'string' },
            can_checkout: { type: 'boolean' },
            tier_saving: {
              type: 'number',
              description: 'business cart: what the quantity tiers take off the selected lines',
            },
          },
        },
      },
    },
  },
} as const;

export const cartData = {
  type: 'object',
  required: ['unified_cart_data'],
  properties: { unified_cart_data: unifiedCart },
} as const;

export type CartItemView = FromSchema<typeof cartItem>;
export type CartNoticeView = FromSchema<typeof cartNotice>;
export type UnifiedCart = FromSchema<typeof unifiedCart>;
export type CartData = FromSchema<typeof cartData>;

export const cartActions = ['get', 'add', 'update', 'remove', 'check', 'dismiss'] as const;

/** Body of POST /cart (form or JSON). `action` selects the operation; the /cart/<action> routes fix it. */
export const cartBody = {
  type: 'object',
  properties: {
    cartV: { type: 'integer', enum: [20000], default: 20000, description: 'cart API version (a base parameter)' },
    action: { enum: cartActions, default: 'get', description: 'dismiss clears the notices of the last sign-in merge' },
    commodityId: commodityId,
    quantity: {
      type: 'integer',
      minimum: 1,
      maximum: 999,
      description: 'add: how many more; update: the new quantity',
    },
    commodityIds: {
      type: 'array',
      items: commodityId,
      maxItems: 100,
      description: 'remove/check: lines; check: absent = all',
    },
    checked: { type: 'boolean', description: 'check: true to check, false to uncheck' },
  },
} as const;

export type CartBody = FromSchema<typeof cartBody>;
