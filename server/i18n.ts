import { catalogueCandidates } from '../region-config/index';
import { loadTranslations } from '../content/load';
import { defaultContentDir } from './db/seed-source';
import type { Storefront } from './storefront';

let catalogues: Record<string, Record<string, string>> | null = null;

function load(): Record<string, Record<string, string>> {
  if (catalogues) return catalogues;
  try {
    catalogues = loadTranslations(defaultContentDir);
  } catch {
    // A broken or missing catalogue must not take the API down: messages fall back to English text.
    catalogues = {};
  }
  return catalogues;
}

/**
 * A user-facing message in the storefront's language from content/locales (full tag, language subtag, en),
 * or `fallback` when no catalogue has the key.
 */
export function message(storefront: Storefront, key: string, fallback: string): string {
  const all = load();
  for (const code of catalogueCandidates(storefront.lang)) {
    const text = all[code]?.[key];
    if (text) return text;
  }
  return fallback;
}
