/**
 * Delivery address forms per country (the address fields and the address rules): which fields a country's form
 * has and requires, its states or provinces, and where the postal code must match the state. The server validates
 * with these rules and the address island renders the same form from them, so the rules live once, here.
 */
import { postalRule, isValidPhone, isValidPostalCode, normalisePhone, normalisePostalCode } from './phone-postal';

// The fields are part of the API contract (the address form's answer lists them).
import { ADDRESS_FIELDS, type AddressField } from '../server/schemas/address';

export { ADDRESS_FIELDS, type AddressField };

/** Name rule, and a bound for the free-text lines. */
export const RECIPIENT_MAX = 50;
export const ADDRESS_LINE_MAX = 120;
/** A courier must be able to call: fewer digits than this is no phone number anywhere. */
export const PHONE_MIN_DIGITS = 6;
/** At most 11 delivery addresses per user. */
export const MAX_ADDRESSES = 11;

export interface AddressForm {
  /** Fields shown, in order. */
  fields: readonly AddressField[];
  required: readonly AddressField[];
  /** A closed list of states (shown as a select), or null for free text. */
  states: readonly string[] | null;
}

const BASE_FIELDS: readonly AddressField[] = [
  'recipient',
  'phone',
  'street',
  'houseNumber',
  'building',
  'city',
  'state',
  'postalCode',
];
const BASE_REQUIRED: readonly AddressField[] = ['recipient', 'phone', 'street', 'city', 'postalCode'];

/** Indian states and union territories with the first two digits of their PIN codes (India Post postal circles). */
const INDIA_PIN_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  Delhi: ['11'],
  Haryana: ['12', '13'],
  Punjab: ['14', '15'],
  Chandigarh: ['16'],
  'Himachal Pradesh': ['17'],
  'Jammu and Kashmir': ['18', '19'],
  'Uttar Pradesh': ['20', '21', '22', '23', '24', '25', '26', '27', '28'],
  Uttarakhand: ['24', '26'],
  Rajasthan: ['30', '31', '32', '33', '34'],
  Gujarat: ['36', '37', '38', '39'],
  Maharashtra: ['40', '41', '42', '43', '44'],
  Goa: ['40'],
  'Madhya Pradesh': ['45', '46', '47', '48'],
  Chhattisgarh: ['49'],
  Telangana: ['50'],
  'Andhra Pradesh': ['51', '52', '53'],
  Karnataka: ['56', '57', '58', '59'],
  'Tamil Nadu': ['60', '61', '62', '63', '64'],
  Puducherry: ['60'],
  Kerala: ['67', '68', '69'],
  'West Bengal': ['70', '71', '72', '73', '74'],
  Odisha: ['75', '76', '77'],
  Assam: ['78'],
  'Arunachal Pradesh': ['79'],
  Meghalaya: ['79'],
  Manipur: ['79'],
  Mizoram: ['79'],
  Nagaland: ['79'],
  Tripura: ['79'],
  Bihar: ['80', '81', '82', '83', '84', '85'],
  Jharkhand: ['81', '82', '83'],
};

/** Indonesian provinces (the state line of an Indonesian address). */
const INDONESIA_PROVINCES = [
  'Aceh',
  'Bali',
  'Banten',
  'Bengkulu',
  'DI Yogyakarta',
  'DKI Jakarta',
  'Gorontalo',
  'Jambi',
  'Jawa Barat',
  'Jawa Tengah',
  'Jawa Timur',
  'Kalimantan Barat',
  'Kalimantan Selatan',
  'Kalimantan Tengah',
  'Kalimantan Timur',
  'Kalimantan Utara',
  'Kepulauan Bangka Belitung',
  'Kepulauan Riau',
  'Lampung',
  'Maluku',
  'Maluku Utara',
  'Nusa Tenggara Barat',
  'Nusa Tenggara Timur',
  'Papua',
  'Papua Barat',
  'Riau',
  'Sulawesi Barat',
  'Sulawesi Selatan',
  'Sulawesi Tengah',
  'Sulawesi Tenggara',
  'Sulawesi Utara',
  'Sumatera Barat',
  'Sumatera Selatan',
  'Sumatera Utara',
] as const;

const UAE_EMIRATES = ['Abu Dhabi', 'Ajman', 'Dubai', 'Fujairah', 'Ras Al Khaimah', 'Sharjah', 'Umm Al Quwain'] as const;

