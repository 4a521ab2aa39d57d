import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BANKS,
  BFL_CARD_PATTERN,
  bnplOffers,
  bnplRefusal,
  findPlan,
  instalmentCurrencies,
  instalmentPlans,
  instalmentSchedule,
  MAX_INSTALMENT_MONTHS,
  plansFor,
} from './instalments';
import { cardBrand, luhnValid, validateCard } from './payment-cards';
import { commerceRules } from '../sites/commerce';
import { SANDBOX_ISSUER_BINS, sandboxCardNumber, sandboxIssuers } from '../server/payments/card-issuers';

describe('instalment arithmetic', () => {
  it('splits an amount into months that add up to the total, the last absorbing the rounding', () => {
    expect(instalmentSchedule(100_000, 3, 0)).toEqual({
      months: 3,
      monthly: 33_333,
      last: 33_334,
      interest: 0,
      total: 100_000,
    });
    // ₹45,999.00 over 12 months at 1.25 % a month: interest 4,599,900 × 0.0125 × 12 = 689,985 paise.
    expect(instalmentSchedule(4_599_900, 12, 125)).toEqual({
      months: 12,
      monthly: 440_823,
      last: 440_832,
      interest: 689_985,
      total: 5_289_885,
    });
    // Interest rounds half up to the minor unit.
    expect(instalmentSchedule(1, 2, 2_500).interest).toBe(1);
    expect(instalmentSchedule(1, 1, 4_999).interest).toBe(0);
  });

  it('stays exact for any amount, term and rate (BigInt, no float drift), even for rupiah totals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Math.floor(Number.MAX_SAFE_INTEGER / 4) }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 500 }),
        (amount, months, rate) => {
          const s = instalmentSchedule(amount, months, rate);
          expect(s.monthly * (months - 1) + s.last).toBe(s.total);
          expect(s.total).toBe(amount + s.interest);
          expect(s.last - s.monthly).toBeGreaterThanOrEqual(0);
          expect(s.last - s.monthly).toBeLessThan(months);
          expect(Number.isSafeInteger(s.interest)).toBe(true);
        },
      ),
    );
  });

  it('refuses amounts and terms that are not whole, positive and within 24 months', () => {
    expect(() => instalmentSchedule(0, 3, 0)).toThrow(RangeError);
    expect(() => instalmentSchedule(10.5, 3, 0)).toThrow(RangeError);
    expect(() => instalmentSchedule(100, 25, 0)).toThrow(RangeError);
    expect(() => instalmentSchedule(100, 0, 0)).toThrow(RangeError);
    expect(() => instalmentSchedule(100, 3, -1)).toThrow(RangeError);
  });
});

describe('plans per country', () => {
  it('covers id, in, my, th, tr, mx, pl and de, each in the currency its checkout charges, up to 24 months', () => {
    const currencies = instalmentCurrencies();
    expect(Object.keys(currencies).sort()).toEqual(['de', 'id', 'in', 'mx', 'my', 'pl', 'th', 'tr']);
    for (const [local, currency] of Object.entries(currencies)) {
      expect(commerceRules(local).currency, local).toBe(currency);
      for (const plan of instalmentPlans(local)) {
        expect(plan.months).toBeLessThanOrEqual(MAX_INSTALMENT_MONTHS);
        expect(Number.isInteger(plan.minAmount) && plan.minAmount > 0).toBe(true);
        expect(plan.banks.length).toBeGreaterThan(0);
        for (const bank of plan.banks) expect(BANKS[bank]?.local, `${plan.id} ${bank}`).toBe(local);
        for (const bank of plan.debitBanks) expect(plan.banks).toContain(bank);
      }
    }
    expect(
      new Set(
        Object.values(currencies).flatMap((_, i) => instalmentPlans(Object.keys(currencies)[i]!).map((p) => p.id)),
      ).size,
    ).toBe(Object.keys(currencies).flatMap((l) => instalmentPlans(l)).length);
  });

  it('in: the BFL EMI card has its own no-cost plans of 3 to 24 months', () => {
    const bfl = instalmentPlans('in').filter((p) => p.network === 'bfl');
    expect(bfl.map((p) => p.months)).toEqual([3, 6, 9, 12, 18, 24]);
    expect(bfl.every((p) => p.monthlyRateBp === 0 && p.banks.join() === 'bfl')).toBe(true);
    expect(
      Object.keys(instalmentCurrencies())
        .filter((l) => l !== 'in')
        .flatMap((l) => instalmentPlans(l))
        .some((p) => p.network === 'bfl'),
    ).toBe(false);
  });

  it('leaves out the plans whose minimum the amount does not reach', () => {
    const all = instalmentPlans('in');
    const min = findPlan('in', 'in-nocost-3')!.minAmount;
    expect(plansFor('in', min, 'INR').map((p) => p.id)).toContain('in-nocost-3');
    expect(plansFor('in', min - 1, 'INR').map((p) => p.id)).not.toContain('in-nocost-3');
    expect(plansFor('in', 1, 'INR')).toEqual([]);
    expect(plansFor('in', 10 ** 9, 'INR')).toHaveLength(all.length);
    expect(plansFor('in', 10 ** 9, 'EUR')).toEqual([]);
    expect(findPlan('id', 'in-bfl-3')).toBeNull();
  });
});

