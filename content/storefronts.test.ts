import { describe, expect, it } from 'vitest';
import { localize } from './localize';
import { catalogueCode, contentStorefronts, countryCurrency, requiredCatalogues } from './storefronts';

describe('storefront table', () => {
  it('has one entry per urlLocal of docs/contracts.md (56 countries)', () => {
    expect(Object.keys(countryCurrency).length).toBe(56);
    const urlLocals = contentStorefronts.map((s) => s.urlLocal);
    expect(new Set(urlLocals).size).toBe(urlLocals.length);
    expect(urlLocals).toEqual(expect.arrayContaining(['id', 'de', 'ae-ar', 'kr', 'be-nl', 'kh-km', 'kz-kk', 'ch-fr']));
    expect(countryCurrency['bg']).toBe('EUR');
    expect(countryCurrency['kh']).toBe('USD');
  });

  it('maps languages to catalogues: full tag for zh-*/pt-BR, else the language subtag', () => {
    expect(catalogueCode('zh-HK')).toBe('zh-HK');
    expect(catalogueCode('pt-BR')).toBe('pt-BR');
    expect(catalogueCode('pt-PT')).toBe('pt');
    expect(catalogueCode('fr-BE')).toBe('fr');
    expect(catalogueCode('en-GB')).toBe('en');
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
