import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's timestamp may be from the store's clock, either way: older ones are replays or stale. */
export const WEBHOOK_TOLERANCE_S = 300;

/** The signature header of a webhook body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhook(secret: Buffer, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * Checks a signature header against the raw body: `ok` only when a v1 signature matches and the timestamp is inside
 * the tolerance (a captured webhook sent again later is refused as stale even with its valid signature).
 */
export function checkWebhookSignature(
  secret: Buffer,
  body: string,
  header: string | undefined,
  now: Date,
): 'ok' | 'malformed' | 'bad_signature' | 'stale' {
  if (!header || header.length > 500) return 'malformed';
  const parts = header.split(',').map((p) => p.trim().split('=', 2) as [string, string | undefined]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/.test(v)).map(([, v]) => v!);
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return 'malformed';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!matches) return 'bad_signature';
  if (Math.abs(now.getTime() / 1000 - Number(t)) > WEBHOOK_TOLERANCE_S) return 'stale';
  return 'ok';
}
