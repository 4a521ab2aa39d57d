import { describe, expect, it } from 'vitest';
import { formatPrice, regionSettings, storefronts } from '../region-config';
import { getSiteConfig, priceDisplayFor } from './index';

describe('getSiteConfig: per-country constants', () => {
  it('search types', () => {
    for (const l of 'de fr es it uk nl pl ru th tr mx kr vn'.split(' '))
      expect(getSiteConfig(l).searchTypes, l).toEqual(['product', 'store', 'support']);
    for (const l of 'ae in us ua'.split(' ')) expect(getSiteConfig(l).searchTypes, l).toEqual(['product']);
    expect(getSiteConfig('zz').searchTypes).toEqual(['product']);
  });

  it('all products on mobile, category entry, excluded from language lists', () => {
    const locals = regionSettings.map((r) => r.local);
    expect(locals.filter((l) => getSiteConfig(l).showAllProductsInMobile)).toEqual(['hk', 'tw', 'in']);
    expect(locals.filter((l) => getSiteConfig(l).categoryEntry)).toEqual(['hk', 'tw']);
    expect(locals.filter((l) => getSiteConfig(l).excludedFromLanguageList)).toEqual(['hk', 'tw', 'in']);
  });

  it('poco menu', () => {
    const poco = 'de es fr it nl be uk th my kr vn hk tw pl tr mx id co sg'.split(' ');
    const locals = regionSettings.map((r) => r.local);
    expect(locals.filter((l) => getSiteConfig(l).pocoMenu).sort()).toEqual([...poco].sort());
    expect(getSiteConfig('be-nl').pocoMenu).toBe(true);
  });

  it('navigation versions: v0 by default, v1 and v2 for named countries', () => {
    for (const l of 'id de fr es it uk'.split(' ')) expect(getSiteConfig(l).navigationVersion, l).toBe('v2');
    for (const l of 'pl nl be th my'.split(' ')) expect(getSiteConfig(l).navigationVersion, l).toBe('v1');
    for (const l of 'us jp ru zz'.split(' ')) expect(getSiteConfig(l).navigationVersion, l).toBe('v0');
  });

  it('share networks follow the region settings', () => {
    expect(getSiteConfig('id').shareNetworks).toEqual(['facebook', 'twitter', 'whatsapp', 'telegram', 'clipboard']);
    expect(getSiteConfig('cn').shareNetworks).toEqual(['weibo', 'clipboard']);
    expect(getSiteConfig('hk').shareNetworks).toContain('weibo');
    expect(getSiteConfig('zz').shareNetworks).toEqual(['facebook', 'twitter', 'clipboard']);
  });
});

describe('getSiteConfig: cookie policy level', () => {
  it('is high where law requires opt-in, low elsewhere', () => {
    for (const l of 'de fr es it nl pl be at pt gr cz sk hu ro bg hr se dk fi ie no uk ch tr kr br cn'.split(' ')) {
      expect(getSiteConfig(l).stat.cookiePolicyLevel, l).toBe('high');
      expect(getSiteConfig(l).stat.cookieDefaultOnCat, l).toBe('0:');
    }
    for (const l of 'us in id jp ru sg my th vn ae sa zz'.split(' ')) {
      expect(getSiteConfig(l).stat.cookiePolicyLevel, l).toBe('low');
      expect(getSiteConfig(l).stat.cookieDefaultOnCat, l).toBe('0,1,2,3:');
    }
  });
});

describe('getSiteConfig: live chat', () => {
  it('refuses visitors in id and removes visitor chat in tr, mx, co, pe', () => {
    expect(getSiteConfig('id').liveChat).toMatchObject({ visitorChat: 'refused', appVisitorId: '' });
    for (const l of 'tr mx co pe'.split(' '))
      expect(getSiteConfig(l).liveChat, l).toMatchObject({ visitorChat: 'removed', appVisitorId: '' });
    expect(getSiteConfig('de').liveChat).toMatchObject({ visitorChat: 'allowed', appVisitorId: 'chat-de-visitor' });
  });

  it('customises ru and opens a chat page for in', () => {
    expect(getSiteConfig('ru').liveChat.custom).toEqual({ title: 'Онлайн-чат', bgColor: '#ff6900', position: 'right' });
    expect(getSiteConfig('in').liveChat.chatPageUrl).toBe('/in/chat');
    expect(getSiteConfig('de').liveChat.chatPageUrl).toBeUndefined();
    expect(getSiteConfig('de').liveChat.custom).toBeUndefined();
  });
});

describe('getSiteConfig: storefront and display', () => {
  it('is per country, with hosts of the default language or of the storefront asked for', () => {
    const be = getSiteConfig('be');
    expect(be.urlLocal).toBe('be-fr');
    expect(be.wwwSite.pc).toBe('/be-fr');
    expect(be.goSite).toBe('/api/be-fr');
    expect(be.buySite.pc).toBe('/api/be-fr');
    expect(be.localSwitch).toEqual({
      show: true,
      sitesText: [
        { local: 'be', urlLocal: 'be-fr', lang: 'fr-BE', name: 'Belgique (Français)' },
        { local: 'be', urlLocal: 'be-nl', lang: 'nl-BE', name: 'België (Nederlands)' },
      ],
    });
    const beNl = getSiteConfig('be-nl');
    expect([beNl.local, beNl.urlLocal, beNl.hosts.go]).toEqual(['be', 'be-nl', '/api/be-nl']);
    expect(getSiteConfig('id').localSwitch.show).toBe(false);
  });

  it('shows prices only on consumer sites', () => {
    expect(getSiteConfig('cn').isToC).toBe(false);
    expect(storefronts.filter((s) => !getSiteConfig(s.urlLocal).isToC).map((s) => s.urlLocal)).toEqual(['cn']);
  });

  it('derives the currency fields from the price display', () => {
    const id = getSiteConfig('id');
    expect([id.currencySymbol, id.currencyPosition, id.currencyPrefix, id.currencySuffix]).toEqual([
      'Rp',
      'prefix',
      'Rp',
      '',
    ]);
    const de = getSiteConfig('de');
    expect([de.currencySymbol, de.currencyPosition, de.currencyPrefix, de.currencySuffix]).toEqual([
      '€',
      'suffix',
      '',
      ' €',
    ]);
  });

  it('has the Indonesian price display and real conventions elsewhere', () => {
    expect(priceDisplayFor('id')).toEqual({
      currency: 'IDR',
      prefix: 'Rp',
      suffix: '',
      position: 'prefix',
      thousandsSeparator: '.',
      decimalSeparator: ',',
      decimals: 0,
    });
    const sample: Record<string, string> = {
      id: 'Rp1.299.000',
      de: '1.299.000,00 €',
      uk: '£1,299,000.00',
      fr: '1 299 000,00 €',
      in: '₹12,99,000',
      jp: '¥1,299,000',
      kr: '1,299,000원',
      vn: '1.299.000 ₫',
      ch: 'CHF 1’299’000.00',
      br: 'R$ 1.299.000,00',
      nl: '€ 1.299.000,00',
      zz: '$1,299,000.00',
    };
    for (const [local, expected] of Object.entries(sample))
      expect(formatPrice(1299000, getSiteConfig(local).priceDisplay), local).toBe(expected);
  });

  it('uses the analytics domain id and a host-only cookie domain in the embedded default', () => {
    expect(getSiteConfig('id').stat).toMatchObject({ domainId: 360, oneTrack: true, cookieDomain: '' });
  });

  it('returns the same object on repeated calls and accepts upper case', () => {
    expect(getSiteConfig('ID')).toBe(getSiteConfig('id'));
  });
});
