import { EXCLUDED_FROM_LANGUAGE_LIST } from '../../../sites/local-constants';
import type { SiteLink } from '../../page-context';

/** For local `in` the popover is replaced by a plain link to select-location. */
export const PLAIN_LINK_LOCALS: readonly string[] = ['in'];

/**
 * The popover's options: every site except the excluded countries, deduplicated by value (the target
 * href), first occurrence kept so the storefront's own languages (listed first by the build) stay first.
 */
export function languageOptions(sites: readonly SiteLink[]): SiteLink[] {
  const seen = new Set<string>();
  const options: SiteLink[] = [];
  for (const site of sites) {
    if (EXCLUDED_FROM_LANGUAGE_LIST.includes(site.local)) continue;
    if (seen.has(site.href)) continue;
    seen.add(site.href);
    options.push(site);
  }
  return options;
}
