import { describe, expect, it } from 'vitest';
import { hostFamilies, hostFor, hostsFor } from './index';

describe('hostFor', () => {
  it('maps every family to /api/<urlLocal> and www to the storefront in the embedded default', () => {
    for (const family of hostFamilies) {
      expect(hostFor('id', family), family).toBe(family === 'www' ? '/id' : '/api/id');
    }
    expect(hostFor('ae-ar', 'go')).toBe('/api/ae-ar');
    expect(hostFor('ae-ar', 'www')).toBe('/ae-ar');
    expect(hostFor('zz', 'buy')).toBe('/api/zz');
  });

  it('applies an override map with placeholders', () => {
    const overrides = {
      go: 'https://go.{deployArea}.mistore.shop/{urlLocal}',
      www: 'https://www.mistore.shop/{urlLocal}',
      buy: 'https://buy.mistore.shop/{local}',
    };
    expect(hostFor('id', 'go', overrides)).toBe('https://go.idn.mistore.shop/id');
    expect(hostFor('kz-kk', 'go', overrides)).toBe('https://go.rus.mistore.shop/kz-kk');
    expect(hostFor('be-nl', 'buy', overrides)).toBe('https://buy.mistore.shop/be');
    expect(hostFor('de', 'www', overrides)).toBe('https://www.mistore.shop/de');
    expect(hostFor('zz', 'go', overrides)).toBe('https://go.sgp.mistore.shop/zz');
    expect(hostFor('id', 'upload', overrides)).toBe('/api/id');
  });

  it('lists all families at once', () => {
    const hosts = hostsFor('de');
    expect(Object.keys(hosts)).toEqual([...hostFamilies]);
    expect(hosts.kachishop).toBe('/api/de');
  });
});
