import { getStorefront, type Storefront } from '../region-config/index';

/** The storefront of a URL prefix, or undefined (the API answers errno 40400). */
export function findStorefront(urlLocal: string): Storefront | undefined {
  // Prefixes are lower-case in URLs; refusing other spellings keeps one canonical URL per resource.
  return urlLocal === urlLocal.toLowerCase() ? getStorefront(urlLocal) : undefined;
}

export type { Storefront };
