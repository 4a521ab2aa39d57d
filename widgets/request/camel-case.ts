/** snake_case / kebab-case → camelCase for one key. */
export function camelKey(key: string): string {
  return key.replace(/[_-]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Deep copy with every object key camelCased (responses are camelCased unless disabled). */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[camelKey(k)] = camelizeKeys(v);
    return out;
  }
  return value;
}

/** camelCase → snake_case, used for outgoing share/utm parameters. */
export function snakeKey(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
