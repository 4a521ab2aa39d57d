/**
 * Every integer a route accepts is bounded to the safe range unless its schema is stricter: JSON and query
 * strings can carry 1e309 (Infinity) or 2^63, which pass `type: integer` but break arithmetic and SQL.
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
  }
  for (const value of Object.values(node)) if (value && typeof value === 'object') boundIntegers(value);
}
