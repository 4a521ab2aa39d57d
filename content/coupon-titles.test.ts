import { describe, expect, it } from 'vitest';
import { joinedTitle, titleIn } from './coupon-titles';
import { countryLanguages } from './storefronts';

describe('coupon titles in countries of several languages', () => {
  const names: Record<string, string> = { en: 'Welcome offer', ar: 'عرض الترحيب', fr: 'Offre de bienvenue' };
  const nameIn = (language: string) => names[language] ?? `(${language})`;

  it('joins the names default first, and each storefront reads its own', () => {
    const [first, second] = countryLanguages['ae']!;
    const title = joinedTitle('ae', nameIn);
    expect(title).toBe(`${nameIn(first!)} / ${nameIn(second!)}`);
    expect(titleIn(title, 'ae', first!)).toBe(nameIn(first!));
    expect(titleIn(title, 'ae', second!)).toBe(nameIn(second!));
  });

  it('leaves a single-language title, or one not joined by the snapshot, as it is', () => {
    expect(joinedTitle('de', () => 'Willkommensangebot')).toBe('Willkommensangebot');
    expect(titleIn('Willkommensangebot', 'de', 'de')).toBe('Willkommensangebot');
    expect(titleIn('Student coupon, autumn 2026', 'ae', 'ar')).toBe('Student coupon, autumn 2026');
    expect(titleIn('A / B / C', 'ae', 'ar')).toBe('A / B / C');
  });
});
