/**
 * How a receiver checks the store's webhooks (copy this file into your integration; it needs Node 18+ only).
 *
 * Every webhook is a POST with a JSON body and three headers:
 *   store-webhook-id         the event id: the same on every retry of the event (dedupe by it)
 *   store-webhook-timestamp  when this attempt was signed, in Unix seconds
 *   store-webhook-signature  `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with your secret>`;
 *                            for a day after a secret rotation there are two v1 entries, one per secret
 * A delivery is accepted when a v1 matches (compared in constant time), its timestamp is within 5 minutes of now
 * (an older one is a replay of a captured request), and its event id is not one already handled (the store sends an
 * event again when an answer was lost, so a repeat is answered 2xx and not handled twice). Anything else is refused.
 *
 * A receiver in three lines (the README's "Webhooks" has it too):
 *   import { webhookReceiver } from './webhook-verifier';
 *   const secret = process.env.WEBHOOK_SECRET!; // the secret the console showed when the endpoint was added
 *   webhookReceiver({ secret, handle: (event) => console.log(event.kind, event.id) }).listen(8787);
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/** How far a signature's timestamp may be from the receiver's clock. */
export const TOLERANCE_SECONDS = 5 * 60;

export type Verdict =
  | { ok: true; id: string; event: Record<string, unknown> }
  | { ok: false; reason: 'malformed' | 'signature' | 'stale' | 'replayed'; id?: string };

/** Event ids already handled, each kept long enough to outlast the store's retries (a database table in real use). */
export interface SeenIds {
  has(id: string): boolean;
  add(id: string): void;
  delete(id: string): void;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether `hex` is the HMAC of `${timestamp}.${body}` with `secret`, compared in constant time. */
function matches(secret: string, timestamp: string, body: string, hex: string): boolean {
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(hex, 'hex');
  return given.length === expected.length && /^[0-9a-f]+$/i.test(hex) && timingSafeEqual(given, expected);
}

/**
 * Checks one delivery: the raw body exactly as received (not re-serialised JSON), its headers, the secret, the ids
 * already handled and the time now (Unix seconds). Mark the id as seen only once you have handled the event.
 * @example const v = verifyWebhook({ body, headers: req.headers, secret, seen, now: Date.now() / 1000 });
 */
export function verifyWebhook(input: {
  body: string;
  headers: Record<string, string | string[] | undefined>;
  secret: string;
  seen: SeenIds;
  now: number;
}): Verdict {
  const id = header(input.headers, 'store-webhook-id');
  const timestamp = header(input.headers, 'store-webhook-timestamp');
  const signature = header(input.headers, 'store-webhook-signature');
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'malformed' };
  const parts = signature.split(',').map((p) => p.trim());
  if (parts[0] !== `t=${timestamp}`) return { ok: false, reason: 'malformed' };
  const candidates = parts.filter((p) => p.startsWith('v1=')).map((p) => p.slice(3));
  // Every candidate is compared, so the time taken does not tell which one (or whether any) came close.
  const valid = candidates.map((hex) => matches(input.secret, timestamp, input.body, hex)).includes(true);
  if (!valid) return { ok: false, reason: 'signature' };
  if (Math.abs(input.now - Number(timestamp)) > TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(input.body) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (event['id'] !== id) return { ok: false, reason: 'malformed' };
  if (input.seen.has(id)) return { ok: false, reason: 'replayed', id };
  return { ok: true, id, event };
}

async function rawBody(req: IncomingMessage, limit = 1 << 20): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A tiny receiver: verifies each POST and hands new events to `handle`; answers 200 when handled (or already handled
 * before), 400 when refused, 500 when `handle` throws (the store then retries later).
 */
export function webhookReceiver(options: {
  secret: string;
  handle: (event: Record<string, unknown>) => Promise<void> | void;
  seen?: SeenIds;
  now?: () => number;
}): Server {
  const seen = options.seen ?? new Set<string>();
  const now = options.now ?? (() => Date.now() / 1000);
  return createServer((req, res) => {
    void (async () => {
      const body = req.method === 'POST' ? await rawBody(req) : null;
      const verdict =
        body === null
          ? ({ ok: false, reason: 'malformed' } as const)
          : verifyWebhook({ body, headers: req.headers, secret: options.secret, seen, now: now() });
      const answer = (status: number, result: string) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ result }));
      };
      if (verdict.ok) {
        // Taken before handling, so a copy arriving meanwhile is not handled beside it; given back on failure.
        seen.add(verdict.id);
        try {
          await options.handle(verdict.event);
        } catch {
          seen.delete(verdict.id);
          return answer(500, 'not handled');
        }
        return answer(200, 'handled');
      }
      // A genuine repeat (the store did not hear our first answer) is acknowledged, so it stops retrying.
      if (verdict.reason === 'replayed') return answer(200, 'already handled');
      return answer(400, verdict.reason);
    })();
  });
}
