import { isIP } from 'node:net';
import { Ajv } from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';

/** Environment variables the server reads; checked once at boot so a typo fails fast with a clear message. */
export const envSchema = {
  type: 'object',
  additionalProperties: true,
  required: [
    'HOST',
    'PORT',
    'DATA_DIR',
    'PUBLIC_DIR',
    'LOG_LEVEL',
    'SANDBOX_LATENCY_MS',
    'PAYMENT_IN_FLIGHT_MS',
    'WEBHOOK_TIMEOUT_MS',
    'WEBHOOK_RETRY_BASE_MS',
    'WEBHOOK_MAX_ATTEMPTS',
    'WEBHOOK_INTERVAL_MS',
  ],
  properties: {
    HOST: { type: 'string', default: '0.0.0.0' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8000 },
    /** Real Postgres; when absent the embedded PGlite in DATA_DIR is used. */
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    DATA_DIR: { type: 'string', minLength: 1, default: '.data/pglite' },
    /** The built sites: the link to the release a build publishes (plugins/storefront-pages/build-plan/publish.ts). */
    PUBLIC_DIR: { type: 'string', minLength: 1, default: 'releases/current' },
    /** Extra origins (comma separated) allowed to call the API with credentials, beside the site config origins. */
    SITE_ORIGINS: { type: 'string', default: '' },
    LOG_LEVEL: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' },
    /**
     * Behind load balancers: the proxies' addresses or CIDR ranges (comma separated; also `loopback`, `linklocal`,
     * `uniquelocal`) whose X-Forwarded-For/-Proto are believed. Empty: the socket address is the client.
     */
    TRUST_PROXY: { type: 'string', default: '' },
    /**
     * The public origin of the store (links in mails; never taken from a request's Host header). Default
     * http://localhost:PORT.
     */
    SITE_URL: { type: 'string', pattern: '^https?://[^/]+/?$' },
    /** Outgoing mail server (smtp://user:pass@host:port or smtps://…); without it mail stays in the local outbox. */
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    /** Sender address of the store's mail. */
    MAIL_FROM: { type: 'string', default: 'Mi Store <no-reply@mistore.localhost>' },
    /**
     * The local mailbox page (/api/mailbox): `local` serves it to direct loopback requests when SMTP_URL is unset,
     * NODE_ENV is not production and SITE_URL is on a loopback host; `off` never.
     */
    MAILBOX: { enum: ['local', 'off'], default: 'local' },
    /**
     * `production` turns off what only a developer's local copy has (the local mailbox), and refuses what only a
     * development store may run (the sandbox payment providers).
     */
    NODE_ENV: { type: 'string' },
    /**
     * The seeded support staff account: its email, and its password (12+ characters; unset: a random one is logged once
     * when the account is made).
     */
    STAFF_EMAIL: { type: 'string', default: 'staff@mistore.localhost', maxLength: 200 },
    STAFF_PASSWORD: { type: 'string', minLength: 12, maxLength: 200 },
    /**
     * The seeded release manager account (the release console): its email, and its password (unset: a random one is
     * logged once when the account is made).
     */
    RELEASE_MANAGER_EMAIL: { type: 'string', default: 'releases@mistore.localhost', maxLength: 200 },
    RELEASE_MANAGER_PASSWORD: { type: 'string', minLength: 12, maxLength: 200 },
    /**
     * The releases folder the console publishes into (default: the folder of PUBLIC_DIR when that is `…/current`, else
     * `releases`).
     */
    RELEASES_DIR: { type: 'string', minLength: 1 },
    /** The build's work folder (Gatsby writes public/; tests use another). */
    BUILD_WORK_DIR: { type: 'string', minLength: 1, default: 'public' },
    /**
     * The command a console build runs, as a JSON array (tests give a fast fake); default: the project's own build of
     * the chosen storefronts.
     */
    RELEASE_BUILD_COMMAND: { type: 'string', minLength: 2 },
    /**
     * A console build or publish whose process has not written for this long (ms) was cut off (crash): it is taken up
     * again.
     */
    RELEASE_BUILD_STALE_MS: { type: 'integer', minimum: 500, maximum: 3_600_000, default: 60_000 },
    /** `off`: this process runs no release builds (it still queues them for the processes that do). */
    RELEASE_WORKER: { enum: ['on', 'off'], default: 'on' },
    /**
     * Bearer token of the operator calls under /api/ops (e.g. moving a pre-sale's windows); unset: they do not exist.
     */
    OPS_TOKEN: { type: 'string', minLength: 24, maxLength: 200 },
    /** The warehouse's bearer token for /api/fulfilment (no token: the fulfilment API is off). */
    FULFILMENT_TOKEN: { type: 'string', minLength: 24, maxLength: 200 },
    /**
     * The request header in which the CDN in front names the shopper's country (ISO 3166-1 alpha-2), e.g.
     * `CloudFront-Viewer-Country` or `CF-IPCountry`; read only to offer that country's store. Unset: not read.
     */
    CDN_COUNTRY_HEADER: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' },
    /** Content snapshots folder (content/snapshots by default) for the seed. */
    CONTENT_DIR: { type: 'string' },
    /**
     * Which payment providers run (card gateway, pay-later, card-issuer lookup): `sandbox`, the built-in ones that take
     * no real money.
     */
    PAYMENT_PROVIDERS: { enum: ['sandbox'], default: 'sandbox' },
    /** `allow`: run the sandbox payment providers even with NODE_ENV=production (a staging or demo store). */
    SANDBOX_PAYMENTS: { enum: ['allow'] },
    /**
     * The secret the async payment provider signs its webhooks with (HMAC-SHA256 over timestamp and body). Unset, the
     * sandbox makes one and keeps it in the database, so every API process verifies the same.
     */
    ASYNC_PAYMENT_WEBHOOK_SECRET: { type: 'string', minLength: 32 },
    /** Simulated network time of each sandbox gateway call, in ms (tests of races and crashes); 0 in normal use. */
    SANDBOX_LATENCY_MS: { type: 'integer', minimum: 0, maximum: 10_000, default: 0 },
    /**
     * How long a payment call may stay unanswered before the store stops waiting and asks the provider what became
     * of it (reconciliation); a new attempt for the order waits until then.
     */
    PAYMENT_IN_FLIGHT_MS: { type: 'integer', minimum: 100, maximum: 600_000, default: 20_000 },
    /** Webhooks: how long a receiver has to answer one delivery attempt (ms). */
    WEBHOOK_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 60_000, default: 10_000 },
    /** Webhooks: the wait before the first retry (ms); each later retry waits twice as long, at most 6 hours. */
    WEBHOOK_RETRY_BASE_MS: { type: 'integer', minimum: 10, maximum: 3_600_000, default: 30_000 },
    /** Webhooks: attempts of a delivery before it is given up (staff can resend it). */
    WEBHOOK_MAX_ATTEMPTS: { type: 'integer', minimum: 1, maximum: 30, default: 13 },
    /** Webhooks: how often each process hands out new order events and sends what is due (ms). */
    WEBHOOK_INTERVAL_MS: { type: 'integer', minimum: 100, maximum: 3_600_000, default: 5_000 },
    /**
     * Friend codes: the wait after the first order's delivery before the friend's reward (ms), instead of the order's
     * return window (sites/returns.json); for test stores and browser tests only. Unset: the return window.
     */
    FRIEND_RETURN_WINDOW_MS: { type: 'integer', minimum: 0, maximum: 90 * 86_400_000 },
    /** A confirmed account deletion's grace period (ms; default 14 days), in which signing in cancels it. */
    ACCOUNT_DELETION_GRACE_MS: { type: 'integer', minimum: 1000, maximum: 90 * 86_400_000, default: 14 * 86_400_000 },
    /**
     * A factor on every per-address allowance of the rate limits (default 1), for a test store whose browsers all
     * come from one address (the browser tests), where real shoppers each come from their own. Never in production.
     */
    RATE_LIMIT_ADDRESS_FACTOR: { type: 'integer', minimum: 1, maximum: 100, default: 1 },
    /** How many minutes before a sale starts its reminders go out (default 10). */
    SALE_REMINDER_LEAD_MINUTES: { type: 'integer', minimum: 1, maximum: 7 * 24 * 60 },
  },
} as const;

