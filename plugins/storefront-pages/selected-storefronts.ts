import { storefronts, type Storefront } from '../../region-config';

/**
 * The storefronts this build renders: all, or those named in REGIONS (comma separated urlLocals, e.g.
 * `REGIONS=id,de`). A country code with several languages selects all of them (`REGIONS=be` → be-fr, be-nl).
 * An unknown code is the release manager's mistake, so it stops the build with the list of valid codes.
 */
export function selectedStorefronts(regions = process.env.REGIONS): Storefront[] {
  const wanted = (regions ?? '')
    .split(',')
    .map((code) => code.trim().toLowerCase())
    .filter(Boolean);
  if (wanted.length === 0) return [...storefronts];
  const unknown = wanted.filter((code) => !storefronts.some((s) => s.urlLocal === code || s.local === code));
  if (unknown.length > 0) {
    const valid = storefronts.map((s) => s.urlLocal).join(', ');
    throw new Error(`REGIONS names unknown storefront(s): ${unknown.join(', ')}. Valid codes: ${valid}`);
  }
  return storefronts.filter((s) => wanted.includes(s.urlLocal) || wanted.includes(s.local));
}
