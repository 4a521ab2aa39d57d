import { describe, expect, it } from 'vitest';
import { RegionConfigError } from '../region-config/validate';
import studentDomainsJson from './student-domains.json';
import studentOffersJson from './student-offers.json';
import { isSchoolAddress, studentDomainsOf, type StudentDomainsFile } from './student-domains';
import { studentOfferFor, type StudentOffersFile } from './student-offers';
import { validateStudentDomains, validateStudentOffers } from './student-program-validate';

const domains = () => structuredClone(studentDomainsJson) as StudentDomainsFile;
const offers = () => structuredClone(studentOffersJson) as StudentOffersFile;

function errorOf(fn: () => unknown): RegionConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RegionConfigError) return e;
    throw e;
  }
  throw new Error('expected a RegionConfigError');
}

describe('school e-mail domains', () => {
  it('passes its schema and rules, and names a list for every country', () => {
    expect(Object.keys(validateStudentDomains().countries).length).toBeGreaterThanOrEqual(56);
    expect(studentDomainsOf('tr').suffixes).toEqual(['.edu.tr']);
  });

  it('takes a suffix, a listed school and its subdomains; refuses look-alikes and other countries', () => {
    expect(isSchoolAddress('tr', 'Ayse@OGR.ITU.EDU.TR')).toBe(true);
    expect(isSchoolAddress('tr', 'ayse@edu.tr')).toBe(false);
    expect(isSchoolAddress('tr', 'ayse@edu.tr.example.com')).toBe(false);
    expect(isSchoolAddress('uk', 'sam@ox.ac.uk')).toBe(true);
    expect(isSchoolAddress('tr', 'sam@ox.ac.uk')).toBe(false);
    expect(isSchoolAddress('be', 'lien@student.kuleuven.be')).toBe(true);
    expect(isSchoolAddress('be', 'lien@kuleuven.be')).toBe(true);
    expect(isSchoolAddress('be', 'lien@notkuleuven.be')).toBe(false);
    expect(isSchoolAddress('de', 'max@tum.de')).toBe(true);
    expect(isSchoolAddress('de', 'max@gmail.com')).toBe(false);
    expect(isSchoolAddress('de', 'not an address')).toBe(false);
  });

  it('refuses unknown countries, a malformed suffix and a domain its suffix already covers', () => {
    const unknown = domains();
    unknown.countries['xx'] = { suffixes: ['.edu.xx'] };
    expect(errorOf(() => validateStudentDomains(unknown)).pointer).toBe('/countries/xx');
    const dotless = domains() as unknown as { countries: Record<string, { suffixes: string[] }> };
    dotless.countries['tr']!.suffixes = ['edu.tr'];
    expect(errorOf(() => validateStudentDomains(dotless)).message).toMatch(/student-domains\.json/);
    const twice = domains();
    twice.countries['tr'] = { suffixes: ['.edu.tr'], domains: ['itu.edu.tr'] };
    expect(errorOf(() => validateStudentDomains(twice)).pointer).toBe('/countries/tr/domains/0');
  });
});

describe('student offers', () => {
  it("passes its schema and rules; Turkey's offer is 60 % up to 5,500 TL on a device of at most 9,500 TL", () => {
    validateStudentOffers();
    expect(studentOfferFor('tr').coupon).toEqual({ percent: 60, capEur: 50, cap: 5500, maxUnitPrice: 9500 });
    expect(studentOfferFor('de')).toMatchObject({ coupon: { percent: 10, capEur: 50 } });
    expect(studentOfferFor('jp').semesters.map((s) => s.starts)).toEqual(['04-01', '10-01']);
  });

  it('refuses an unknown country, a day not in every year, two starts on one day, an unreachable cap', () => {
    const unknown = offers();
    unknown.countries['xx'] = { coupon: { percent: 5 } };
    expect(errorOf(() => validateStudentOffers(unknown)).pointer).toBe('/countries/xx');
    const leap = offers();
    leap.countries['de'] = {
      semesters: [
        { name: 'spring', starts: '02-29' },
        { name: 'autumn', starts: '09-01' },
      ],
    };
    expect(errorOf(() => validateStudentOffers(leap)).message).toMatch(/02-29/);
    const same = offers();
    same.countries['de'] = {
      semesters: [
        { name: 'spring', starts: '09-01' },
        { name: 'autumn', starts: '09-01' },
      ],
    };
    expect(errorOf(() => validateStudentOffers(same)).message).toMatch(/two semesters start/);
    const unreachable = offers();
    unreachable.countries['tr'] = { coupon: { percent: 50, cap: 5500, maxUnitPrice: 9500 } };
    expect(errorOf(() => validateStudentOffers(unreachable)).pointer).toBe('/countries/tr');
    const high = offers() as unknown as { default: { coupon: { percent: number } } };
    high.default.coupon.percent = 95;
    expect(errorOf(() => validateStudentOffers(high)).message).toMatch(/percent/);
  });
});
