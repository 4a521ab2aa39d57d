/**
 * Company tax IDs on invoices (§5): the format per country, and the GSTIN rule that its state code matches the
 * billing state. The catalogue message for a refused ID is "invoice verification failed" with the field marked.
 */
import { addressForm } from './address-rules';

export interface TaxIdRule {
  /** What the form calls the field (GSTIN, VAT number, NPWP, …). */
  label: string;
  pattern: RegExp;
}

const EU_VAT: TaxIdRule = { label: 'VAT', pattern: /^[A-Za-z0-9]{7,14}$/ };
const EU = ['de', 'fr', 'es', 'it', 'nl', 'pl', 'be', 'at', 'pt', 'gr', 'cz', 'sk', 'hu', 'ro', 'bg', 'hr', 'se', 'dk', 'fi', 'ie'];

const RULES: Readonly<Record<string, TaxIdRule>> = {
  ...Object.fromEntries(EU.map((local) => [local, EU_VAT])),
  in: { label: 'GSTIN', pattern: /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/ },
  id: { label: 'NPWP', pattern: /^[0-9]{15,16}$/ },
  au: { label: 'ABN', pattern: /^[0-9]{11}$/ },
  ma: { label: 'ICE', pattern: /^[0-9]{15}$/ },
  co: { label: 'NIT', pattern: /^[0-9]{9,10}$/ },
  pe: { label: 'RUC', pattern: /^(10|15|17|20)[0-9]{9}$/ },
  tr: { label: 'VKN', pattern: /^[0-9]{10,11}$/ },
  uk: { label: 'VAT', pattern: /^(GB)?[0-9]{9}([0-9]{3})?$/ },
  ch: { label: 'UID', pattern: /^CHE-?[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}$/ },
};

/** The company invoice tax ID rule of a country, or null where the store issues no company invoices. */
export function taxIdRule(local: string): TaxIdRule | null {
  return RULES[local] ?? null;
}

/** GST state codes of the Indian states (the first two digits of a GSTIN). */
const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01', 'Himachal Pradesh': '02', Punjab: '03', Chandigarh: '04', Uttarakhand: '05', Haryana: '06', Delhi: '07',
  Rajasthan: '08', 'Uttar Pradesh': '09', Bihar: '10', 'Arunachal Pradesh': '12', Nagaland: '13', Manipur: '14', Mizoram: '15',
  Tripura: '16', Meghalaya: '17', Assam: '18', 'West Bengal': '19', Jharkhand: '20', Odisha: '21', Chhattisgarh: '22',
  'Madhya Pradesh': '23', Gujarat: '24', Maharashtra: '27', Karnataka: '29', Goa: '30', Kerala: '32', 'Tamil Nadu': '33',
  Puducherry: '34', Telangana: '36', 'Andhra Pradesh': '37',
};

export type TaxIdError = 'required' | 'format' | 'state';

/** Checks a company tax ID for the country; for a GSTIN, its state code must be the billing state's (§5). */
export function checkTaxId(local: string, taxId: string, billingState: string | undefined): TaxIdError | null {
  const rule = taxIdRule(local);
  const value = taxId.trim().toUpperCase();
  if (!value) return 'required';
  if (!rule || !rule.pattern.test(value)) return 'format';
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
