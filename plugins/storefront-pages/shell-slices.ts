/**
 * The header and footer are Gatsby slices: rendered once per storefront and stitched into each of its pages,
 * instead of once per page. Slices are outside the i18n provider, so they get their UI strings resolved.
 */
import path from 'path';
import type { Actions } from 'gatsby';
import { storefronts } from '../../region-config';
import type { ShellContext, SiteLink } from '../../src/page-context';
import { sliceIds, type StorefrontBuild } from './storefront-build';

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

export function createShellSlices(build: StorefrontBuild, strings: Record<string, string>, sites: SiteLink[], createSlice: Actions['createSlice']): void {
  const headerFooter = build.content.headerFooters[build.context.urlLocal];
  if (!headerFooter) throw new Error(`content/snapshots/header-footer/${build.context.urlLocal}.json is missing`);
  const shell = (footerMode: ShellContext['footerMode']): ShellContext => ({
    storefront: build.context,
    headerFooter,
    strings,
    sites,
    year: new Date().getFullYear(),
    footerMode,
  });
  const ids = sliceIds(build.context.urlLocal);
  createSlice({ id: ids.header, component: path.resolve('src/slices/header.tsx'), context: shell('full') as unknown as Record<string, unknown> });
  createSlice({ id: ids.footer, component: path.resolve('src/slices/footer.tsx'), context: shell('full') as unknown as Record<string, unknown> });
  createSlice({ id: ids.reducedFooter, component: path.resolve('src/slices/footer.tsx'), context: shell('reduced') as unknown as Record<string, unknown> });
}
