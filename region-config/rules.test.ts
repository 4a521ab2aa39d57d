import { describe, expect, it } from 'vitest';
import regionsJson from './region-data.json';
import type { RegionSettings } from './region.schema';
import {
  catalogueCodes,
  compilableScripts,
  countryFollowsDefaultLanguage,
  oneDefaultLanguage,
  registeredDayjsLocales,
  textDirection,
  uniqueLocals,
  uniqueUrlLocals,
  validTimezones,
} from './rules';

const regions = (): RegionSettings[] => structuredClone(regionsJson) as RegionSettings[];
const be = (list: RegionSettings[]) => list.findIndex((r) => r.local === 'be');

describe('cross-entry rules', () => {
  it('pass on region-data.json', () => {
    const all = regions();
    for (const rule of [
      oneDefaultLanguage,
      uniqueLocals,
      uniqueUrlLocals,
      catalogueCodes,
      textDirection,
      countryFollowsDefaultLanguage,
      validTimezones,
      compilableScripts,
    ]) {
      expect(rule(all)).toEqual([]);
    }
  });

  it('oneDefaultLanguage: none, two, or not first', () => {
    const list = regions();
    const i = be(list);
    list[i]!.languages[1]!.isDefault = true;
    expect(oneDefaultLanguage(list)).toEqual([
      { message: 'be has 2 default languages, expected exactly 1', path: `/${i}/languages` },
    ]);
    list[i]!.languages[0]!.isDefault = false;
    expect(oneDefaultLanguage(list)[0]?.path).toBe(`/${i}/languages/0/isDefault`);
    list[i]!.languages[1]!.isDefault = false;
    expect(oneDefaultLanguage(list)[0]?.message).toMatch(/0 default languages/);
  });

  it('uniqueLocals', () => {
    const list = regions();
    list[1]!.local = list[0]!.local;
    expect(uniqueLocals(list)).toEqual([{ message: 'duplicate local "de"', path: '/1/local' }]);
  });

  it('uniqueUrlLocals: duplicates and foreign prefixes', () => {
    const list = regions();
    const i = be(list);
    list[i]!.languages[1]!.urlLocal = 'be-fr';
    expect(uniqueUrlLocals(list)).toEqual([
      { message: 'duplicate urlLocal "be-fr"', path: `/${i}/languages/1/urlLocal` },
    ]);
    list[i]!.languages[1]!.urlLocal = 'nl';
    expect(uniqueUrlLocals(list).map((x) => x.message)).toEqual([
      'duplicate urlLocal "nl"',
      'urlLocal "nl" does not start with "be"',
    ]);
  });

  it('catalogueCodes: full tag for zh-* and pt-BR, subtag otherwise', () => {
    const list = regions();
    const hk = list.findIndex((r) => r.local === 'hk');
    list[hk]!.languages[0]!.i18n = 'zh';
    expect(catalogueCodes(list)).toEqual([
      { message: 'hk: catalogue "zh" should be "zh-HK"', path: `/${hk}/languages/0/i18n` },
    ]);
    const list2 = regions();
    list2[0]!.languages[0]!.i18n = 'de-DE';
    expect(catalogueCodes(list2)[0]?.message).toBe('de: catalogue "de-DE" should be "de"');
  });

  it('textDirection: Arabic is rtl', () => {
    const list = regions();
    const sa = list.findIndex((r) => r.local === 'sa');
    list[sa]!.languages[1]!.dir = 'ltr';
    expect(textDirection(list)).toEqual([{ message: 'sa-ar: dir should be rtl', path: `/${sa}/languages/1/dir` }]);
  });

  it('countryFollowsDefaultLanguage', () => {
    const list = regions();
    list[0]!.lang = 'en-US';
    list[0]!.dayjsLocal = 'en';
    list[0]!.xmsLanguage = 'en_US';
    expect(countryFollowsDefaultLanguage(list).map((x) => x.path)).toEqual([
      '/0/lang',
      '/0/dayjsLocal',
      '/0/xmsLanguage',
    ]);
  });

  it('validTimezones', () => {
    const list = regions();
    list[4]!.dayjsTimezone = 'Europe/Londres';
    expect(validTimezones(list)).toEqual([
      { message: 'uk: unknown time zone "Europe/Londres"', path: '/4/dayjsTimezone' },
    ]);
  });

  it('registeredDayjsLocales', () => {
    const list = regions();
    expect(registeredDayjsLocales(['en'])(list.slice(0, 1)).map((x) => x.path)).toEqual([
      '/0/dayjsLocal',
      '/0/languages/0/dayjsLocal',
    ]);
    expect(registeredDayjsLocales(['de'])(list.slice(0, 1))).toEqual([]);
  });

  it('compilableScripts', () => {
    const list = regions();
    list[0]!.unicodePropertyEscapes = ['\\p{Script=Latn}', '\\p{Script=Klingon}'];
    expect(compilableScripts(list).map((x) => x.path)).toEqual(['/0/unicodePropertyEscapes/1']);
  });
});
