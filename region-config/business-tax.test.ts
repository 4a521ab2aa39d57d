import { describe, expect, it } from 'vitest';
import { businessTaxFields, checkBusinessTax, isTurkishId, vatExemptionAllowed } from './tax-ids';

const check = (local: string, values: Record<string, string>, state?: string) =>
  checkBusinessTax(local, values, state).errors;

describe('business tax identity (fields and formats per country)', () => {
  it('asks each country for its own fields', () => {
    expect(businessTaxFields('in').map((f) => f.key)).toEqual(['gstin']);
    expect(businessTaxFields('pe').map((f) => f.key)).toEqual(['ruc']);
    expect(businessTaxFields('de').map((f) => f.key)).toEqual(['vat']);
    expect(businessTaxFields('uk').map((f) => f.key)).toEqual(['vat']);
    expect(businessTaxFields('tr').map((f) => f.key)).toEqual(['turkeyId', 'taxAdministration']);
    expect(businessTaxFields('ph').map((f) => f.key)).toEqual(['tin']);
    expect(businessTaxFields('ae').map((f) => f.key)).toEqual(['registrationNumber']);
  });

  it('GSTIN: format and the state code of the company state', () => {
    expect(check('in', { gstin: '27AAPFU0939F1ZV' }, 'Maharashtra')).toEqual({});
    expect(check('in', { gstin: '27aapfu0939f1zv' }, 'Maharashtra')).toEqual({});
    expect(check('in', { gstin: '27AAPFU0939F1ZV' }, 'Karnataka')).toEqual({ gstin: 'state' });
    expect(check('in', { gstin: '27AAPFU0939F1Z' }, 'Maharashtra')).toEqual({ gstin: 'format' });
    expect(check('in', { gstin: '27AAPFU0939F0ZV' }, 'Maharashtra')).toEqual({ gstin: 'format' });
    expect(check('in', { gstin: '' }, 'Maharashtra')).toEqual({ gstin: 'required' });
  });

  it('RUC (pe): 11 digits starting 10, 15, 17 or 20', () => {
    expect(check('pe', { ruc: '20123456789' })).toEqual({});
    expect(check('pe', { ruc: '10123456789' })).toEqual({});
    expect(check('pe', { ruc: '30123456789' })).toEqual({ ruc: 'format' });
    expect(check('pe', { ruc: '2012345678' })).toEqual({ ruc: 'format' });
  });

  it('VAT (EU and uk): 7–14 Latin letters and digits only', () => {
    expect(check('de', { vat: 'DE123456789' })).toEqual({});
    expect(check('fr', { vat: 'FR 12 345678901' })).toEqual({});
    expect(check('uk', { vat: 'GB1234567' })).toEqual({});
    expect(check('de', { vat: 'DE12' })).toEqual({ vat: 'format' });
    expect(check('de', { vat: 'DE1234567890123' })).toEqual({ vat: 'format' });
    expect(check('de', { vat: 'DÉ1234567' })).toEqual({ vat: 'format' });
    expect(check('uk', { vat: 'GB-123-456' })).toEqual({ vat: 'format' });
  });

  it('TIN: the country format (ph 9 or 12 digits, NPWP 15–16 digits for id)', () => {
    expect(check('ph', { tin: '123-456-789' })).toEqual({});
    expect(check('ph', { tin: '123456789000' })).toEqual({});
    expect(check('ph', { tin: '1234567' })).toEqual({ tin: 'format' });
    expect(check('id', { tin: '012345678901234' })).toEqual({});
    expect(check('id', { tin: '01234567890' })).toEqual({ tin: 'format' });
  });

  it('Turkey: an ID with valid check digits (or a 10-digit VKN) and the tax administration', () => {
    expect(isTurkishId('10000000146')).toBe(true);
    expect(isTurkishId('10000000147')).toBe(false);
    expect(isTurkishId('01000000146')).toBe(false);
    expect(check('tr', { turkeyId: '10000000146', taxAdministration: 'Kadıköy' })).toEqual({});
    expect(check('tr', { turkeyId: '1234567890', taxAdministration: 'Beşiktaş Vergi Dairesi' })).toEqual({});
    expect(check('tr', { turkeyId: '10000000147', taxAdministration: 'Kadıköy' })).toEqual({ turkeyId: 'format' });
    expect(check('tr', { turkeyId: '10000000146', taxAdministration: '' })).toEqual({ taxAdministration: 'required' });
    expect(check('tr', { turkeyId: '10000000146', taxAdministration: '123' })).toEqual({ taxAdministration: 'format' });
  });

  it('registration number elsewhere: 4–30 letters, digits, / and -', () => {
    expect(check('ae', { registrationNumber: 'CN-1234567' })).toEqual({});
    expect(check('ae', { registrationNumber: 'AB' })).toEqual({ registrationNumber: 'format' });
    expect(check('ae', { registrationNumber: 'ABC<script>' })).toEqual({ registrationNumber: 'format' });
  });

  it('VAT exemption only where the country allows it', () => {
    expect([
      vatExemptionAllowed('de'),
      vatExemptionAllowed('uk'),
      vatExemptionAllowed('in'),
      vatExemptionAllowed('id'),
    ]).toEqual([true, true, false, false]);
  });
});
