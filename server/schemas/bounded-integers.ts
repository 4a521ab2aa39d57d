import type { Ajv } from 'ajv';

/**
 * Every integer a route accepts is bounded to the safe range unless its schema is stricter: JSON and query
 * strings can carry 1e309 (Infinity) or 2^63, which pass `type: integer` but break arithmetic and SQL.
 * The bounds alone miss a query string coerced to Infinity (ajv skips `maximum` for non-finite numbers under
 * strictNumbers), so each integer also carries the `safeInteger` keyword, checked on the coerced value.
 */
export function boundIntegers(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const item of schema) boundIntegers(item);
    return;
  }
  const node = schema as Record<string, unknown>;
  const type = node['type'];
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
    node['maximum'] ??= Number.MAX_SAFE_INTEGER;
    node['minimum'] ??= Number.MIN_SAFE_INTEGER;
    node['safeInteger'] = true;
  }
  for (const value of Object.values(node)) if (value && typeof value === 'object') boundIntegers(value);
}

/** The ajv plugin that defines `safeInteger` (installed through Fastify's `ajv.plugins`). */
export function safeIntegerKeyword(ajv: Ajv): Ajv {
  return ajv.addKeyword({
    keyword: 'safeInteger',
    // No `type: 'number'`: ajv would guard the keyword with isFinite() too, and skip the very values it is for.
    schemaType: 'boolean',
    errors: false,
    validate: (on: boolean, data: unknown) => !on || typeof data !== 'number' || Number.isSafeInteger(data),
  });
}