export type Env = FromSchema<typeof envSchema>;

/** Reads and checks the environment; throws one error naming every bad variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const ajv = new Ajv({ useDefaults: true, coerceTypes: true, allErrors: true });
  const validate = ajv.compile(envSchema);
  const env: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.properties)) {
    const value = source[key];
    if (value !== undefined && value !== '') env[key] = value;
  }
  const problems = validate(env)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath.slice(1) || e.params['missingProperty']} ${e.message}`);
  const proxyProblem = typeof env['TRUST_PROXY'] === 'string' ? trustedProxyProblem(env['TRUST_PROXY']) : null;
  if (proxyProblem) problems.push(`TRUST_PROXY ${proxyProblem}`);
  if (problems.length > 0) throw new Error(`invalid environment: ${problems.join('; ')}`);
  env['SITE_URL'] =
    typeof env['SITE_URL'] === 'string'
      ? env['SITE_URL'].replace(/\/$/, '')
      : `http://localhost:${String(env['PORT'])}`;
  return env as Env;
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The trusted proxies of TRUST_PROXY as a list for Fastify (proxy-addr); empty when none is trusted. */
export function trustedProxies(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Why a TRUST_PROXY value cannot be used, or null. `true` (or a hop count) would believe any client's
 * X-Forwarded-For and so defeat every per-address limit: the proxies must be named.
 */
export function trustedProxyProblem(value: string): string | null {
  for (const entry of trustedProxies(value)) {
    if (PROXY_KEYWORDS.has(entry)) continue;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || rest.length > 0) {
      return (
        `must list proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal), not ` +
        `"${entry.slice(0, 40)}"`
      );
    }
  }
  return null;
}

/** API version reported by /api/health and the OpenAPI document. */
export const VERSION = '0.1.0';
