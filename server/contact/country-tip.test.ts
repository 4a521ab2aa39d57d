import { describe, expect, it } from 'vitest';
import { getStorefront, type Storefront } from '../../region-config/index';
import { countryTip, isCrawler, preferredLanguages } from './country-tip';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const on = (urlLocal: string) => getStorefront(urlLocal) as Storefront;
const target = (tip: ReturnType<typeof countryTip>) => (tip.show ? tip.target.urlLocal : tip.reason);

describe('the other-country tip', () => {
  it('a German browser on the French store is offered the German one', () => {
    const tip = countryTip({ current: on('fr'), userAgent: CHROME, acceptLanguage: 'de-DE,de;q=0.9,en;q=0.8' });
    expect(tip).toMatchObject({ show: true, reason: 'language' });
    expect(target(tip)).toBe('de');
  });

  it('a browser whose language matches the store gets nothing', () => {
    expect(target(countryTip({ current: on('de'), userAgent: CHROME, acceptLanguage: 'de-DE' }))).toBe('same');
  });

  it('a language without a country, or a country without a store, says nothing', () => {
    expect(target(countryTip({ current: on('fr'), userAgent: CHROME, acceptLanguage: 'de' }))).toBe('unknown');
    expect(target(countryTip({ current: on('fr'), userAgent: CHROME, acceptLanguage: 'is-IS' }))).toBe('unknown');
    expect(target(countryTip({ current: on('fr'), userAgent: CHROME }))).toBe('unknown');
  });

  it('picks the store of the country in the language the shopper reads (Belgium in Dutch)', () => {
    expect(target(countryTip({ current: on('fr'), userAgent: CHROME, acceptLanguage: 'nl-BE,fr;q=0.5' }))).toBe(
      'be-nl',
    );
    expect(target(countryTip({ current: on('be-fr'), userAgent: CHROME, acceptLanguage: 'nl-BE' }))).toBe('be-nl');
  });

  it('the CDN country header decides the country over the browser language', () => {
    const tip = countryTip({ current: on('fr'), userAgent: CHROME, acceptLanguage: 'de-DE', cdnCountry: 'at' });
    expect(tip).toMatchObject({ show: true, reason: 'header' });
    expect(target(tip)).toBe('at');
    // A German-speaking shopper the CDN places in France, on the French store: no tip.
    expect(
      target(countryTip({ current: on('fr'), userAgent: CHROME, acceptLanguage: 'de-DE', cdnCountry: 'FR' })),
    ).toBe('same');
    // The United Kingdom's ISO code is GB, its storefront uk.
    expect(target(countryTip({ current: on('de'), userAgent: CHROME, cdnCountry: 'GB' }))).toBe('uk');
  });

  it('a header value that names no store (or is not a country code) falls back to the language', () => {
    for (const cdnCountry of ['XX', 'T1', 'DEU', '<script>'])
      expect(target(countryTip({ current: on('fr'), userAgent: CHROME, acceptLanguage: 'de-DE', cdnCountry }))).toBe(
        'de',
      );
  });

  it('is not shown again once the shopper chose (to stay or to go)', () => {
    for (const choice of ['fr', 'de'])
      expect(target(countryTip({ current: on('fr'), userAgent: CHROME, acceptLanguage: 'de-DE', choice }))).toBe(
        'chosen',
      );
    // A forged or stale cookie value is no choice.
    expect(target(countryTip({ current: on('fr'), userAgent: CHROME, acceptLanguage: 'de-DE', choice: 'zz' }))).toBe(
      'de',
    );
  });

  it('crawlers and scripts never get it, even with a language and a header that point elsewhere', () => {
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      `${CHROME} Chrome-Lighthouse`,
      undefined,
      '',
    ];
    for (const userAgent of bots) {
      expect(isCrawler(userAgent)).toBe(true);
      expect(target(countryTip({ current: on('fr'), userAgent, acceptLanguage: 'de-DE', cdnCountry: 'DE' }))).toBe(
        'bot',
      );
    }
    expect(isCrawler(CHROME)).toBe(false);
    expect(isCrawler(`${CHROME.replace('Chrome/', 'HeadlessChrome/')}`)).toBe(false);
  });

  it('reads Accept-Language by weight, then order', () => {
    expect(preferredLanguages('fr;q=0.5, de-DE, en;q=0.8, *;q=0.1, es;q=0')).toEqual(['de-DE', 'en', 'fr']);
    expect(preferredLanguages('')).toEqual([]);
    expect(target(countryTip({ current: on('de'), userAgent: CHROME, acceptLanguage: 'en;q=0.9, pl-PL;q=0.8' }))).toBe(
      'pl',
    );
  });
});
