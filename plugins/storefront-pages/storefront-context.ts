import { getSiteConfig } from '../../sites';
import type { Storefront } from '../../region-config';
import type { StorefrontContext } from '../../src/page-context';
import { pageDirection } from '../../content/i18n/pseudo';

/** The facts of one storefront that every template and slice needs, from region-config and sites. */
export function storefrontContext(storefront: Storefront, i18n: string): StorefrontContext {
  const site = getSiteConfig(storefront.local);
  return {
    urlLocal: storefront.urlLocal,
    local: storefront.local,
    lang: storefront.lang,
    i18n,
    // The right-to-left pseudo-locale lays every page out right to left (content/i18n/pseudo.ts).
    dir: pageDirection(storefront.dir),
    siteName: `Mi Store ${storefront.language.localTitle}`,
    countryName: storefront.region.countryFullName,
    isToC: site.isToC,
    priceDisplay: site.priceDisplay,
    cookiePolicyLevel: site.stat.cookiePolicyLevel,
    navigationVersion: site.navigationVersion,
    hasPoco: site.pocoMenu,
    api: `/api/${storefront.urlLocal}`,
    home: `/${storefront.urlLocal}/`,
  };
}
