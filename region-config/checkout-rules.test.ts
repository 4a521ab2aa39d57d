import { describe, expect, it } from 'vitest';
import { addressForm, MAX_ADDRESSES, postalCodeMatchesState, validateAddress } from './address-rules';
import { cardBrand, cardDigits, isExpired, luhnValid, parseExpiry, validateCard } from './payment-cards';
import { checkTaxId, gstStatesCovered, taxIdRule } from './tax-ids';
import { currencyExponent, percentOf, toMajor, toMinor } from './money';

describe('address forms', () => {
  it('follows the country: no postal field where there is no postal code, a state list where there is one', () => {
    expect(addressForm('ae').fields).not.toContain('postalCode');
    expect(addressForm('hk').required).not.toContain('postalCode');
    expect(addressForm('in').fields).toContain('landmark');
    expect(addressForm('in').states).toContain('Karnataka');
    expect(addressForm('de').required).toContain('houseNumber');
    expect(MAX_ADDRESSES).toBe(11);
  });

  it('marks each field at fault with its reason', () => {
    const ok = {
      recipient: 'Budi',
      phone: '081234567890',
      street: 'Jl. Sudirman 1',
      city: 'Jakarta',
      state: 'DKI Jakarta',
      postalCode: '10110',
    };
    expect(validateAddress('id', ok)).toEqual({});
    expect(validateAddress('id', { ...ok, recipient: '' })).toEqual({ recipient: 'required' });
    expect(validateAddress('id', { ...ok, recipient: ' Budi' })).toEqual({ recipient: 'leadingBlank' });
    expect(validateAddress('id', { ...ok, recipient: 'x'.repeat(51) })).toEqual({ recipient: 'tooLong' });
    expect(validateAddress('id', { ...ok, phone: '0812345678901234' })).toEqual({ phone: 'phone' });
    expect(validateAddress('id', { ...ok, postalCode: '101100' })).toEqual({ postalCode: 'postalCode' });
    expect(validateAddress('id', { ...ok, state: 'Atlantis' })).toEqual({ state: 'state' });
  });

  it('checks an Indian PIN code against the state', () => {
    const blr = {
      recipient: 'Asha',
      phone: '9876543210',
      street: 'MG Road 1',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
    };
    expect(validateAddress('in', blr)).toEqual({});
    expect(validateAddress('in', { ...blr, state: 'Kerala' })).toEqual({ postalCode: 'postalState' });
    expect(postalCodeMatchesState('de', '10115', 'Berlin')).toBe(true);
  });
});

describe('cards', () => {
  it('checks Luhn and detects brands, refusing Laser and JCB', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('3530111333300000')).toBe('jcb');
    expect(cardBrand('6304000000000000')).toBe('laser');
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    const now = new Date('2026-11-23T00:00:00Z');
    expect(validateCard({ number: '3530 1113 3330 0000', expiry: '12/30', cvv: '123' }, now)).toEqual({
      number: 'unsupported',
    });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' }, now)).toEqual({});
    // Luhn-valid, but of a length no scheme issues for its brand.
    expect(validateCard({ number: '4242 4242 4242', expiry: '12/30', cvv: '123' }, now)).toEqual({ number: 'number' });
    expect(validateCard({ number: '5555 5555 5555 4444 4', expiry: '12/30', cvv: '123' }, now).number).toBe('number');
    expect(validateCard({ number: '3782 822463 10005', expiry: '12/30', cvv: '1234' }, now)).toEqual({});
    expect(validateCard({ number: '4222 2222 2222 2', expiry: '12/30', cvv: '123' }, now)).toEqual({});
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '13/30', cvv: '12' }, now)).toEqual({
      expiry: 'expiry',
      cvv: 'cvv',
    });
  });

  it('accepts a card through its expiry month', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(isExpired(parseExpiry('11/26')!, now)).toBe(false);
    expect(isExpired(parseExpiry('10/26')!, now)).toBe(true);
    expect(parseExpiry('1/26')).toBeNull();
  });
});

describe('tax IDs', () => {
  it('validates EU VAT numbers by length and characters, GSTIN by format and billing state', () => {
    expect(taxIdRule('de')?.label).toBe('VAT');
    expect(checkTaxId('de', 'DE123456789', undefined)).toBeNull();
    expect(checkTaxId('de', 'DE-12345', undefined)).toBe('format');
    expect(checkTaxId('de', '', undefined)).toBe('required');
    expect(checkTaxId('in', '29ABCDE1234F1Z5', 'Karnataka')).toBeNull();
    expect(checkTaxId('in', '29ABCDE1234F1Z5', 'Kerala')).toBe('state');
    expect(gstStatesCovered()).toBe(true);
    expect(taxIdRule('hk')).toBeNull();
  });
});

describe('money in minor units', () => {
  it('uses the currency minor digits', () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(toMinor(1234.56, 'EUR')).toBe(123456);
    expect(toMinor(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinor(12379000, 'IDR')).toBe(12379000);
    expect(toMajor(123456, 'EUR')).toBe(1234.56);
    expect(percentOf(10000, 1900)).toBe(1900);
  });
});
