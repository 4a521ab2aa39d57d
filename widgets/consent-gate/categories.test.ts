import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSENT, effectiveConsent, needsChoice, parseConsent, serializeConsent } from './categories';

const sorted = (s: Set<number>) => [...s].sort();

describe('consent prefix form', () => {
  it('parses the stored prefix form', () => {
    expect(sorted(parseConsent('0,1,2,3:')!)).toEqual([0, 1, 2, 3]);
    expect(sorted(parseConsent('0,3:1700000000')!)).toEqual([0, 3]);
    expect(sorted(parseConsent('0:')!)).toEqual([0]);
  });

  it('always keeps required', () => {
    expect(sorted(parseConsent('2:')!)).toEqual([0, 2]);
    expect(sorted(parseConsent(':')!)).toEqual([0]);
  });

  it('rejects what is not the prefix form', () => {
    for (const bad of [null, '', 'yes', '0,1,2,3', '5:', '0,,1:', 'a:']) expect(parseConsent(bad)).toBeNull();
  });

  it('serializes sorted with required', () => {
    expect(serializeConsent([3, 1])).toBe('0,1,3:');
    expect(serializeConsent([])).toBe('0:');
    expect(serializeConsent([0, 1, 2, 3, 2])).toBe('0,1,2,3:');
  });
});

describe('effective consent', () => {
  it('defaults to everything at low level and only required at high level', () => {
    expect(DEFAULT_CONSENT).toEqual({ low: '0,1,2,3:', high: '0:' });
    expect(sorted(effectiveConsent({ stored: null, level: 'low', inApp: false }))).toEqual([0, 1, 2, 3]);
    expect(sorted(effectiveConsent({ stored: null, level: 'high', inApp: false }))).toEqual([0]);
  });

  it('follows a stored choice at either level', () => {
    expect(sorted(effectiveConsent({ stored: '0,1:', level: 'high', inApp: false }))).toEqual([0, 1]);
    expect(sorted(effectiveConsent({ stored: '0:', level: 'low', inApp: false }))).toEqual([0]);
  });

  it('treats app webviews as consented, whatever is stored', () => {
    expect(sorted(effectiveConsent({ stored: '0:', level: 'high', inApp: true }))).toEqual([0, 1, 2, 3]);
    expect(needsChoice({ stored: null, inApp: true })).toBe(false);
  });

  it('asks only while nothing valid is stored', () => {
    expect(needsChoice({ stored: null, inApp: false })).toBe(true);
    expect(needsChoice({ stored: 'garbage', inApp: false })).toBe(true);
    expect(needsChoice({ stored: '0:', inApp: false })).toBe(false);
  });
});
