import { siteConfigOrigins } from './site-config';

/** Allowed cross-origin callers: absolute origins of the site config plus SITE_ORIGINS (comma separated). */
export function siteOrigins(extra: string): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const value of [...siteConfigOrigins(), ...extra.split(',')]) {
    const trimmed = value.trim();
    if (!trimmed) continue;
    try {
      const url = new URL(trimmed);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // relative path prefixes (the embedded default) are same-origin and need no CORS
    }
  }
  return origins;
}
