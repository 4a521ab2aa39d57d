import { Ajv } from 'ajv';
import type { FromSchema } from 'json-schema-to-ts';

/** Environment variables the server reads; checked once at boot so a typo fails fast with a clear message. */
export const envSchema = {
  type: 'object',
  additionalProperties: true,
  required: ['HOST', 'PORT', 'DATA_DIR', 'PUBLIC_DIR', 'LOG_LEVEL'],
  properties: {
    HOST: { type: 'string', default: '0.0.0.0' },
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8000 },
    /** Real Postgres; when absent the embedded PGlite in DATA_DIR is used. */
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    DATA_DIR: { type: 'string', minLength: 1, default: '.data/pglite' },
    PUBLIC_DIR: { type: 'string', minLength: 1, default: 'public' },
    /** Extra origins (comma separated) allowed to call the API with credentials, beside the site config origins. */
    SITE_ORIGINS: { type: 'string', default: '' },
    LOG_LEVEL: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info' },
    /** Behind a load balancer: trust X-Forwarded-* for the client address (sign-in throttling) and protocol. */
    TRUST_PROXY: { type: 'boolean', default: false },
    /** Content snapshots folder (content/snapshots by default) for the seed. */
    CONTENT_DIR: { type: 'string' },
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
  if (!validate(env)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath.slice(1) || e.params['missingProperty']} ${e.message}`);
    throw new Error(`invalid environment: ${problems.join('; ')}`);
  }
  return env as Env;
}

/** API version reported by /api/health and the OpenAPI document. */
export const VERSION = '0.1.0';
