/**
 * Schemas of UPI payments (India): a collect request to the UPI ID the shopper types, or the intent link / QR any
 * UPI app opens; and the one rule a UPI ID must follow, shared by the server and the checkout island.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** How the shopper pays by UPI: a collect request to their UPI ID, or the intent link (a QR on a desktop). */
export const UPI_FLOWS = ['collect', 'intent'] as const;
export type UpiFlow = (typeof UPI_FLOWS)[number];

/**
 * The UPI ID rule: `name@handle`, the name 2–256 letters, digits, dots, hyphens or underscores, the handle (the
 * payer's bank or app) 2–64 letters; case does not matter. NPCI's own format, as payment providers check it.
 */
export const UPI_ID_RULE = /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/;

/** The UPI ID as the provider is given it (trimmed, lower case), or null when it breaks the UPI ID rule. */
export function normaliseUpiId(raw: string): string | null {
  const vpa = raw.trim();
  return UPI_ID_RULE.test(vpa) ? vpa.toLowerCase() : null;
}

export const upiStartBody = {
  type: 'object',
  required: ['orderId', 'flow', 'device'],
  additionalProperties: false,
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    flow: { enum: UPI_FLOWS },
    /** The payer's UPI ID (collect only); checked by the UPI ID rule in the route, for a message of its own. */
    vpa: { type: 'string', maxLength: 1000 },
    device: { enum: ['desktop', 'mobile'] },
  },
} as const;
export type UpiStartBody = FromSchema<typeof upiStartBody>;

/** What the shopper does next: approve in their UPI app (collect), or scan the QR / open the intent link. */
export const upiStartAnswer = {
  type: 'object',
  required: ['payment_id', 'order_id', 'flow', 'expires_at', 'result_url'],
  properties: {
    payment_id: { type: 'string' },
    order_id: { type: 'string' },
    flow: { enum: UPI_FLOWS },
    /** collect: the UPI ID the request was sent to. */
    vpa: { type: 'string' },
    /** intent: the upi://pay link (a phone opens it), and the same link drawn as a QR code (SVG) for a desktop. */
    intent_url: { type: 'string' },
    qr_svg: { type: 'string' },
    /** Sandbox only: the page that plays the shopper's UPI app (a real provider reaches the app itself). */
    app_url: { type: 'string' },
    /** Until when the request can be approved (ms). */
    expires_at: { type: 'integer' },
    result_url: { type: 'string' },
  },
} as const;
export type UpiStartAnswer = FromSchema<typeof upiStartAnswer>;

export const upiSandboxAppParams = {
  type: 'object',
  required: ['vpa'],
  properties: { vpa: { type: 'string', maxLength: 400 } },
} as const;

export const upiSandboxRefParams = {
  type: 'object',
  required: ['ref'],
  properties: { ref: { type: 'string', maxLength: 40 } },
} as const;

export const upiSandboxDecisionBody = {
  type: 'object',
  required: ['decision'],
  properties: { decision: { enum: ['approve', 'decline'] } },
} as const;
