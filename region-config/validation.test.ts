import { describe, expect, it } from 'vitest';
import { chatLanguageOr, isPhoneLike, isValidEmail, isValidUrl } from './validation';
import { isValidPhone, isValidPostalCode, phoneRule, postalRule } from './phone-postal';

describe('email rule', () => {
  it('accepts word characters with - or . parts, @, domain, dot, suffix', () => {
    for (const ok of ['a@b.co', 'first.last@mail.example.com', 'first-last_1@sub-domain.example.id', ' padded@x.io ']) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'plain',
      'a@b',
      '@b.co',
      'a@.co',
      'a..b@c.co',
      'a b@c.co',
      'a@b.co.',
      'a+tag@b.co',
      '.a@b.co',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe('phone-like rule', () => {
  it('allows digits, - ( ) / + and full-width parentheses only', () => {
    for (const ok of ['0812345678', '+62-812-345', '(021)/555', '（021）5550']) expect(isPhoneLike(ok), ok).toBe(true);
    for (const bad of ['', '0812 345', '0812a', '08.12', '#123']) expect(isPhoneLike(bad), bad).toBe(false);
  });
});

describe('URL rule', () => {
  it('accepts optional scheme, dotted host, port, path, query and hash', () => {
    for (const ok of [
      'https://www.mistore.shop',
      'http://a.b:8080/x/y?q=1#top',
      'mistore.shop/id/cart',
      'sub.example.co.id/?a=b',
    ]) {
      expect(isValidUrl(ok), ok).toBe(true);
    }
    for (const bad of ['', 'localhost', 'ftp://a.b', 'https://a b.com', 'javascript:alert(1)', 'https://a.b:port']) {
      expect(isValidUrl(bad), bad).toBe(false);
    }
  });
});

describe('chat language rule', () => {
  it('keeps xx-XX, xx-001, xx-150 and xx-419, else the fallback', () => {
    expect(chatLanguageOr('id-ID', 'en-US')).toBe('id-ID');
    expect(chatLanguageOr('en-001', 'id-ID')).toBe('en-001');
    expect(chatLanguageOr('en-150', 'id-ID')).toBe('en-150');
    expect(chatLanguageOr('es-419', 'id-ID')).toBe('es-419');
    for (const bad of ['es-420', 'ID-id', 'en', 'en-us', '<script>', '', null, undefined]) {
      expect(chatLanguageOr(bad, 'id-ID'), String(bad)).toBe('id-ID');
    }
  });
});

describe('per-country phone and postal rules', () => {
  // Every country's formats are tested in postal-formats.test.ts; these are the rule objects the forms read.
  it('give the calling code, the example and the canonical pattern', () => {
    expect(phoneRule('id')).toMatchObject({ phoneCode: '+62', maxLength: 15, example: '0812-3456-7890' });
    expect(isValidPhone('id', '0812-3456-7890')).toBe(true);
    expect(isValidPhone('hk', '9123 4567')).toBe(true);
    expect(isValidPhone('hk', '912345678')).toBe(false);
    expect(postalRule('ae')).toMatchObject({ required: false, maxLength: 0 });
    expect(postalRule('cn')).toMatchObject({ required: true, maxLength: 6, example: '100000' });
    expect(postalRule('id').pattern.test('10110')).toBe(true);
  });

  it('accept no postal code where the country has none, and a real one where it has', () => {
    expect(isValidPostalCode('hk', '')).toBe(true);
    expect(isValidPostalCode('hk', '999077')).toBe(false);
    expect(isValidPostalCode('ae', '')).toBe(true);
    expect(isValidPostalCode('de', '')).toBe(false);
    expect(isValidPostalCode('id', '1234')).toBe(false);
    expect(isValidPostalCode('id', 'ABCDE')).toBe(false);
    expect(isValidPostalCode('id', '10110')).toBe(true);
  });
});
