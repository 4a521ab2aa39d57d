import { describe, expect, it } from 'vitest';
import { storefronts } from './storefronts';
import { allCarriers, carrierById, carrierCountries, carrierIn, carriersFor, trackingLink } from './carriers';

describe('carriers', () => {
  it('every country the store sells in ships with at least one carrier, and no list names an unknown country', () => {
    const countries = new Set(storefronts.map((s) => s.local));
    expect([...countries].filter((local) => carriersFor(local).length === 0)).toEqual([]);
    expect(carrierCountries().filter((local) => !countries.has(local))).toEqual([]);
  });

  it('ids fit the shipments table and every link is an https page with one place for the number', () => {
    for (const c of allCarriers()) {
      expect(c.id).toMatch(/^[a-z0-9-]{2,40}$/);
      expect(new URL(c.link.replace('{tracking}', 'X')).protocol).toBe('https:');
      expect(c.link.split('{tracking}')).toHaveLength(2);
    }
  });

  it('a carrier is accepted only in its countries', () => {
    expect(carrierIn('id', 'jne')?.name).toBe('JNE');
    expect(carrierIn('de', 'jne')).toBeUndefined();
    expect(carriersFor('in').map((c) => c.id)).toEqual(['delhivery', 'bluedart']);
    expect(carriersFor('us').map((c) => c.id)).toEqual(['ups', 'fedex', 'usps']);
    expect(carrierIn('xx', 'dhl')).toBeUndefined();
    expect(carrierById('__proto__')).toBeUndefined();
  });

  it('the tracking number is URL-encoded in the link', () => {
    expect(trackingLink(carrierById('ups')!, 'A B/&?#1')).toBe('https://www.ups.com/track?tracknum=A%20B%2F%26%3F%231');
  });
});
