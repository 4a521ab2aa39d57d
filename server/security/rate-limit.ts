import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errno } from '../errors';
import { createHash } from 'node:crypto';
import { clientKey } from './client-address';
import { COOKIE } from '../auth/cookies';
import { findStorefront } from '../storefront';
import { translate } from '../i18n';
import type { RateLimitsRepository } from '../repositories/rate-limits';
import type { UsersRepository } from '../repositories/users';

/** How many requests of one kind a client may make in a window. */
export interface RateRule {
  /** Counted together: routes sharing a bucket share the allowance. */
  bucket: string;
  max: number;
  windowSeconds: number;
  /**
   * Whose allowance: the client's address (default), the signed-in session, or the signed-in account over all its
   * sessions (both: the address when there is none).
   */
  per?: 'address' | 'session' | 'account';
  /**
   * Where hits are counted: in the database, shared by every process (default), or in this process's memory only,
   * for a route whose own rules stop abuse and whose flood must not reach the database (a flash sale's asks: one
   * place per account, device and address is the sale's rule; this only caps a client's request rate).
   */
  counted?: 'database' | 'process';
}

/** The hits of one key in its current window, counted in this process. */
interface LocalWindow {
  hits: number;
  resetAt: number;
}
const LOCAL_WINDOWS_MAX = 200_000;

/**
 * The allowances, in one place. Writes a shopper makes by hand get room for fast clicking; calls that send
 * mail, store reports or cost a password hash get little.
 */
export const RATE_RULES = {
  /** Default of every state-changing route without its own rule (cart, chat, forms). */
  write: { bucket: 'write', max: 120, windowSeconds: 60 },
  errsave: { bucket: 'errsave', max: 20, windowSeconds: 60 },
  chat: { bucket: 'chat', max: 30, windowSeconds: 60 },
  /** Register and password-reset requests: each costs a hash or sends a mail. */
  account: { bucket: 'account', max: 10, windowSeconds: 900 },
  /** Card payments and one-time passwords: card testing tries many numbers from one session... */
  payment: { bucket: 'payment', max: 20, windowSeconds: 600, per: 'session' },
  /** ...or from one account signing in again and again for fresh sessions... */
  paymentAccount: { bucket: 'payment-account', max: 40, windowSeconds: 3600, per: 'account' },
  /** ...or from one address with many accounts (sign-up is throttled per address too). */
  paymentAddress: { bucket: 'payment-address', max: 100, windowSeconds: 600 },
  /** File uploads (after-sales proof of purchase, review photos): each stores up to 10 MB. */
  upload: { bucket: 'upload', max: 30, windowSeconds: 3600 },
  /** Newsletter requests: each sends a mail. */
  subscribe: { bucket: 'subscribe', max: 10, windowSeconds: 3600 },
  /**
   * A flash sale's asks for a place, counted in each process: a shopper asks a few times at most (the page asks once,
   * then reads the place); an address gets room for a carrier's many shoppers behind one public address.
   */
  flashAsk: { bucket: 'flash-ask', max: 60, windowSeconds: 60, per: 'session', counted: 'process' },
  flashAskAddress: { bucket: 'flash-ask-address', max: 3000, windowSeconds: 60, counted: 'process' },
  /**
   * The public warranty check by IMEI or serial: a shopper checks a few units; more from one address is someone
   * walking through numbers to learn which exist.
   */
  warrantyCheck: { bucket: 'warranty-check', max: 20, windowSeconds: 600 },
  /**
   * Analytics batches, counted in each process (a page's beacons must never cost a database write to count): a page
   * flushes a few a minute; an address gets room for many shoppers behind it. What it may store is bounded apart,
   * in events and bytes (server/analytics/limits.ts).
   */
  analytics: { bucket: 'analytics', max: 300, windowSeconds: 60, counted: 'process' },
} as const satisfies Record<string, RateRule>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The allowance of this route; state-changing routes default to RATE_RULES.write, `false` exempts. */
    rateLimit?: RateRule | readonly RateRule[] | false;
  }
}

