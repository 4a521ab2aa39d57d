/**
 * Company tax IDs on invoices: the format per country, and the GSTIN rule that its state code matches the
 * billing state. The catalogue message for a refused ID is "invoice verification failed" with the field marked.
 */
import { addressForm } from './address-rules';

/**
 * Catalogue keys of the tax field names that are words, translated like any UI text ("VAT number" is "USt-IdNr." in
 * German); a name that is a code (GSTIN, NPWP, RUC) reads the same in every language and has none.
 */
export type TaxFieldLabelKey =
  | 'business.taxField.vat'
  | 'business.taxField.registrationNumber'
  | 'business.taxField.turkeyId'
  | 'business.taxField.taxAdministration';

/** A field's name: its code, and the catalogue key of its words where it is no code. */
interface FieldName {
  label: string;
  labelKey?: TaxFieldLabelKey;
}

/** What a tax field is called in the shopper's language: its words from the catalogue, else its code. */
export function fieldLabel(field: FieldName, t: (key: TaxFieldLabelKey) => string): string {
  return field.labelKey ? t(field.labelKey) : field.label;
}

export interface TaxIdRule extends FieldName {
  pattern: RegExp;
}

const EU_VAT: TaxIdRule = { label: 'VAT', labelKey: 'business.taxField.vat', pattern: /^[A-Za-z0-9]{7,14}$/ };
const EU = [
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pl',
  'be',
  'at',
  'pt',
  'gr',
  'cz',
  'sk',
  'hu',
  'ro',
  'bg',
  'hr',
  'se',
  'dk',
  'fi',
  'ie',
];

const RULES: Readonly<Record<string, TaxIdRule>> = {
  ...Object.fromEntries(EU.map((local) => [local, EU_VAT])),
  in: { label: 'GSTIN', pattern: /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/ },
  id: { label: 'NPWP', pattern: /^[0-9]{15,16}$/ },
  au: { label: 'ABN', pattern: /^[0-9]{11}$/ },
  ma: { label: 'ICE', pattern: /^[0-9]{15}$/ },
  co: { label: 'NIT', pattern: /^[0-9]{9,10}$/ },
  pe: { label: 'RUC', pattern: /^(10|15|17|20)[0-9]{9}$/ },
  tr: { label: 'VKN', pattern: /^[0-9]{10,11}$/ },
  uk: { label: 'VAT', labelKey: 'business.taxField.vat', pattern: /^(GB)?[0-9]{9}([0-9]{3})?$/ },
  ch: { label: 'UID', pattern: /^CHE-?[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}$/ },
};

/** The company invoice tax ID rule of a country, or null where the store issues no company invoices. */
export function taxIdRule(local: string): TaxIdRule | null {
  return RULES[local] ?? null;
}

/** GST state codes of the Indian states (the first two digits of a GSTIN). */
const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  Telangana: '36',
  'Andhra Pradesh': '37',
};

export type TaxIdError = 'required' | 'format' | 'state';

/** Checks a company tax ID for the country; for a GSTIN, its state code must be the billing state's. */
export function checkTaxId(local: string, taxId: string, billingState: string | undefined): TaxIdError | null {
  const rule = taxIdRule(local);
  const value = taxId.trim().toUpperCase();
  if (!value) return 'required';
  if (!rule?.pattern.test(value)) return 'format';
  if (local === 'in') {
    const code = billingState ? GST_STATE_CODES[billingState] : undefined;
    if (!code || value.slice(0, 2) !== code) return 'state';
  }
  return null;
}

/** Every state of the Indian form has a GST code, so a GSTIN can always be checked against the billing state. */
export function gstStatesCovered(): boolean {
  return (addressForm('in').states ?? []).every((s) => s in GST_STATE_CODES);
}

/**
 * The business tax identity of an enterprise account (business tax fields): which fields a country's
 * application asks for and their formats. GSTIN (in, state code = the company's state), RUC (pe), VAT (EU and uk:
 * 7–14 Latin letters and digits), TIN (ph, ng; NPWP for id), Turkey ID + tax administration (tr), and a company
 * registration number everywhere else.
 */
export type BusinessTaxKey = 'gstin' | 'ruc' | 'vat' | 'tin' | 'turkeyId' | 'taxAdministration' | 'registrationNumber';

