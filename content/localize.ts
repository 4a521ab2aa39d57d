import type { Localized } from './schemas/common.schema';

/**
 * The text of `value` in catalogue `code`, else its language subtag, else English.
 * @example localize(product.tagline, 'pt-BR') // pt-BR, then pt, then en
 */
export function localize(value: Localized, code: string): string {
  const texts = value as Record<string, unknown>;
  const exact = texts[code];
  if (typeof exact === 'string') return exact;
  const base = texts[code.split('-')[0] ?? 'en'];
  return typeof base === 'string' ? base : value.en;
}
