import { getStorefront, storefronts } from '../region-config/index';

/** A storefront prefix's shape: a country code, or a country and language code (be-fr, ae-ar). */
const CODE = /^[a-z]{2}(-[a-z]{2})?$/;

/**
 * The storefront an unknown country code is served as: the one with English (US) settings, which is what the region
 * settings give an unknown code (region-config/defaults.ts).
 */
export const FALLBACK_STOREFRONT = storefronts.find((s) => s.lang === 'en-US')?.urlLocal ?? 'us';

/**
 * The path of the fallback storefront's page for a path whose prefix is no storefront ("/zz/product-list/" →
 * "/us/product-list/"), or null when the prefix is a storefront or not shaped like a country code.
 */
export function fallbackPath(urlPath: string): string | null {
  const match = /^\/([^/?#]+)(.*)$/.exec(urlPath);
  if (!match) return null;
  const [, prefix = '', rest = ''] = match;
  if (!CODE.test(prefix) || getStorefront(prefix)) return null;
  return `/${FALLBACK_STOREFRONT}${rest || '/'}`;
}