describe('cards', () => {
  it('knows the BFL card by its format: 16 digits starting 203040', () => {
    expect(BFL_CARD_PATTERN.test('2030400000000002')).toBe(true);
    expect(BFL_CARD_PATTERN.test('203040000000000')).toBe(false);
    expect(BFL_CARD_PATTERN.test('2030410000000002')).toBe(false);
    expect(cardBrand('2030400000000002')).toBe('bfl');
    expect(validateCard({ number: '2030 4000 0000 0002', expiry: '12/34', cvv: '123' })).toEqual({});
    expect(validateCard({ number: '20304000000000021', expiry: '12/34', cvv: '123' })).toEqual({ number: 'number' });
  });

  it('gives every test BIN one bank of its country and a kind; its test numbers pass the Luhn check', () => {
    for (const [bin, issuer] of Object.entries(SANDBOX_ISSUER_BINS)) {
      expect(BANKS[issuer.bank], bin).toBeDefined();
      const number = sandboxCardNumber(issuer.bank, issuer.kind);
      expect(number.startsWith(bin)).toBe(true);
      expect(luhnValid(number)).toBe(true);
      expect(cardBrand(number)).toBe('visa');
      expect(sandboxIssuers.issuer(number)).toEqual(issuer);
    }
    expect(sandboxIssuers.issuer('4242424242424242')).toBeNull();
    expect(sandboxIssuers.issuer('2030400000000002')).toEqual({ bank: 'bfl', kind: 'emi' });
  });
});

describe('pay-later eligibility', () => {
  const kredivo = bnplOffers('id').find((o) => o.id === 'kredivo')!;
  const akulaku = bnplOffers('id').find((o) => o.id === 'akulaku')!;
  it('applies the amount range, the currency and the account age', () => {
    expect(bnplRefusal(kredivo, kredivo.minAmount, 'IDR', 0)).toBeNull();
    expect(bnplRefusal(kredivo, kredivo.minAmount - 1, 'IDR', 0)).toBe('below_minimum');
    expect(bnplRefusal(kredivo, kredivo.maxAmount + 1, 'IDR', 0)).toBe('above_maximum');
    expect(bnplRefusal(kredivo, kredivo.minAmount, 'EUR', 0)).toBe('currency');
    expect(bnplRefusal(akulaku, akulaku.minAmount, 'IDR', 29)).toBe('account_too_new');
    expect(bnplRefusal(akulaku, akulaku.minAmount, 'IDR', 30)).toBeNull();
    expect(bnplOffers('tr')).toEqual([]);
    for (const local of Object.keys(instalmentCurrencies()))
      for (const o of bnplOffers(local)) expect(o.currency).toBe(commerceRules(local).currency);
  });
});
