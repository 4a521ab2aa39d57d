/**
 * The programme data of every storefront country is the country's own: stores and service centres in its cities,
 * with postal codes and phone numbers its post and numbering plan accept (region-config's rules, the same the address
 * forms use), written in its script; trade-in values and coupon amounts in its currency; coupon titles in each of its
 * storefront languages.
 */
import { describe, expect, it } from 'vitest';
import regionData from '../../region-config/region-data.json';
import { isValidPhone, isValidPostalCode } from '../../region-config/phone-postal';
import { countryCurrency, countryLanguages } from '../storefronts';
import { buildProducts } from './build-catalogue';
import { buildCoupons, COUPON_TITLES, readableAmount } from './build-coupons';
import { buildServiceCentres } from './build-service-centres';
import { buildStores } from './build-stores';
import { buildTradeIn } from './build-trade-in';
import { copyCatalogues } from './copy-texts';

const regions = regionData as unknown as {
  local: string;
  capitalLatitude: number;
  capitalLongitude: number;
  unicodePropertyEscapes: string[];
}[];
const region = (local: string) => regions.find((r) => r.local === local)!;
const locals = Object.keys(countryCurrency);

/** Great-circle distance in km. */
function kmBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

/** The letters of `text` that are not of the country's scripts (region-config's unicodePropertyEscapes). */
function foreignLetters(local: string, text: string): string {
  const scripts = region(local).unicodePropertyEscapes.map((p) => new RegExp(p, 'u'));
  return [...text].filter((ch) => /\p{L}/u.test(ch) && !scripts.some((s) => s.test(ch))).join('');
}

interface Place {
  local: string;
  what: string;
  city: string;
  address: string;
  postalCode?: string;
  phone?: string;
  latitude: number;
  longitude: number;
}

const places: Place[] = [
  ...buildStores().countries.flatMap((c) =>
    c.stores.map((s) => ({ ...s, local: c.local, what: `store ${s.storeId}` })),
  ),
  ...buildServiceCentres().countries.flatMap((c) =>
    c.centres.map((s) => ({ ...s, local: c.local, what: `centre ${s.id}` })),
  ),
];

describe('stores and service centres of every country', () => {
  it('each country has at least one store and one service centre', () => {
    const stores = new Set(buildStores().countries.map((c) => c.local));
    const centres = new Set(buildServiceCentres().countries.map((c) => c.local));
    expect(locals.filter((l) => !stores.has(l) || !centres.has(l))).toEqual([]);
  });

  it("postal codes in the country's format (none where it has none), phones of its numbering plan", () => {
    const wrong = places.flatMap((p) => [
      ...(isValidPostalCode(p.local, p.postalCode ?? '') ? [] : [`${p.local} ${p.what}: postal code ${p.postalCode}`]),
      ...(p.phone && !isValidPhone(p.local, p.phone) ? [`${p.local} ${p.what}: phone ${p.phone}`] : []),
    ]);
    expect(wrong).toEqual([]);
  });

  it('stores show their number in the international form, centres in the national one', () => {
    for (const c of buildStores().countries) for (const s of c.stores) expect(s.phone, s.storeId).toMatch(/^\+/);
    for (const c of buildServiceCentres().countries)
      for (const s of c.centres) expect(s.phone, s.id).not.toMatch(/^\+/);
  });

  it('in the country: within 4,000 km of its capital (no swapped or unsigned coordinates)', () => {
    const far = places
      .map((p) => ({
        p,
        km: kmBetween(p.latitude, p.longitude, region(p.local).capitalLatitude, region(p.local).capitalLongitude),
      }))
      .filter(({ km }) => km > 4000)
      .map(({ p, km }) => `${p.local} ${p.what}: ${Math.round(km)} km from the capital`);
    expect(far).toEqual([]);
  });

  it("cities written in the country's script, addresses mostly so (a mall's brand name may be Latin)", () => {
    const wrong = places.flatMap((p) => {
      const letters = [...p.address].filter((ch) => /\p{L}/u.test(ch)).length;
      return [
        ...(foreignLetters(p.local, p.city) ? [`${p.local} ${p.what}: city "${p.city}"`] : []),
        ...(foreignLetters(p.local, p.address).length * 2 > letters ? [`${p.local} ${p.what}: "${p.address}"`] : []),
      ];
    });
    expect(wrong).toEqual([]);
  });
});

describe('trade-in and coupons of every country', () => {
  const products = buildProducts().products;
  const tradeIn = buildTradeIn(products).countries;
  const coupons = buildCoupons().coupons;

  it('a trade-in programme per country in its currency; a larger storage is worth more; phones it sells', () => {
    expect(tradeIn.map((c) => c.local).sort()).toEqual([...locals].sort());
    for (const country of tradeIn) {
      expect(country.currency, country.local).toBe(countryCurrency[country.local]);
      expect(country.phones.length, country.local).toBeGreaterThan(0);
      for (const model of country.models) {
        const values = model.storages.map((s) => s.baseValue);
        expect(values, `${country.local} ${model.id}`).toEqual([...values].sort((a, b) => a - b));
        expect(values[0], `${country.local} ${model.id}`).toBeGreaterThan(0);
      }
    }
    // Korea in won (no minor unit), Poland in groszy, rounded to whole złoty.
    const kr = tradeIn.find((c) => c.local === 'kr')!;
    expect(kr.models[0]!.storages[0]!.baseValue % 1000).toBe(0);
    const pl = tradeIn.find((c) => c.local === 'pl')!;
    expect(pl.models[0]!.storages[0]!.baseValue % 1000).toBe(0);
  });

  it('each country: a welcome offer, a phone and tablet deal, free delivery and a trade-in bonus', () => {
    for (const local of locals) {
      const own = coupons.filter((c) => c.local === local);
      expect(new Set(own.map((c) => c.kind)), local).toEqual(
        new Set(['amount', 'percent', 'free_shipping', 'exchange']),
      );
      for (const c of own) {
        if (c.amount !== undefined) expect(c.amount, c.id).toBeLessThan(c.minSpend);
        if (c.kind === 'percent') expect(c.cap, c.id).toBeGreaterThan(0);
      }
    }
  });

  it("titles in each of the country's storefront languages, its default first, never left in English", () => {
    const copy = copyCatalogues();
    const inLanguage = (code: string) =>
      new Set(Object.values(COUPON_TITLES).map((english) => (code === 'en' ? english : copy[code]?.[english])));
    for (const c of coupons) {
      const languages = countryLanguages[c.local]!;
      const parts = c.title.split(' / ');
      expect(parts, c.id).toHaveLength(languages.length);
      languages.forEach((code, i) =>
        expect(inLanguage(code).has(parts[i]), `${c.id} in ${code}: ${parts[i]}`).toBe(true),
      );
    }
  });

  it('amounts a shopper reads easily', () => {
    expect([12.9, 24.2, 2422, 369_000, 1080, 0.7].map(readableAmount)).toEqual([15, 25, 2500, 400_000, 1000, 0.7]);
    const uk = coupons.find((c) => c.id === 'uk-welcome')!;
    expect([uk.amount, uk.minSpend]).toEqual([15, 150]);
  });
});
