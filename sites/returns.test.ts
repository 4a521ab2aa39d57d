import { describe, expect, it } from 'vitest';
import { RegionConfigError } from '../region-config/validate';
import returnsJson from './returns.json';
import { returnCountriesAreKnown, returnRulesFor, returnWindowsHoldTheMinimum, type ReturnRulesFile } from './returns';
import { validateReturnRules } from './validate';

const rules = () => structuredClone(returnsJson) as ReturnRulesFile;

function errorOf(fn: () => unknown): RegionConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RegionConfigError) return e;
    throw e;
  }
  throw new Error('expected a RegionConfigError');
}

describe('return rules', () => {
  it('gives every country 14 days, refurbished phones 15, pick-up 7, ship-back 14', () => {
    expect(validateReturnRules().default).toMatchObject({ windowDays: 14, refurbishedWindowDays: 15 });
    expect(returnRulesFor('de')).toMatchObject({
      windowDays: 14,
      refurbishedWindowDays: 15,
      pickUpWithinDays: 7,
      shipBackWithinDays: 14,
    });
    expect(returnRulesFor('de').reasons).toContain('changed_mind');
  });

  it("takes a country's changes over the default", () => {
    const data = rules();
    data.countries['pl'] = { windowDays: 30, refurbishedWindowDays: 30, reasons: ['defective'] };
    expect(returnRulesFor('pl', data)).toMatchObject({ windowDays: 30, pickUpWithinDays: 7, reasons: ['defective'] });
    expect(returnRulesFor('de', data).windowDays).toBe(14);
    expect(validateReturnRules(data).countries['pl']?.windowDays).toBe(30);
  });

  it('refuses unknown countries, unknown reasons, windows below the minimum, a shorter refurbished window', () => {
    const unknown = rules();
    unknown.countries['xx'] = { windowDays: 20 };
    expect(returnCountriesAreKnown(unknown, new Set(['de']))).toEqual([
      { message: 'return rules for unknown country "xx"', path: '/countries/xx' },
    ]);
    expect(errorOf(() => validateReturnRules(unknown)).pointer).toBe('/countries/xx');
    const reason = rules() as unknown as { default: { reasons: string[] } };
    reason.default.reasons = ['bored'];
    expect(errorOf(() => validateReturnRules(reason)).message).toMatch(/^sites\/returns\.json \/default\/reasons\/0/);
    const short = rules();
    short.countries['fr'] = { windowDays: 7 };
    expect(returnWindowsHoldTheMinimum(short)).toEqual([
      { message: 'the return window is below 14 days', path: '/countries/fr/windowDays' },
    ]);
    const refurbished = rules();
    refurbished.countries['it'] = { windowDays: 30 };
    expect(returnWindowsHoldTheMinimum(refurbished)[0]?.path).toBe('/countries/it/refurbishedWindowDays');
    const typo = rules() as unknown as { default: Record<string, unknown> };
    typo.default['windowDay'] = 14;
    expect(() => validateReturnRules(typo)).toThrow(RegionConfigError);
  });
});
