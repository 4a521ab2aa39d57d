import type { FromSchema } from 'json-schema-to-ts';
import { MAX_GIFT_CARDS_PER_ORDER } from '../../sites/gift-cards';
import { DELIVERY_METHODS, invoiceInput } from './order';
/**
 * The checkout's requests: the shopper's choices (quote) and the placement. Their keys are camelCase, as the islands
 * send them. Kept apart from order.ts because the gift-card limit comes from sites/, which reads order.ts's types.
 */

/** /business paths add flow=company (the business flow): the order is a company purchase. */
export const flowQuery = { type: 'object', properties: { flow: { enum: ['company', 'consumer'] } } } as const;

const deliveryMethod = { enum: DELIVERY_METHODS } as const;
/** Mi Points to use on the order. */
const points = { type: 'integer', minimum: 0, maximum: 100_000_000 } as const;
/** Gift card codes (at most 10 gift cards per order). */
const giftCards = {
  type: 'array',
  maxItems: MAX_GIFT_CARDS_PER_ORDER,
  items: { type: 'string', minLength: 1, maxLength: 24 },
} as const;
/** An evaluated trade-in of the shopper (one device per exchange). */
const tradeInId = { type: 'string', maxLength: 20 } as const;
/** One claimed coupon (one coupon per purchase). */
const userCouponId = { type: 'string', maxLength: 20 } as const;
/** A checkout token (or the Idempotency-Key header) makes a retried placement return the first order. */
const checkoutToken = { type: 'string', minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } as const;

export const checkoutQuoteBody = {
  type: 'object',
  properties: { deliveryMethod, userCouponId, points, giftCards, tradeInId },
} as const;
export type CheckoutQuoteBody = FromSchema<typeof checkoutQuoteBody>;

export const orderPlaceBody = {
  type: 'object',
  required: ['addressId'],
  properties: {
    addressId: { type: 'string', maxLength: 20 },
    deliveryMethod,
    userCouponId,
    points,
    giftCards,
    tradeInId,
    agreePrivacy: { type: 'boolean' },
    agreePreOrder: { type: 'boolean' },
    invoice: invoiceInput,
    checkoutToken,
  },
} as const;
export type OrderPlaceBody = FromSchema<typeof orderPlaceBody>;
