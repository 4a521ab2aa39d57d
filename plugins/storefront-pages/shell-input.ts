/**
 * The header's and footer's input for one storefront. The renderer (render/shell-html.tsx) renders each once per
 * storefront and puts it into every web page, which is what Gatsby's slices did, without their stitching pass.
 */
import { storefronts } from '../../region-config';
import type { SiteLink } from '../../src/page-context';
import type { StorefrontRecord } from './render/page-records';
import type { StorefrontBuild } from './storefront-build';

/** Every storefront as a switcher entry; a country with several languages names the language too. */
export function siteLinks(): SiteLink[] {
  return storefronts.map((s) => ({
    local: s.local,
    urlLocal: s.urlLocal,
    lang: s.lang,
    name: s.region.languages.length > 1 ? `${s.language.localTitle} (${s.language.langTitle})` : s.language.localTitle,
    href: `/${s.urlLocal}/`,
  }));
}

export function shellInput(
  build: StorefrontBuild,
  strings: Record<string, string>,
  sites: SiteLink[],
): StorefrontRecord['shell'] {
  const headerFooter = build.content.headerFooters[build.context.urlLocal];
  if (!headerFooter) throw new Error(`content/snapshots/header-footer/${build.context.urlLocal}.json is missing`);
  return { storefront: build.context, headerFooter, strings, sites, year: new Date().getFullYear() };
}