export interface BusinessTaxField extends FieldName {
  key: BusinessTaxKey;
  pattern: RegExp;
  /** A check beyond the pattern (a checksum). */
  check?: (value: string) => boolean;
}

/** Turkish identity number (T.C. Kimlik No): 11 digits, no leading zero, two check digits. */
export function isTurkishId(value: string): boolean {
  if (!/^[1-9][0-9]{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d[9] === tenth && d[10] === eleventh;
}

const BUSINESS_VAT: BusinessTaxField = {
  key: 'vat',
  label: 'VAT number',
  labelKey: 'business.taxField.vat',
  pattern: /^[A-Z0-9]{7,14}$/,
};
const BUSINESS_FIELDS: Readonly<Record<string, readonly BusinessTaxField[]>> = {
  ...Object.fromEntries([...EU, 'uk'].map((local) => [local, [BUSINESS_VAT]])),
  in: [{ key: 'gstin', label: 'GSTIN', pattern: RULES['in']!.pattern }],
  pe: [{ key: 'ruc', label: 'RUC', pattern: RULES['pe']!.pattern }],
  tr: [
    // A company's VKN has 10 digits; a sole trader's Turkish ID has 11 with its check digits.
    {
      key: 'turkeyId',
      label: 'Turkey ID / VKN',
      labelKey: 'business.taxField.turkeyId',
      pattern: /^[0-9]{10,11}$/,
      check: (v) => v.length === 10 || isTurkishId(v),
    },
    {
      key: 'taxAdministration',
      label: 'Tax administration',
      labelKey: 'business.taxField.taxAdministration',
      pattern: /^[\p{L}][\p{L} .'-]{1,59}$/u,
    },
  ],
  id: [{ key: 'tin', label: 'NPWP', pattern: /^[0-9]{15,16}$/ }],
  ph: [{ key: 'tin', label: 'TIN', pattern: /^[0-9]{9}([0-9]{3})?$/ }],
  ng: [{ key: 'tin', label: 'TIN', pattern: /^[0-9]{12}$/ }],
};
const REGISTRATION: readonly BusinessTaxField[] = [
  {
    key: 'registrationNumber',
    label: 'Company registration number',
    labelKey: 'business.taxField.registrationNumber',
    pattern: /^[A-Z0-9][A-Z0-9/-]{3,29}$/,
  },
];

/** The tax identity fields of a business application in the country. */
export function businessTaxFields(local: string): readonly BusinessTaxField[] {
  return BUSINESS_FIELDS[local] ?? REGISTRATION;
}

/** Where a GOOD business account may buy without VAT (intra-community supply in the EU; UK exemption). */
export function vatExemptionAllowed(local: string): boolean {
  return local === 'uk' || EU.includes(local);
}

/**
 * Normalises a field as the form sends it: spaces (and separators of number-only IDs) dropped, codes upper case; text
 * trimmed.
 */
export function normaliseBusinessTax(field: BusinessTaxField, raw: string): string {
  if (field.key === 'taxAdministration') return raw.trim().replace(/\s+/g, ' ');
  // Number-only IDs are often written in groups (123-456-789); VAT and GSTIN keep their characters (letters and digits
  // only).
  const grouped = field.key === 'tin' || field.key === 'ruc' || field.key === 'turkeyId';
  return raw.replace(grouped ? /[\s.-]/g : /\s/g, '').toUpperCase();
}

/**
 * Checks a business tax identity: every field of the country required and in its format; a GSTIN's first two
 * digits must be the GST code of the company's state. Returns the normalised values and the errors by field.
 */
export function checkBusinessTax(
  local: string,
  input: Readonly<Record<string, string | undefined>>,
  state: string | undefined,
): { values: Record<string, string>; errors: Record<string, TaxIdError> } {
  const values: Record<string, string> = {};
  const errors: Record<string, TaxIdError> = {};
  for (const field of businessTaxFields(local)) {
    const value = normaliseBusinessTax(field, input[field.key] ?? '');
    if (!value) errors[field.key] = 'required';
    else if (!field.pattern.test(value) || (field.check && !field.check(value))) errors[field.key] = 'format';
    else if (field.key === 'gstin') {
      const code = state ? GST_STATE_CODES[state] : undefined;
      if (!code || value.slice(0, 2) !== code) errors[field.key] = 'state';
    }
    values[field.key] = value;
  }
  return { values, errors };
}
