/** The friend codes' API: the shopper's code, its share link and the friends who joined with it. */
import type { FromSchema } from 'json-schema-to-ts';

/** joined: no paid order yet; pending: the first order is paid, the reward waits for its return window. */
export const FRIEND_STATES = ['joined', 'pending', 'rewarded', 'not_eligible'] as const;
export type FriendState = (typeof FRIEND_STATES)[number];

/**
 * Why a sign-up earns nothing: a self-referral (the friend's own mailbox, browser or delivery address), a mailbox,
 * browser or address that earned before, the friend's monthly cap, the first order cancelled or returned, an account
 * closed, or the reward coupon run out.
 */
export const FRIEND_REASONS = [
  'self_email',
  'self_device',
  'self_address',
  'email_used',
  'device_used',
  'address_used',
  'monthly_cap',
  'order_cancelled',
  'order_returned',
  'account_closed',
  'reward_unavailable',
] as const;
export type FriendReason = (typeof FRIEND_REASONS)[number];

const money = { type: 'integer' } as const;
const couponSummary = {
  type: 'object',
  required: ['title', 'amount', 'min_spend', 'currency', 'exponent'],
  properties: {
    title: { type: 'string' },
    amount: money,
    min_spend: money,
    currency: { type: 'string' },
    exponent: { type: 'integer' },
  },
} as const;

export const friendMineAnswer = {
  type: 'object',
  required: ['offered', 'code', 'share_url', 'networks', 'welcome', 'reward', 'monthly_cap', 'friends'],
  properties: {
    /** The programme runs in this storefront's country (sites/friend-codes.json). */
    offered: { type: 'boolean' },
    /** The shopper's code, as typed (8 characters). */
    code: { type: 'string' },
    /** The sign-up page with the code filled in. */
    share_url: { type: 'string' },
    /** The country's share networks (its site config). */
    networks: { type: 'array', items: { type: 'string' } },
    /** The new shopper's coupon for a first order. */
    welcome: { oneOf: [couponSummary, { type: 'null' }] },
    /** The friend's reward: Mi Points or a coupon. */
    reward: {
      oneOf: [
        {
          type: 'object',
          required: ['kind', 'points'],
          properties: { kind: { const: 'points' }, points: { type: 'integer' } },
        },
        {
          type: 'object',
          required: ['kind', 'coupon'],
          properties: { kind: { const: 'coupon' }, coupon: couponSummary },
        },
        { type: 'null' },
      ],
    },
    monthly_cap: { type: 'integer' },
    friends: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'name',
          'state',
          'reason',
          'joined_at',
          'due_at',
          'rewarded_at',
          'reward_points',
          'reward_coupon',
        ],
        properties: {
          id: { type: 'string' },
          /** The new shopper's nickname, shortened to its first character (their mailbox is never shown). */
          name: { type: 'string' },
          state: { enum: FRIEND_STATES },
          reason: { oneOf: [{ enum: FRIEND_REASONS }, { type: 'null' }] },
          joined_at: { type: 'integer' },
          /** When the reward falls due (the first order's return window ends); null until it has arrived. */
          due_at: { type: ['integer', 'null'] },
          rewarded_at: { type: ['integer', 'null'] },
          reward_points: { type: ['integer', 'null'] },
          reward_coupon: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;
export type FriendMineAnswer = FromSchema<typeof friendMineAnswer>;

/** Staff look an account up by its e-mail (the console's Friend codes tab). */
export const staffFriendsQuery = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', minLength: 1, maxLength: 254 } },
} as const;

const staffReferral = {
  type: 'object',
  required: ['email', 'storefront', 'state', 'reason', 'joined_at', 'first_order_id', 'due_at', 'rewarded_at'],
  properties: {
    /** The other shopper's sign-in address (staff see it; the shoppers never see each other's). */
    email: { type: 'string' },
    storefront: { type: 'string' },
    state: { enum: FRIEND_STATES },
    reason: { oneOf: [{ enum: FRIEND_REASONS }, { type: 'null' }] },
    joined_at: { type: 'integer' },
    first_order_id: { type: ['string', 'null'] },
    due_at: { type: ['integer', 'null'] },
    rewarded_at: { type: ['integer', 'null'] },
  },
} as const;

export const staffFriendsAnswer = {
  type: 'object',
  required: ['user_id', 'email', 'code', 'invited', 'invited_by'],
  properties: {
    user_id: { type: 'integer' },
    email: { type: 'string' },
    /** Null until the shopper's account page first asked for one. */
    code: { type: ['string', 'null'] },
    /** The sign-ups with this shopper's code, newest first. */
    invited: { type: 'array', items: staffReferral },
    /** The code this shopper joined with: its owner's address and the reward's state. */
    invited_by: { oneOf: [staffReferral, { type: 'null' }] },
  },
} as const;
export type StaffFriendsAnswer = FromSchema<typeof staffFriendsAnswer>;
