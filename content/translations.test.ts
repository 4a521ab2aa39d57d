import { describe, expect, it } from 'vitest';
import { loadTranslations } from './load';
import { requiredCatalogues } from './storefronts';
import { catalogueProblems } from './i18n/check';
import { NAMESPACES, namespaceOf } from './i18n/namespaces';
import { copyProblems } from './i18n/copy-check';

const catalogues = loadTranslations();
const en = catalogues['en']!;
const enKeys = Object.keys(en);
const describeProblems = (code: string, kinds?: readonly string[]) =>
  catalogueProblems(catalogues, code)
    .filter((p) => !kinds || kinds.includes(p.problem))
    .map((p) => `${p.code} ${p.key}: ${p.problem}${p.detail ? ` (${p.detail})` : ''}`);

describe('UI catalogues (content/locales/<language>/<namespace>.json)', () => {
  it('exist for every language a storefront reads', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...requiredCatalogues].sort());
  });

  it('plan enough UI strings, each key in a namespace', () => {
    expect(enKeys.length).toBeGreaterThanOrEqual(150);
    for (const prefix of [
      'header.',
      'footer.subscribe.',
      'consent.category.',
      'product.',
      'cart.',
      'checkout.',
      'support.',
      'error.',
      'notFound.',
      'liveChat.privacy.',
      'countdown.',
    ])
      expect(
        enKeys.some((k) => k.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(en['error.network']).toBe('Network error, errorCode = {{errno}}');
    expect(enKeys.filter((key) => !namespaceOf(key.replace(/_(zero|one|two|few|many|other)$/, '')))).toEqual([]);
    expect(NAMESPACES.length).toBeGreaterThan(3);
  });

  it.each(requiredCatalogues)(
    '%s is complete: every key and plural form, English placeholders, no English copy',
    (code) => {
      expect(describeProblems(code)).toEqual([]);
    },
  );

  it.each(Object.keys(catalogues))('%s keeps the placeholders of English wherever it has a text', (code) => {
    expect(describeProblems(code, ['placeholders'])).toEqual([]);
    expect(copyProblems(code).filter((p) => p.problem === 'placeholders')).toEqual([]);
  });

  it.each(requiredCatalogues)(
    '%s translates every content text (content/copy), with its placeholders, not as English',
    (code) => {
      expect(copyProblems(code).map((p) => `${p.problem}: ${p.key}`)).toEqual([]);
    },
  );
});
