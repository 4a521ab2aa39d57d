import { describe, expect, it } from 'vitest';
import legalFactsJson from './legal-facts.json';
import { legalFactsFor, legalGroupOf, type LegalFactsFile } from './legal-facts';
import { validateLegalFacts } from './legal-facts-validate';

const file = legalFactsJson as LegalFactsFile;
const copy = (): LegalFactsFile => structuredClone(file);

describe('legal facts', () => {
  it('the committed file is valid', () => {
    expect(() => validateLegalFacts()).not.toThrow();
  });

  it('a country takes the default, then its group, then its own entry', () => {
    const de = legalFactsFor('de');
    expect(de.seller.name).toBe(file.groups['eu']?.facts.seller?.name);
    expect(de.legalGuaranteeMonths).toBe(24);
    expect(de.authority.name).toContain('Datenschutz');
    expect(legalGroupOf('de')).toBe('eu');
    const id = legalFactsFor('id');
    expect(id.seller.name).toBe('PT Mi Store Indonesia');
    expect(id.retention.invoiceYears).toBe(file.default.retention.invoiceYears);
    expect(legalGroupOf('id')).toBeNull();
  });

  it("a country's second storefront language reads the names of the authority and the laws in its own words", () => {
    expect(legalFactsFor('ae', 'en').privacyLaw).toBe('Federal Decree-Law No. 45 of 2021');
    expect(legalFactsFor('ae', 'ar').privacyLaw).toBe('المرسوم بقانون اتحادي رقم 45 لسنة 2021');
    expect(legalFactsFor('ae', 'ar').seller).toEqual(legalFactsFor('ae', 'en').seller);
    expect(legalFactsFor('ch', 'fr').authority.name).toMatch(/^Préposé fédéral/);
    expect(legalFactsFor('ch', 'de').authority.name).toMatch(/^Eidgenössischer/);
    const wrong = copy();
    wrong.countries['de'] = { ...wrong.countries['de'], inLanguage: { fr: { privacyLaw: 'RGPD' } } };
    expect(() => validateLegalFacts(wrong, 'x.json')).toThrow(/de has no storefront in "fr"/);
  });

  it('a bad entry names the file, the field and the reason', () => {
    const bad = copy();
    (bad.default as { warrantyMonths: number }).warrantyMonths = 2;
    expect(() => validateLegalFacts(bad, 'x.json')).toThrow(/x\.json \/default\/warrantyMonths: .*>= 6/);
  });

  it('refuses an unknown country, a country in two groups and a country without its authority', () => {
    const unknown = copy();
    unknown.countries['zz'] = {};
    expect(() => validateLegalFacts(unknown, 'x.json')).toThrow(/unknown country "zz"/);
    const twice = copy();
    twice.groups['other'] = { countries: ['de'], facts: {} };
    expect(() => validateLegalFacts(twice, 'x.json')).toThrow(/"de" is in the groups eu and other/);
    const missing = copy();
    delete missing.countries['id'];
    expect(() => validateLegalFacts(missing, 'x.json')).toThrow(/id names no data-protection authority/);
  });
});
