import { describe, expect, it } from 'vitest';
import { prefixOf, switchLanguageUrl } from './switch-url';

describe('language switch URL', () => {
  it('keeps the rest of the path and adds f=switch_lang', () => {
    expect(switchLanguageUrl('https://s.test', '/id/product/x/', 'de')).toBe(
      'https://s.test/de/product/x/?f=switch_lang',
    );
    expect(switchLanguageUrl('https://s.test', '/ae-en/', 'ae-ar')).toBe('https://s.test/ae-ar/?f=switch_lang');
    expect(switchLanguageUrl('https://s.test', '/id', 'kr')).toBe('https://s.test/kr/?f=switch_lang');
  });
  it('reads the prefix', () => {
    expect(prefixOf('/be-fr/cart/')).toBe('be-fr');
  });
});
