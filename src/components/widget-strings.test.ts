import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_NAMES } from '../../widgets/contract';
import { scanStringKeys, stringKeysFile, stringKeysJson, type StringKeyScan } from '../../widgets/build/string-keys';
import { requiredCatalogues } from '../../content/storefronts';
import { loadTranslations } from '../../content/load';
import { WIDGET_STRING_KEYS, widgetStrings } from './widget-strings';

/** Every catalogue a storefront reads, as the build resolves it (its own texts over the English ones). */
const raw = loadTranslations();
const english = raw['en']!;
const catalogues = Object.fromEntries(requiredCatalogues.map((code) => [code, { ...english, ...raw[code] }]));
/** Every shipped language's own texts: each has every key itself, not by falling back to English. */
const ownTexts = Object.fromEntries(requiredCatalogues.map((code) => [code, raw[code]!]));

/**
 * There is no English default in the islands: a key an island reads must be in every catalogue, or a storefront
 * shows the raw key. These tests are the gate that makes a missing key a failure.
 */
describe('widget strings', () => {
  let scan: StringKeyScan;
  beforeAll(() => {
    scan = scanStringKeys();
  }, 120_000);

  it('every key an island reads can be listed (a union of literal keys, not a plain string)', () => {
    expect(scan.problems).toEqual([]);
  });

  it('widgets/string-keys.json is what the islands read now (npm run strings:widgets rewrites it)', () => {
    expect(fs.readFileSync(stringKeysFile, 'utf8')).toBe(stringKeysJson(scan));
  });

  it.each(WIDGET_NAMES)(
    '%s: every key it reads is in every catalogue, and translated in the fully translated ones',
    (name) => {
      const { keys } = scan.islands[name];
      // A counted text is there as its plural family (key_one, key_other, …).
      const has = (catalogue: Record<string, string>, key: string) =>
        Boolean(catalogue[key] ?? catalogue[`${key}_other`]);
      const missing = Object.entries(catalogues).flatMap(([code, catalogue]) =>
        keys.filter((key) => !has(catalogue, key)).map((key) => `${code}: ${key}`),
      );
      const untranslated = Object.entries(ownTexts).flatMap(([code, own]) =>
        keys.filter((key) => !has(own, key)).map((key) => `${code}: ${key}`),
      );
      expect(missing).toEqual([]);
      expect(untranslated).toEqual([]);
    },
  );

  it.each(WIDGET_NAMES)('%s: its host passes exactly the keys it reads', (name) => {
    const passed = widgetStrings(name, catalogues['de']) ?? {};
    const { keys, prefixes } = WIDGET_STRING_KEYS[name];
    const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
    expect(
      [
        ...new Set(
          Object.keys(passed)
            .filter((key) => !prefixes.some((p) => key.startsWith(p)))
            .map(base),
        ),
      ].sort(),
    ).toEqual([...keys]);
  });

  it("passes the German texts to a German storefront, with the islands' placeholders", () => {
    const de = catalogues['de']!;
    expect(widgetStrings('live-chat', de)?.['liveChat.send']).toBe('Senden');
    expect(widgetStrings('consent', de)?.['consent.categories']).toBe('Cookie-Kategorien');
    expect(widgetStrings('countdown', de)?.['countdown.days']).toBe('{d} T.');
    expect(widgetStrings('cart', catalogues['ar'])?.['cart.selectItem']).toBe('تحديد {name}');
  });
});
