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
