import { describe, expect, it } from 'vitest';
import { loadContent } from '../../content/load';
import { roundPartPrice, sparePartsFor } from './spare-parts';

describe('spare-part prices', () => {
  it('round up to two significant digits', () => {
    expect(roundPartPrice(5_011_380)).toBe(5_100_000);
    expect(roundPartPrice(74.9995)).toBe(75);
    expect(roundPartPrice(75)).toBe(75);
    expect(roundPartPrice(12.01)).toBe(13);
    expect(roundPartPrice(0)).toBe(0);
  });

  it('list the phones, tablets, watches and scooters on sale in a country, in its prices, no refurbished ones', () => {
    const { products } = loadContent();
    const id = sparePartsFor(products, 'id');
    expect(id.length).toBeGreaterThan(10);
    expect(new Set(id.map((m) => m.category))).toEqual(new Set(['phones', 'tablets', 'wearables', 'scooters']));
    const phone = id.find((m) => m.category === 'phones')!;
    expect(phone.parts.map((p) => p.part)).toEqual([
      'screen',
      'battery',
      'backCover',
      'chargingPort',
      'mainCamera',
      'frontCamera',
      'motherboard',
    ]);
    const product = products.find((p) => p.id === phone.id)!;
    const base = Math.min(...product.commodities.map((c) => c.offers?.['id']?.marketPrice ?? Infinity));
    expect(phone.parts[1]!.price).toBe(roundPartPrice(base * 0.05));
    expect(id.some((m) => products.find((p) => p.id === m.id)?.refurbished)).toBe(false);
    // Another country, another currency: the same model costs a different number.
    const de = sparePartsFor(products, 'de').find((m) => m.id === phone.id);
    if (de) expect(de.parts[0]!.price).not.toBe(phone.parts[0]!.price);
  });
});
