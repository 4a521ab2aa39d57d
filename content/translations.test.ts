import { describe, expect, it } from 'vitest';
import { loadTranslations } from './load';
import { requiredCatalogues } from './storefronts';
import { shellKeys } from './tools/strings/shell';
import fs from 'node:fs';
import path from 'node:path';

const catalogues = loadTranslations();
const en = catalogues['en']!;
const enKeys = Object.keys(en);
const fullyTranslated = ['id', 'de', 'fr', 'es', 'ar'];
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it('exist for every catalogue a storefront reads', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...requiredCatalogues].sort());
  });

  it('plans enough UI strings (shell, consent, product, cart, support, errors, chat, countdown)', () => {
    expect(enKeys.length).toBeGreaterThanOrEqual(150);
    for (const prefix of ['header.', 'footer.subscribe.', 'consent.category.', 'product.', 'cart.', 'checkout.', 'support.', 'error.', 'notFound.', 'liveChat.privacy.', 'countdown.'])
      expect(enKeys.some((k) => k.startsWith(prefix)), prefix).toBe(true);
    expect(en['error.network']).toBe('Network error, errorCode = {{errno}}');
  });

  it.each(['en', ...fullyTranslated])('%s has every key of en and no empty string', (code) => {
    const catalogue = catalogues[code]!;
    for (const key of enKeys) {
      expect(catalogue[key], `${code} ${key}`).toBeTypeOf('string');
      expect(catalogue[key]!.trim(), `${code} ${key}`).not.toBe('');
    }
  });

  it.each(fullyTranslated)('%s is really translated, not English copied', (code) => {
    const catalogue = catalogues[code]!;
    // Brand names, symbols and a few words shared with English ("Menu", "Support") may stay the same.
    const same = enKeys.filter((key) => catalogue[key] === en[key]);
    expect(same.length / enKeys.length, same.join(', ')).toBeLessThan(0.1);
  });

  it.each(Object.keys(catalogues))('%s keeps the interpolation placeholders of en', (code) => {
    const catalogue = catalogues[code]!;
    for (const key of enKeys) expect(placeholders(catalogue[key] ?? ''), `${code} ${key}`).toEqual(placeholders(en[key]!));
  });

  it.each(Object.keys(catalogues).filter((c) => c !== 'en' && !fullyTranslated.includes(c)))('%s translates the shell strings and says it falls back to English', (code) => {
    const catalogue = catalogues[code]!;
    const translated = shellKeys.filter((key) => catalogue[key] !== en[key]);
    expect(translated.length / shellKeys.length).toBeGreaterThan(0.7);
    const raw = JSON.parse(fs.readFileSync(path.join(__dirname, 'locales', code, 'translation.json'), 'utf8')) as Record<string, string>;
    expect(raw['_meta']).toMatch(/English/);
  });
});
