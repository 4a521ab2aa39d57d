/**
 * Whether a shopper on one storefront should be offered another: the country a CDN says the request comes from
 * (when the store is configured to read its header), else the region of the browser's preferred languages. The
 * header is believed for this tip only; it decides nothing else. Pure: the route gathers the inputs.
 */
import { storefronts, type Storefront } from '../../region-config/index';
import type { CountryTipReason } from '../schemas/customer-contact';

/** Crawlers, link previewers and scripts: they never get the tip, so no indexed page or preview carries it. */
const NOT_A_SHOPPER =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|preview|lighthouse|pingdom|curl\/|wget\/|python-|go-http|java\//i;

export interface CountryTipInput {
  current: Storefront;
  userAgent?: string | undefined;
  acceptLanguage?: string | undefined;
  /** The value of the CDN's country header (ISO 3166-1 alpha-2), when the store reads one. */
  cdnCountry?: string | undefined;
  /** The shopper's earlier answer (the storefront they chose), from the functional cookie. */
  choice?: string | undefined;
}

export type CountryTip =
  | { show: false; reason: Extract<CountryTipReason, 'bot' | 'chosen' | 'unknown' | 'same'> }
  | { show: true; reason: Extract<CountryTipReason, 'header' | 'language'>; target: Storefront };

/** True for user agents that are not a person's browser (and for requests with none). */
export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent || NOT_A_SHOPPER.test(userAgent);
}

/**
 * The language tags of an Accept-Language header, most preferred first (q=0 dropped, `*` ignored).
 * @example preferredLanguages('fr;q=0.5, de-DE') // ['de-DE', 'fr']
 */
export function preferredLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(l.tag) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

const primary = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? '';
/** The region subtag of a language tag ('de-DE' → 'DE'; 'zh-Hant-TW' → 'TW'), or null. */
const regionOf = (tag: string) =>
  tag
    .split('-')
    .find((part, i) => i > 0 && /^[A-Za-z]{2}$/.test(part))
    ?.toUpperCase();

/** The storefront of a country (ISO alpha-2) in the first language the shopper reads, else its default one. */
function storefrontOf(country: string, languages: readonly string[]): Storefront | undefined {
  const ofCountry = storefronts.filter((s) => s.region.regionId === country);
  for (const tag of languages) {
    const match = ofCountry.find((s) => primary(s.lang) === primary(tag));
    if (match) return match;
  }
  return ofCountry.find((s) => s.language.isDefault) ?? ofCountry[0];
}

/** The tip for one request: whom to offer (and why), or why nothing is shown. */
export function countryTip(input: CountryTipInput): CountryTip {
  if (isCrawler(input.userAgent)) return { show: false, reason: 'bot' };
  if (input.choice && storefronts.some((s) => s.urlLocal === input.choice)) return { show: false, reason: 'chosen' };
  const languages = preferredLanguages(input.acceptLanguage);
  const header = input.cdnCountry?.trim().toUpperCase();
  const fromHeader = header && /^[A-Z]{2}$/.test(header) ? storefrontOf(header, languages) : undefined;
  let target = fromHeader;
  if (!target) {
    const country = languages.map(regionOf).find((r) => r && storefronts.some((s) => s.region.regionId === r));
    target = country ? storefrontOf(country, languages) : undefined;
  }
  if (!target) return { show: false, reason: 'unknown' };
  if (target.urlLocal === input.current.urlLocal) return { show: false, reason: 'same' };
  return { show: true, reason: fromHeader ? 'header' : 'language', target };
}
