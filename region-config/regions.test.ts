import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  getRegionSettings,
  getStorefront,
  isKnownLocal,
  regionSettings,
  storefronts,
  catalogueCandidates,
} from './index';

/** The storefront table of docs/contracts.md: local | urlLocals (lang) | currency. */
function contractTable(): { local: string; sites: [string, string][]; currency: string }[] {
  const md = readFileSync(fileURLToPath(new URL('../docs/contracts.md', import.meta.url)), 'utf8');
  return [...md.matchAll(/^\| ([a-z]{2}) \| ([^|]+) \| ([A-Z]{3}) \|$/gm)].map((m) => ({
    local: m[1]!,
    sites: [...m[2]!.matchAll(/([a-z-]+) \(([a-zA-Z-]+)\)/g)].map((s) => [s[1]!, s[2]!] as [string, string]),
    currency: m[3]!,
  }));
}

describe('regions', () => {
  it('are exactly the countries, storefronts and currencies of the contract table, in order', () => {
    const table = contractTable();
    expect(table).toHaveLength(56);
    expect(regionSettings.map((r) => r.local)).toEqual(table.map((t) => t.local));
    expect(regionSettings.map((r) => r.currency)).toEqual(table.map((t) => t.currency));
    expect(storefronts.map((s) => [s.urlLocal, s.lang])).toEqual(table.flatMap((t) => t.sites));
  });

  it('cover every country code the store sells in', () => {
    const named = 'de fr es it uk nl pl ru th tr mx kr vn jp cn hk tw in id my sg co pe us ua'.split(' ');
    for (const code of named) expect(isKnownLocal(code), code).toBe(true);
    for (const urlLocal of 'ae-en ae-ar be-fr be-nl kh-km kh-en kz-ru kz-kk ma-fr ma-ar sa-en sa-ar'.split(' ')) {
      expect(getStorefront(urlLocal)?.urlLocal).toBe(urlLocal);
    }
  });

  it('have the phone and postal lengths', () => {
    const lengths: Record<string, [number, number]> = {
      de: [12, 5],
      fr: [20, 5],
      in: [10, 6],
      uk: [11, 10],
      ru: [11, 6],
      jp: [11, 8],
      id: [15, 5],
      cn: [11, 6],
      hk: [8, 0],
      ae: [9, 0],
    };
    for (const [local, [phone, zip]] of Object.entries(lengths)) {
      const r = getRegionSettings(local);
      expect([r.phoneMaxLength, r.zipCodeMaxLength], local).toEqual([phone, zip]);
    }
  });

  it('have the Indonesia settings', () => {
    const id = getRegionSettings('id');
    expect(id.lang).toBe('id-ID');
    expect(id.dayjsTimezone).toBe('Asia/Jakarta');
    expect(id.currency).toBe('IDR');
    expect(id.phoneCode).toBe('+62');
    expect(id.phoneMaxLength).toBe(15);
    expect(id.zipCodeMaxLength).toBe(5);
    expect(id.dateFormats.dateTimeFormat).toBe('DD-MM-YYYY HH:mm:ss');
    expect(id.serviceTimeLimit).toBe('09:00-18:00');
    expect(id.serviceOnline).toContain('{phone}');
    expect(id.serviceOnline).toContain('{email}');
    expect(id.deployArea).toBe('idn');
    expect(id.shareSocialList).toEqual(['facebook', 'twitter', 'whatsapp', 'telegram', 'clipboard']);
  });

  it('have the share lists', () => {
    expect(getRegionSettings('cn').shareSocialList).toEqual(['weibo', 'clipboard']);
    expect(getRegionSettings('jp').shareSocialList).toEqual(['facebook', 'twitter', 'line', 'clipboard']);
    expect(getRegionSettings('ru').shareSocialList).toEqual(['facebook', 'twitter', 'vk', 'telegram', 'clipboard']);
    expect(getRegionSettings('kz').shareSocialList).toEqual(['facebook', 'twitter', 'clipboard']);
    expect(getRegionSettings('tw').shareSocialList).toEqual(['facebook', 'twitter', 'line', 'telegram', 'clipboard']);
    const hk = getRegionSettings('hk').shareSocialList;
    expect([...hk].sort()).toEqual([...getRegionSettings('tw').shareSocialList, 'weibo'].sort());
    expect(getRegionSettings('de').shareSocialList).toEqual(['facebook', 'twitter', 'clipboard']);
  });

  it('have deploy areas by the deploy-area rule', () => {
    const eu = 'de fr es it nl pl be at pt gr cz sk hu ro bg hr se dk fi ie'.split(' ');
    for (const r of regionSettings) {
      const expected =
        r.local === 'in'
          ? 'ind'
          : r.local === 'id'
            ? 'idn'
            : ['ru', 'kz'].includes(r.local)
              ? 'rus'
              : [...eu, 'uk', 'no', 'ch'].includes(r.local)
                ? 'nld'
                : 'sgp';
      expect(r.deployArea, r.local).toBe(expected);
    }
  });

  it('have true reference data for a sample of countries', () => {
    const sample = {
      de: ['Europe/Berlin', '+49', 'DE', 276, 52.52, 13.405],
      uk: ['Europe/London', '+44', 'GB', 826, 51.5074, -0.1278],
      us: ['America/New_York', '+1', 'US', 840, 38.9072, -77.0369],
      jp: ['Asia/Tokyo', '+81', 'JP', 392, 35.6762, 139.6503],
      in: ['Asia/Kolkata', '+91', 'IN', 356, 28.6139, 77.209],
      br: ['America/Sao_Paulo', '+55', 'BR', 76, -15.7975, -47.8919],
      au: ['Australia/Sydney', '+61', 'AU', 36, -35.2809, 149.13],
      ae: ['Asia/Dubai', '+971', 'AE', 784, 24.4539, 54.3773],
    } as const;
    for (const [local, [tz, code, iso, num, lat, lon]] of Object.entries(sample)) {
      const r = getRegionSettings(local);
      expect(
        [r.dayjsTimezone, r.phoneCode, r.regionId, r.siteId, r.capitalLatitude, r.capitalLongitude],
        local,
      ).toEqual([tz, code, iso, num, lat, lon]);
    }
  });

  it('keep per-country invariants', () => {
    const ids = new Set<number>();
    for (const r of regionSettings) {
      expect(r.siteCode).toBe(r.local);
      expect(r.serviceEmail).toBe(`support@${r.local}.mistore.shop`);
      expect(r.signUpUrl).toBe('/site/login?scene=register');
      expect(ids.has(r.siteId), r.local).toBe(false);
      ids.add(r.siteId);
      expect(r.isToC, r.local).toBe(r.local !== 'cn');
      for (const propertyEscape of r.unicodePropertyEscapes)
        expect(() => new RegExp(propertyEscape, 'u')).not.toThrow();
    }
    // The country's own name is written in its script.
    expect(new RegExp(getRegionSettings('th').unicodePropertyEscapes[0]!, 'u').test('ไทย')).toBe(true);
    expect(getRegionSettings('jp').unicodePropertyEscapes).toEqual([
      '\\p{Script=Hiragana}',
      '\\p{Script=Katakana}',
      '\\p{Script=Han}',
    ]);
    expect(getRegionSettings('sa').unicodePropertyEscapes).toEqual(['\\p{Script=Latin}', '\\p{Script=Arabic}']);
  });

  it('give an unknown code en-US defaults with siteCode = code', () => {
    const zz = getRegionSettings('zz');
    expect(zz.lang).toBe('en-US');
    expect(zz.siteCode).toBe('zz');
    expect(zz.local).toBe('zz');
    expect(zz.phoneCode).toBe('+1');
    expect(zz.phoneMaxLength).toBe(20);
    expect(zz.zipCodeMaxLength).toBe(10);
    expect(zz.shareSocialList).toEqual(['facebook', 'twitter', 'clipboard']);
    expect(zz.dayjsTimezone).toBe('Asia/Shanghai');
    expect(zz.deployArea).toBe('sgp');
    expect(zz.languages[0]?.urlLocal).toBe('zz');
    expect(isKnownLocal('zz')).toBe(false);
    expect(getRegionSettings('DE').local).toBe('de');
  });
});

describe('storefronts', () => {
  it('carry direction, language and catalogue', () => {
    expect(storefronts).toHaveLength(63);
    const rtl = storefronts.filter((s) => s.dir === 'rtl').map((s) => s.urlLocal);
    expect(rtl).toEqual(['ae-ar', 'ma-ar', 'sa-ar']);
    const beNl = getStorefront('be-nl')!;
    expect([beNl.local, beNl.lang, beNl.i18n, beNl.region.currency, beNl.language.dayjsLocal]).toEqual([
      'be',
      'nl-BE',
      'nl',
      'EUR',
      'nl-be',
    ]);
    expect(getStorefront('hk')?.i18n).toBe('zh-HK');
    expect(getStorefront('br')?.i18n).toBe('pt-BR');
    expect(getStorefront('be')).toBeUndefined();
  });

  it('list catalogue fallbacks', () => {
    expect(catalogueCandidates('pt-BR')).toEqual(['pt-BR', 'pt', 'en']);
    expect(catalogueCandidates('en')).toEqual(['en']);
  });
});
