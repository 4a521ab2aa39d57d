import { getSiteConfig, type SiteConfig } from '../sites/index';
import { storefronts, type Storefront } from '../region-config/index';

/** The site config of a storefront's country. */
export function siteConfigOf(storefront: Storefront): SiteConfig {
  return getSiteConfig(storefront.local);
}

/** Every absolute origin the site configs name (buy/www sites, host families of a real deployment). */
export function siteConfigOrigins(): string[] {
  const values: string[] = [];
  for (const local of new Set(storefronts.map((s) => s.local))) {
    const site = getSiteConfig(local);
    values.push(site.buySite.pc, site.wwwSite.pc, site.goSite, ...Object.values(site.hosts ?? {}).map(String));
  }
  return values;
}
