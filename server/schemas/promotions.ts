/** promotions schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';
import { money } from './order';

/** A coupon as the API shows it (minor units with the currency's exponent). */
export const couponSchema = {
  type: 'object',
  required: [
    'coupon_id',
    'code',
    'kind',
    'title',
    'currency',
    'exponent',
    'amount',
    'percent',
    'cap',
    'min_spend',
    'categories',
    'products',
    'starts_at',
    'ends_at',
    'left',
  ],
  properties: {
    coupon_id: { type: 'string' },
    code: { type: 'string' },
    kind: { enum: ['amount', 'percent', 'free_shipping', 'exchange'] },
    title: { type: 'string' },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    amount: { type: ['integer', 'null'] },
    percent: { type: ['integer', 'null'] },
    cap: { type: ['integer', 'null'] },
    min_spend: { type: 'integer' },
    categories: { type: ['array', 'null'], items: { type: 'string' } },
    products: { type: ['array', 'null'], items: { type: 'string' } },
    starts_at: { type: 'integer' },
    ends_at: { type: 'integer' },
    left: { type: 'integer', description: 'how many can still be claimed' },
    max_unit_price: {
      type: ['integer', 'null'],
      description: 'only a unit priced at most this counts (a student offer); null: any price',
    },
    single_unit: { type: 'boolean', description: 'the discount applies to one unit (a student offer: one device)' },
    user_coupon_id: { type: 'string' },
    state: {
      enum: ['upcoming', 'available', 'claimed', 'used', 'expired'],
      description: 'upcoming: its window opens at starts_at (listed with upcoming=1)',
    },
    order_id: { type: ['string', 'null'] },
  },
} as const;
export type CouponView = FromSchema<typeof couponSchema>;

export const couponListAnswer = {
  type: 'object',
  required: ['coupons'],
  properties: { coupons: { type: 'array', items: couponSchema } },
} as const;
export type CouponListAnswer = FromSchema<typeof couponListAnswer>;

export const couponClaimAnswer = {
  type: 'object',
  required: ['coupon'],
  properties: { coupon: couponSchema },
} as const;
export type CouponClaimAnswer = FromSchema<typeof couponClaimAnswer>;

export const couponProductsAnswer = {
  type: 'object',
  required: ['coupon', 'products'],
  properties: {
    coupon: couponSchema,
    products: {
      type: 'array',
      items: {
        type: 'object',
        required: ['product_id', 'name', 'image', 'sale_price'],
        properties: {
          product_id: { type: 'string' },
          name: { type: 'string' },
          image: { type: 'string' },
          sale_price: { type: 'number' },
        },
      },
    },
  },
} as const;
export type CouponProductsAnswer = FromSchema<typeof couponProductsAnswer>;

export const fcodeSchema = {
  type: 'object',
  required: ['code', 'product_id', 'product_name', 'ends_at', 'state', 'order_id'],
  properties: {
    code: { type: 'string' },
    product_id: { type: 'string' },
    product_name: { type: 'string' },
    ends_at: { type: 'integer' },
    state: { enum: ['available', 'used', 'expired'] },
    order_id: { type: ['string', 'null'] },
  },
} as const;
export type FcodeView = FromSchema<typeof fcodeSchema>;

export const fcodeMineAnswer = {
  type: 'object',
  required: ['fcodes'],
  properties: { fcodes: { type: 'array', items: fcodeSchema } },
} as const;
export type FcodeMineAnswer = FromSchema<typeof fcodeMineAnswer>;

export const giftCardSchema = {
  type: 'object',
  required: [
    'code',
    'currency',
    'initial_amount',
    'balance',
    'redeemable_from',
    'expires_at',
    'state',
    'mine',
    'bought',
  ],
  properties: {
    code: { type: 'string', description: 'the full code for the cards the user holds or bought; masked otherwise' },
    currency: { type: 'string' },
    initial_amount: money,
    balance: money,
    redeemable_from: { type: 'integer' },
    expires_at: { type: 'integer' },
    state: { enum: ['active', 'not_yet', 'used_up', 'expired'] },
    mine: { type: 'boolean', description: 'added to this account: only it can pay with the card' },
    bought: { type: 'boolean', description: 'bought by this account (a code to give away, until someone adds it)' },
  },
} as const;
export type GiftCardView = FromSchema<typeof giftCardSchema>;

export const giftcardMineAnswer = {
  type: 'object',
  required: ['gift_cards', 'values', 'currency', 'exponent', 'max_per_order', 'redeemable_after_hours'],
  properties: {
    gift_cards: { type: 'array', items: giftCardSchema },
    values: {
      type: 'array',
      items: {
        type: 'object',
        required: ['amount', 'commodity_id'],
        properties: { amount: money, commodity_id: { type: 'string' } },
      },
    },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    max_per_order: { type: 'integer' },
    redeemable_after_hours: { type: 'integer' },
  },
} as const;
export type GiftcardMineAnswer = FromSchema<typeof giftcardMineAnswer>;

/** Why the Mi Points balance moved (birthday: the Mi Club's gift, sites/club.ts; friend: a friend-code reward). */
export const POINTS_REASONS = ['earn', 'redeem', 'return', 'welcome', 'clawback', 'birthday', 'friend'] as const;

export const pointsAnswer = {
  type: 'object',
  required: ['balance', 'currency', 'exponent', 'point_value', 'min_redeem', 'max_share_bp', 'earn_per', 'history'],
  properties: {
    balance: { type: 'integer' },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    point_value: { type: 'integer', description: 'minor units one point is worth' },
    min_redeem: { type: 'integer' },
    max_share_bp: { type: 'integer' },
    earn_per: { type: 'integer', description: 'one point is earned per this many minor units paid' },
    history: {
      type: 'array',
      items: {
        type: 'object',
        required: ['delta', 'reason', 'order_id', 'time'],
        properties: {
          delta: { type: 'integer' },
          reason: { enum: POINTS_REASONS },
          order_id: { type: ['string', 'null'] },
          time: { type: 'integer' },
        },
      },
    },
  },
} as const;
export type PointsAnswer = FromSchema<typeof pointsAnswer>;

/** upcoming=1: the coupons that open within a day as well. */
export const couponClaimableQuery = { type: 'object', properties: { upcoming: { enum: ['0', '1'] } } } as const;

/** Claim a coupon by its code or by its id. */
export const couponClaimBody = {
  type: 'object',
  properties: { code: { type: 'string', maxLength: 40 }, couponId: { type: 'string', maxLength: 60 } },
} as const;
export type CouponClaimBody = FromSchema<typeof couponClaimBody>;

export const couponProductsQuery = {
  type: 'object',
  required: ['couponId'],
  properties: { couponId: { type: 'string', maxLength: 60 } },
} as const;

export const fcodeRedeemBody = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', maxLength: 40 } },
} as const;
export type FcodeRedeemBody = FromSchema<typeof fcodeRedeemBody>;

export const giftCardAddBody = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', maxLength: 40 } },
} as const;
export type GiftCardAddBody = FromSchema<typeof giftCardAddBody>;
