import { describe, expect, it } from 'vitest';
import regionsJson from './region-data.json';
import { RegionConfigError, validateRegionSettings } from './validate';

const clone = (): Record<string, unknown>[] => structuredClone(regionsJson) as Record<string, unknown>[];

function errorOf(fn: () => unknown): RegionConfigError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RegionConfigError) return e;
    throw e;
  }
  throw new Error('expected a RegionConfigError');
}

describe('validateRegionSettings', () => {
  it('accepts every region of region-data.json', () => {
    const regions = validateRegionSettings();
    expect(regions).toHaveLength(56);
  });

  it('can run twice (the compiled schema is reused)', () => {
    expect(validateRegionSettings()).toHaveLength(56);
  });

  it('names file, pointer and reason for a bad value', () => {
    const data = clone();
    data[3]!.phoneCode = '0039';
    const err = errorOf(() => validateRegionSettings(data, 'region-data.json'));
    expect(err.file).toBe('region-data.json');
    expect(err.pointer).toBe('/3/phoneCode');
    expect(err.reason).toMatch(/must match pattern/);
    expect(err.message).toMatch(/^region-data\.json \/3\/phoneCode: must match pattern/);
  });

  it('points at a missing property', () => {
    const data = clone();
    delete data[0]!.dayjsTimezone;
    const err = errorOf(() => validateRegionSettings(data));
    expect(err.pointer).toBe('/0/dayjsTimezone');
    expect(err.reason).toMatch(/must have required property/);
    expect(err.file).toBe('region-config/region-data.json');
  });

  it('rejects unknown properties, wrong enums and bad nested values', () => {
    const extra = clone();
    extra[1]!.currencySymbol = '€';
    expect(errorOf(() => validateRegionSettings(extra)).reason).toMatch(/additional properties "currencySymbol"/);

    const area = clone();
    area[2]!.deployArea = 'fra';
    const areaErr = errorOf(() => validateRegionSettings(area));
    expect(areaErr.pointer).toBe('/2/deployArea');
    expect(areaErr.reason).toMatch(/allowed values/);

    const nested = clone();
    (nested[25]!.languages as Record<string, unknown>[])[1]!.dir = 'down';
    expect(errorOf(() => validateRegionSettings(nested)).pointer).toBe('/25/languages/1/dir');

    const email = clone();
    email[0]!.serviceEmail = 'support at de';
    expect(errorOf(() => validateRegionSettings(email)).pointer).toBe('/0/serviceEmail');
  });

  it('runs the cross-entry rules after the schema', () => {
    const data = clone();
    data[0]!.dayjsTimezone = 'Europe/Atlantis';
    const err = errorOf(() => validateRegionSettings(data));
    expect(err.pointer).toBe('/0/dayjsTimezone');
    expect(err.reason).toMatch(/unknown time zone/);
  });

  it('collects every problem in issues', () => {
    const data = clone();
    data[0]!.phoneMaxLength = 0;
    data[1]!.zipCodeMaxLength = -1;
    const err = errorOf(() => validateRegionSettings(data));
    expect(err.issues.map((i) => i.path)).toEqual(['/0/phoneMaxLength', '/1/zipCodeMaxLength']);
    expect(err.message).toMatch(/and 1 more/);
  });
});
