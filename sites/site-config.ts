import { getRegionSettings } from '../region-config/regions';
import { getStorefront } from '../region-config/storefronts';
import type { PriceDisplay } from '../region-config/price-display.schema';
import type { RegionSettings } from '../region-config/region.schema';
import priceDisplaysJson from './price-displays.json';
import { cookieDefaultOnCatFor, cookiePolicyLevelFor } from './cookie-policy';
import { hostsFor } from './hosts';
import { liveChatFor } from './live-chat';
import {
  CATEGORY_ENTRY_LOCALS,
  DEFAULT_NAVIGATION_VERSION,
  EXCLUDED_FROM_LANGUAGE_LIST,
  NAVIGATION_VERSIONS,
  POCO_MENU_LOCALS,
  SHOW_ALL_PRODUCTS_IN_MOBILE,
  searchTypesFor,
} from './local-constants';
import type { SiteConfig } from './site.schema';

/** Price display per country (sites/price-displays.json, checked by validateSiteConfigs()). */
export const priceDisplays: Readonly<Record<string, PriceDisplay>> = priceDisplaysJson as Record<string, PriceDisplay>;

/** Display for a country without an entry: US dollars, as the en-US defaults. */
export const DEFAULT_PRICE_DISPLAY: PriceDisplay = {
  currency: 'USD',
  prefix: '$',
  suffix: '',
  position: 'prefix',
  thousandsSeparator: ',',
  decimalSeparator: '.',
  decimals: 2,
};

export function priceDisplayFor(local: string): PriceDisplay {
  return priceDisplays[local] ?? DEFAULT_PRICE_DISPLAY;
}

function siteName(localTitle: string, langTitle: string, languageCount: number): string {
  return languageCount > 1 ? `${localTitle} (${langTitle})` : localTitle;
}

function buildSiteConfig(region: RegionSettings, urlLocal: string): SiteConfig {
  const { local } = region;
  const priceDisplay = priceDisplayFor(local);
  const cookiePolicyLevel = cookiePolicyLevelFor(local);
  const hosts = hostsFor(urlLocal);
  const languages = region.languages.map(({ urlLocal: u, lang, localTitle, langTitle }) => ({
    urlLocal: u,
    lang,
    localTitle,
    langTitle,
  }));
  return {
    local,
    urlLocal,
    goSite: hosts.goSite,
    buySite: { pc: hosts.buy },
    wwwSite: { pc: hosts.www },
    isToC: region.isToC,
    languages,
    stat: {
      domainId: region.siteId,
      oneTrack: true,
      cookieDomain: '',
      cookieDefaultOnCat: cookieDefaultOnCatFor(cookiePolicyLevel),
      cookiePolicyLevel,
    },
    localSwitch: {
      show: languages.length > 1,
      sitesText: languages.map((l) => ({
        local,
        urlLocal: l.urlLocal,
        lang: l.lang,
        name: siteName(l.localTitle, l.langTitle, languages.length),
      })),
    },
    currencySymbol: (priceDisplay.position === 'prefix' ? priceDisplay.prefix : priceDisplay.suffix).trim(),
    currencyPosition: priceDisplay.position,
    currencyPrefix: priceDisplay.prefix,
    currencySuffix: priceDisplay.suffix,
    priceDisplay,
    liveChat: liveChatFor(local, urlLocal),
    searchTypes: searchTypesFor(local),
    showAllProductsInMobile: SHOW_ALL_PRODUCTS_IN_MOBILE.includes(local),
    pocoMenu: POCO_MENU_LOCALS.includes(local),
    categoryEntry: CATEGORY_ENTRY_LOCALS.includes(local),
    navigationVersion: NAVIGATION_VERSIONS[local] ?? DEFAULT_NAVIGATION_VERSION,
    shareNetworks: [...region.shareSocialList],
    excludedFromLanguageList: EXCLUDED_FROM_LANGUAGE_LIST.includes(local),
    deployArea: region.deployArea,
    hosts,
  };
}

const cache = new Map<string, SiteConfig>();

/**
 * Site config of a country ('be') or of one of its storefronts ('be-nl'); a country code gives its default
 * language's storefront (hosts, chat URLs). An unknown code gets the defaults (en-US, USD, low cookie level, v0).
 */
export function getSiteConfig(local: string): SiteConfig {
  const code = local.toLowerCase();
  let config = cache.get(code);
  if (!config) {
    const storefront = getStorefront(code);
    const region = storefront?.region ?? getRegionSettings(code);
    config = buildSiteConfig(region, storefront?.urlLocal ?? region.languages[0]?.urlLocal ?? code);
    cache.set(code, config);
  }
  return config;
}
