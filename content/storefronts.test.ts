import { describe, expect, it } from 'vitest';
import { localize } from './localize';
import { contentStorefronts, countryCurrency, requiredCatalogues } from './storefronts';

describe('storefront table', () => {
  it('is read from region-config/region-data.json: one entry per urlLocal (63 storefronts, 56 countries)', () => {
    expect(Object.keys(countryCurrency).length).toBe(56);
    const urlLocals = contentStorefronts.map((s) => s.urlLocal);
    expect(new Set(urlLocals).size).toBe(urlLocals.length);
    expect(urlLocals).toHaveLength(63);
    expect(urlLocals).toEqual(expect.arrayContaining(['id', 'de', 'ae-ar', 'kr', 'be-nl', 'kh-km', 'kz-kk', 'ch-fr']));
    expect(countryCurrency['bg']).toBe('EUR');
    expect(countryCurrency['kh']).toBe('USD');
  });

  it('maps languages to catalogues: full tag for zh-*/pt-BR, else the language subtag', () => {
    const catalogueOf = (urlLocal: string) => contentStorefronts.find((s) => s.urlLocal === urlLocal)?.i18n;
    expect(catalogueOf('hk')).toBe('zh-HK');
    expect(catalogueOf('br')).toBe('pt-BR');
    expect(catalogueOf('pt')).toBe('pt');
    expect(catalogueOf('be-fr')).toBe('fr');
    expect(catalogueOf('uk')).toBe('en');
    expect(requiredCatalogues).toHaveLength(34);
  });
});

describe('localize', () => {
  const text = { en: 'Phones', de: 'Smartphones', pt: 'Telemóveis', 'pt-BR': 'Celulares' };
  it('prefers the exact code, then the language subtag, then English', () => {
    expect(localize(text, 'pt-BR')).toBe('Celulares');
    expect(localize(text, 'pt')).toBe('Telemóveis');
    expect(localize(text, 'de')).toBe('Smartphones');
    expect(localize({ en: 'Phones', zh: '手机' }, 'zh-TW')).toBe('手机');
    expect(localize(text, 'ja')).toBe('Phones');
  });
});