const LOCAL_BLOCKS_MAX = 10_000;
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${COOKIE.session}=([A-Za-z0-9_-]{20,100})(?:;|$)`);

/** The session token in a Cookie header, when it has the shape of one. */
export function sessionCookie(header: string | undefined): string | undefined {
  return header ? SESSION_COOKIE.exec(header)?.[1] : undefined;
}

/**
 * Per-client rate limits, counted in the database so every process shares them. Once a client is over a limit,
 * this process remembers it until the window ends and answers 429 without asking the database, so a flood costs
 * almost nothing.
 */
export function installRateLimits(
  app: FastifyInstance,
  repo: RateLimitsRepository,
  users: Pick<UsersRepository, 'userBySession'>,
  /** RATE_LIMIT_ADDRESS_FACTOR: a per-address allowance is this many times its rule's (test stores only). */
  addressFactor = 1,
): void {
  const blockedUntil = new Map<string, number>();
  const localWindows = new Map<string, LocalWindow>();

  /** A hit counted in this process: the same answer shape as the database's, without a round trip. */
  function localHit(key: string, windowSeconds: number): { hits: number; resetInSeconds: number } {
    const now = Date.now();
    let w = localWindows.get(key);
    if (!w || w.resetAt <= now) {
      if (localWindows.size >= LOCAL_WINDOWS_MAX)
        for (const [k, old] of localWindows) if (old.resetAt <= now) localWindows.delete(k);
      if (localWindows.size >= LOCAL_WINDOWS_MAX) localWindows.clear();
      w = { hits: 0, resetAt: now + windowSeconds * 1000 };
      localWindows.set(key, w);
    }
    w.hits += 1;
    return { hits: w.hits, resetInSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  function refuse(request: FastifyRequest, reply: FastifyReply, seconds: number): never {
    void reply.header('Retry-After', String(seconds));
    // The storefront hook has not run yet: the prefix of the path says which language to answer in.
    const storefront = findStorefront(/^\/api\/([a-z]{2}(?:-[a-z]{2})?)\//.exec(request.url)?.[1] ?? '');
    const text = translate(storefront ?? { lang: 'en' }, 'common.tooManyRequests', { count: seconds });
    throw new ApiError(Errno.RATE_LIMITED, text, 429);
  }

  /** Whose allowance a request uses under a rule: its session's, its account's or else its address's. */
  async function keyOf(request: FastifyRequest, rule: RateRule): Promise<{ key: string; byAddress: boolean }> {
    // This hook runs before the cookie plugin parses cookies: read the session cookie from the header itself.
    const session =
      rule.per === 'session' || rule.per === 'account' ? sessionCookie(request.headers.cookie) : undefined;
    if (session && rule.per === 'account') {
      // Only the few routes with an account rule pay for this lookup.
      const user = await users.userBySession(session);
      if (user) return { key: `${rule.bucket}|account:${user.id}`, byAddress: false };
    }
    return session
      ? {
          key: `${rule.bucket}|session:${createHash('sha256').update(session).digest('hex').slice(0, 24)}`,
          byAddress: false,
        }
      : { key: `${rule.bucket}|${clientKey(request.ip)}`, byAddress: true };
  }

  async function check(
    request: FastifyRequest,
    reply: FastifyReply,
    rule: RateRule | readonly RateRule[],
  ): Promise<void> {
    for (const one of Array.isArray(rule) ? (rule as readonly RateRule[]) : [rule as RateRule]) {
      const { key, byAddress } = await keyOf(request, one);
      const max = byAddress ? one.max * addressFactor : one.max;
      const until = blockedUntil.get(key);
      if (until !== undefined) {
        if (until > Date.now()) refuse(request, reply, Math.ceil((until - Date.now()) / 1000));
        blockedUntil.delete(key);
      }
      const count =
        one.counted === 'process' ? localHit(key, one.windowSeconds) : await repo.hit(key, one.windowSeconds);
      if (count.hits > max) {
        if (blockedUntil.size >= LOCAL_BLOCKS_MAX) blockedUntil.clear();
        blockedUntil.set(key, Date.now() + count.resetInSeconds * 1000);
        refuse(request, reply, count.resetInSeconds);
      }
    }
  }

  // Reads without a rule of their own (most requests) pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const configured = request.routeOptions.config.rateLimit;
    const writes = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    const rule =
      configured === false
        ? null
        : (configured ?? (writes && request.url.startsWith('/api/') ? RATE_RULES.write : null));
    if (!rule) return done();
    check(request, reply, rule).then(() => done(), done);
  });
}
