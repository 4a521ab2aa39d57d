import { createHmac, randomBytes } from 'node:crypto';

/** The headers of every webhook: the event id (the same on every retry), the send time, and the signature. */
export const WEBHOOK_HEADERS = {
  id: 'store-webhook-id',
  timestamp: 'store-webhook-timestamp',
  signature: 'store-webhook-signature',
} as const;

/** A new signing secret: 32 random bytes, prefixed so a secret found in a log or a file says what it is. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The hex HMAC-SHA256 of `${timestamp}.${body}` with `secret`: what the signature header carries as v1. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The signature header, `t=<unix seconds>,v1=<hex>`, with one v1 per secret in use (two for a day after a rotation,
 * so a receiver holding either secret accepts it), the shape Stripe uses.
 * @example signatureHeader(['whsec_…'], 1767225600, '{"id":"1"}') // 't=1767225600,v1=5f0c…'
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${webhookSignature(s, timestamp, body)}`)].join(',');
}
