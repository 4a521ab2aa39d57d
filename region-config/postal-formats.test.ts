import { describe, expect, it } from 'vitest';
import { COUNTRY_FORMATS, normalisePostalCode, postalCodeHasFormat } from './postal-formats';
import { isValidPhone, isValidPostalCode, normalisePhone, phoneRule, postalRule } from './phone-postal';
import { regionSettings } from './regions';

/** Valid and invalid postal codes of every storefront country, as shoppers type them. */
const POSTAL_CASES: Record<string, { valid: string[]; invalid: string[] }> = {
  ae: { valid: [''], invalid: ['12345', '00000'] },
  at: { valid: ['1010', '6020'], invalid: ['0101', '10100', 'A-1010'] },
  au: { valid: ['2000', '0800'], invalid: ['200', '20000', 'NSW 2000'] },
  bd: { valid: ['1000', '4000'], invalid: ['100', '10000'] },
  be: { valid: ['1000', '9000'], invalid: ['0999', '10000', 'B-1000'] },
  bg: { valid: ['1000', '4000'], invalid: ['0100', '100'] },
  br: { valid: ['01310-100', '01310100', '20040 020', '0131-0100'], invalid: ['01310-10', '013101000', '1310100'] },
  ch: { valid: ['8001', '1200'], invalid: ['0800', '80010', 'CH-8001'] },
  cl: { valid: ['8320000', '7500000'], invalid: ['832000', '83200000'] },
  cn: { valid: ['100000', '200120'], invalid: ['10000', '1000000', 'ABCDEF'] },
  co: { valid: ['110111', '050001'], invalid: ['11011', '1101111'] },
  cz: { valid: ['110 00', '11000', '602 00'], invalid: ['010 00', '1100', '110-000'] },
  de: { valid: ['10115', '01067', ' 80331 '], invalid: ['1011', '101155', 'D-10115', 'ABCDE'] },
  dk: { valid: ['1050', '8000'], invalid: ['105', '10500', 'DK-1050'] },
  eg: { valid: ['11511', '21500'], invalid: ['1151', '115111'] },
  es: { valid: ['28013', '08001', '52001'], invalid: ['53001', '00100', '2801'] },
  fi: { valid: ['00100', '33100'], invalid: ['0010', '001000', 'FI-00100'] },
  fr: { valid: ['75008', '20000'], invalid: ['7500', '750080', '2A000'] },
  gr: { valid: ['104 31', '10431', '546 21'], invalid: ['004 31', '1043', '104311'] },
  hk: { valid: [''], invalid: ['999077', '0'] },
  hr: { valid: ['10000', '51000'], invalid: ['60000', '1000', '100000'] },
  hu: { valid: ['1051', '6720'], invalid: ['0510', '10510', 'H-1051'] },
  id: { valid: ['10110', '80361', ' 12190 ', '12 190'], invalid: ['1234', 'ABCDE', '01011', '101100', '1219O'] },
  ie: { valid: ['D02 X285', 'd02x285', 'A65 F4E2', 'D6W 1234'], invalid: ['D02', 'B02 X285', 'D02 X28', 'DUBLIN 2'] },
  in: { valid: ['110001', '560001', '560 001'], invalid: ['011001', '11001', '1100011', 'ABCDEF'] },
  it: { valid: ['00184', '20121'], invalid: ['0018', '001844', 'I-00184'] },
  jp: {
    valid: ['100-0001', '1000001', '１００-０００１'.normalize('NFKC')],
    invalid: ['100-001', '10000011', '100 00011'],
  },
  kh: { valid: ['120101', '12000'], invalid: ['1201', '1201011'] },
  kr: { valid: ['03187', '48058'], invalid: ['0318', '031877', '100-011'] },
  kz: { valid: ['010000', '050000'], invalid: ['01000', '0100000', 'A10A5T4'] },
  lk: { valid: ['00100', '20000'], invalid: ['0010', '001000'] },
  ma: { valid: ['10000', '20250'], invalid: ['1000', '100000'] },
  mx: { valid: ['06000', '44100'], invalid: ['0600', '060000'] },
  my: { valid: ['50450', '10050'], invalid: ['5045', '504500'] },
  ng: { valid: ['100001', '900211'], invalid: ['010001', '10000'] },
  nl: {
    valid: ['1011 AB', '1011ab', '1011  ab', '9999 ZZ'],
    invalid: ['0123 AB', '1011 SA', '1011 A', '1011', 'AB 1011'],
  },
  no: { valid: ['0150', '5003'], invalid: ['015', '01500', 'N-0150'] },
  nz: { valid: ['6011', '1010'], invalid: ['601', '60110'] },
  pe: { valid: ['15001', '04001'], invalid: ['1500', '150011', 'LIMA 01'] },
  ph: { valid: ['1000', '6000'], invalid: ['100', '10000'] },
  pl: { valid: ['00-950', '00950', '31 042'], invalid: ['0095', '00-9500', '009-50X'] },
  pt: { valid: ['1000-001', '1000001', '4000 322'], invalid: ['0100-001', '1000-01', '1000'] },
  ro: { valid: ['010011', '400001'], invalid: ['01001', '0100111'] },
  ru: { valid: ['101000', '190000'], invalid: ['010100', '10100', '1010000'] },
  sa: { valid: ['11564', '11564-2345'], invalid: ['1156', '115642', '11564-23'] },
  se: { valid: ['114 55', '11455', '411 06'], invalid: ['014 55', '1145', 'S-11455'] },
  sg: { valid: ['018956', '238859'], invalid: ['18956', '0189566'] },
  sk: { valid: ['811 01', '81101', '040 01'], invalid: ['111 01', '8110', '811-011'] },
  th: { valid: ['10200', '50000'], invalid: ['01020', '1020', '102000'] },
  tr: { valid: ['34000', '06100', '81000'], invalid: ['82000', '00100', '3400'] },
  tw: { valid: ['100', '10048', '100012'], invalid: ['10', '1004', '1000123'] },
  ua: { valid: ['01001', '79000'], invalid: ['0100', '010011'] },
  uk: {
    valid: ['SW1A 1AA', 'sw1a1aa', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A 1BB', 'GIR 0AA'],
    invalid: ['SW1A 1A', 'QW1A 1AA', 'SW1A 1CA', '12345', 'SW1A-1AA-1', 'ABCDE'],
  },
  us: { valid: ['10001', '10001-1234', '100011234'], invalid: ['1000', '10001-12', 'ABCDE'] },
  vn: { valid: ['10000', '70000'], invalid: ['1000', '100000'] },
  za: { valid: ['8001', '0001'], invalid: ['800', '80010'] },
};

describe('postal code formats', () => {
  it('cover every storefront country, and agree with its settings', () => {
    const locals = regionSettings.map((r) => r.local).sort();
    expect(Object.keys(COUNTRY_FORMATS).sort()).toEqual(locals);
    expect(Object.keys(POSTAL_CASES).sort()).toEqual(locals);
    for (const region of regionSettings) {
      const format = COUNTRY_FORMATS[region.local]!;
      // A country without postal codes has none in its settings either; an example fits the field's length.
      expect(format.postal === null, region.local).toBe(region.zipCodeMaxLength === 0);
      expect((format.postal?.example ?? '').length, region.local).toBeLessThanOrEqual(region.zipCodeMaxLength);
      if (format.postal) expect(isValidPostalCode(region.local, format.postal.example), region.local).toBe(true);
      expect(postalRule(region.local).required).toBe(format.postal !== null);
    }
  });

  it.each(Object.entries(POSTAL_CASES))('%s takes its own codes and refuses others', (local, { valid, invalid }) => {
    for (const code of valid) expect(isValidPostalCode(local, code), `${local} ${code}`).toBe(true);
    for (const code of invalid) expect(isValidPostalCode(local, code), `${local} ${code}`).toBe(false);
  });

  it('normalises blanks, case and the separator to the canonical form', () => {
    expect(normalisePostalCode('nl', '1011ab')).toBe('1011 AB');
    expect(normalisePostalCode('nl', ' 1011   ab ')).toBe('1011 AB');
    expect(normalisePostalCode('uk', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostalCode('uk', 'm11ae')).toBe('M1 1AE');
    expect(normalisePostalCode('jp', '1000001')).toBe('100-0001');
    expect(normalisePostalCode('pl', '00 950')).toBe('00-950');
    expect(normalisePostalCode('pt', '1000001')).toBe('1000-001');
    expect(normalisePostalCode('br', '01310100')).toBe('01310-100');
    expect(normalisePostalCode('se', '11455')).toBe('114 55');
    expect(normalisePostalCode('ie', 'd02x285')).toBe('D02 X285');
    expect(normalisePostalCode('in', '560 001')).toBe('560001');
    expect(normalisePostalCode('us', '100011234')).toBe('10001-1234');
    expect(normalisePostalCode('us', '10001')).toBe('10001');
    expect(normalisePostalCode('id', ' 10110 ')).toBe('10110');
    // Too short to split: kept for the pattern to refuse.
    expect(normalisePostalCode('nl', '1')).toBe('1');
    expect(postalCodeHasFormat('nl', '1')).toBe(false);
  });

  it('lets a country missing from the table take plain codes only', () => {
    expect(postalCodeHasFormat('zz', 'AB-12 3')).toBe(true);
    expect(postalCodeHasFormat('zz', '<b>')).toBe(false);
  });
});

describe('phone numbers by the country numbering plan', () => {
  it('accept every country its own example, national or international, and refuse it elsewhere', () => {
    for (const region of regionSettings) {
      const { example, phoneCode } = phoneRule(region.local);
      const e164 = normalisePhone(region.local, example);
      expect(e164, `${region.local} ${example}`).toMatch(new RegExp(`^\\${phoneCode}\\d+$`));
      expect(normalisePhone(region.local, e164!), region.local).toBe(e164);
    }
    // An Indonesian mobile is no German number, and the other way round.
    expect(isValidPhone('hk', '0812-3456-7890')).toBe(false);
    expect(isValidPhone('id', '+49 1512 3456789')).toBe(false);
  });

  it('normalise separators to E.164', () => {
    expect(normalisePhone('id', '0812 3456 7890')).toBe('+6281234567890');
    expect(normalisePhone('id', '(0812) 3456-7890')).toBe('+6281234567890');
    expect(normalisePhone('id', '+62 812 3456 7890')).toBe('+6281234567890');
    expect(normalisePhone('in', '98200 00000')).toBe('+919820000000');
    expect(normalisePhone('uk', '07400 123456')).toBe('+447400123456');
    expect(normalisePhone('jp', '（03）1234-5678')).toBe('+81312345678');
  });

  it('refuse numbers of the wrong length or plan, letters and extensions', () => {
    for (const [local, bad] of [
      ['id', '0812'],
      ['id', '0812345678901234'],
      ['id', '1234567'],
      ['in', '0123456789'],
      ['in', '98765432101'],
      ['de', '01512 34567890123'],
      ['uk', '07400 12345'],
      ['us', '(201) 555-012'],
      ['hk', '912345678'],
      ['nl', '06 1234567'],
      ['jp', '090-1234-567'],
      ['id', '0812-3456-789a'],
      ['id', '0812 3456 7890 ext 1'],
      ['id', '#08123456789'],
      ['id', ''],
      ['id', '---'],
    ] as const) {
      expect(isValidPhone(local, bad), `${local} ${bad}`).toBe(false);
    }
  });
});
