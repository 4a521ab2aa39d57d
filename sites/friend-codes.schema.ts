/**
 * JSON Schema of sites/friend-codes.json, the friend-code programme per country: the new shopper's welcome coupon,
 * the friend's reward (Mi Points or a coupon) and the cap of rewards per friend and month. The single source of the
 * `FriendProgramme` type; validateFriendCodes() (friend-codes-validate.ts) checks the file.
 */
import type { FromSchema } from 'json-schema-to-ts';

const couponId = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{1,40}$' } as const;

export const friendRewardSchema = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'points'],
      properties: { kind: { const: 'points' }, points: { type: 'integer', minimum: 1, maximum: 1_000_000 } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'couponId'],
      properties: { kind: { const: 'coupon' }, couponId },
    },
  ],
} as const;
export type FriendReward = FromSchema<typeof friendRewardSchema>;

export const friendProgrammeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['welcomeCouponId', 'reward', 'monthlyCap'],
  properties: {
    /** The granted-only, first-order coupon of the coupons snapshot a new shopper gets at sign-up. */
    welcomeCouponId: couponId,
    /** What the friend gets once the new shopper's first order is paid and its return window has passed. */
    reward: friendRewardSchema,
    /** At most this many rewards per friend in a calendar month (UTC); the rest are not eligible. */
    monthlyCap: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;
export type FriendProgramme = FromSchema<typeof friendProgrammeSchema>;

export const friendCodesFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['monthlyCap', 'countries'],
  properties: {
    $comment: { type: 'string' },
    /** The cap of every country that does not set its own. */
    monthlyCap: { type: 'integer', minimum: 1, maximum: 100 },
    /** The countries the programme runs in (two-letter local); nowhere else is a code taken. */
    countries: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['welcomeCouponId', 'reward'],
        properties: {
          welcomeCouponId: couponId,
          reward: friendRewardSchema,
          monthlyCap: { type: 'integer', minimum: 1, maximum: 100 },
        },
      },
    },
  },
} as const;
export type FriendCodesFile = FromSchema<typeof friendCodesFileSchema>;