/** Countries whose form differs from the base one. */
const FORMS: Readonly<Record<string, Partial<AddressForm>>> = {
  in: {
    fields: [...BASE_FIELDS, 'landmark'],
    required: ['recipient', 'phone', 'street', 'city', 'state', 'postalCode'],
    states: Object.keys(INDIA_PIN_PREFIXES),
  },
  id: {
    fields: [...BASE_FIELDS, 'landmark'],
    required: ['recipient', 'phone', 'street', 'city', 'state', 'postalCode'],
    states: INDONESIA_PROVINCES,
  },
  ae: { required: ['recipient', 'phone', 'street', 'city', 'state'], states: UAE_EMIRATES },
  de: { required: ['recipient', 'phone', 'street', 'houseNumber', 'city', 'postalCode'] },
  at: { required: ['recipient', 'phone', 'street', 'houseNumber', 'city', 'postalCode'] },
  nl: { required: ['recipient', 'phone', 'street', 'houseNumber', 'city', 'postalCode'] },
};

/** The address form of a country; countries without postal codes (zipCodeMaxLength 0) have no postal field. */
export function addressForm(local: string): AddressForm {
  const own = FORMS[local] ?? {};
  const hasPostal = postalRule(local).required;
  const drop = (list: readonly AddressField[]) => (hasPostal ? list : list.filter((f) => f !== 'postalCode'));
  return {
    fields: drop(own.fields ?? BASE_FIELDS),
    required: drop(own.required ?? BASE_REQUIRED),
    states: own.states ?? null,
  };
}

/** True when a postal code belongs to the state, where the country has such a rule (postal code must match state). */
export function postalCodeMatchesState(local: string, postalCode: string, state: string): boolean {
  if (local !== 'in') return true;
  const prefixes = INDIA_PIN_PREFIXES[state];
  return !!prefixes && prefixes.includes(postalCode.trim().slice(0, 2));
}

export type AddressInput = Partial<Record<AddressField, string>>;
/** Why a field is refused; the island and the server show the catalogue message of the reason. */
export type AddressFieldError =
  | 'required'
  | 'tooLong'
  | 'leadingBlank'
  | 'phone'
  | 'postalCode'
  | 'postalState'
  | 'state';

/**
 * Checks an address against the country's form (name required ≤ 50, no leading blank, the country's phone
 * numbering plan and postal code format, postal code matches state). Returns the field at fault with its reason;
 * empty when valid.
 */
export function validateAddress(local: string, input: AddressInput): Partial<Record<AddressField, AddressFieldError>> {
  const form = addressForm(local);
  const errors: Partial<Record<AddressField, AddressFieldError>> = {};
  for (const field of form.fields) {
    const raw = input[field] ?? '';
    const value = raw.trim();
    if (!value) {
      if (form.required.includes(field)) errors[field] = 'required';
      continue;
    }
    if (/^\s/.test(raw)) errors[field] = 'leadingBlank';
    else if (raw.length > (field === 'recipient' ? RECIPIENT_MAX : ADDRESS_LINE_MAX)) errors[field] = 'tooLong';
    else if (field === 'phone' && (value.replace(/\D/g, '').length < PHONE_MIN_DIGITS || !isValidPhone(local, value)))
      errors[field] = 'phone';
    else if (field === 'postalCode' && !isValidPostalCode(local, value)) errors[field] = 'postalCode';
    else if (field === 'state' && form.states && !form.states.includes(value)) errors[field] = 'state';
  }
  if (
    !errors.postalCode &&
    !errors.state &&
    input.postalCode &&
    input.state &&
    !postalCodeMatchesState(local, normalisePostalCode(local, input.postalCode), input.state)
  ) {
    errors.postalCode = 'postalState';
  }
  return errors;
}

/**
 * A valid address as it is stored: the postal code in the country's canonical form ("1234ab" → "1234 AB"), the
 * phone number in E.164 ("0812-3456-7890" → "+6281234567890"), so couriers and later checks read one form; a field
 * the country's form does not have (a postal code in the Emirates) is dropped.
 */
export function normaliseAddress<T extends AddressInput>(local: string, input: T): T {
  const { fields } = addressForm(local);
  const out: AddressInput = { ...input };
  for (const field of ADDRESS_FIELDS) if (out[field] !== undefined && !fields.includes(field)) out[field] = '';
  if (out.phone) out.phone = normalisePhone(local, out.phone) ?? out.phone.trim();
  if (out.postalCode) out.postalCode = normalisePostalCode(local, out.postalCode);
  return out as T;
}
