/** What a business application needs per storefront: a company address there and the country's own tax identity. */
export interface BusinessCountry {
  address: Record<string, string>;
  tax: Record<string, string>;
}

/**
 * A company address and tax identity that pass each storefront's checks (the GSTIN's state code matches the address).
 */
export const BUSINESS_COUNTRIES: Record<string, BusinessCountry> = {
  in: {
    address: { street: '12 MG Road', city: 'Mumbai', state: 'Maharashtra', postalCode: '400001' },
    tax: { gstin: '27AAPFU0939F1ZV' },
  },
  de: {
    address: { street: 'Hauptstraße 5', city: 'Berlin', state: 'Berlin', postalCode: '10115' },
    tax: { vat: 'DE123456789' },
  },
  id: {
    address: { street: 'Jl. Sudirman 52', city: 'Jakarta', state: 'DKI Jakarta', postalCode: '12190' },
    tax: { tin: '012345678901234' },
  },
  tr: {
    address: { street: 'Bağdat Cd. 10', city: 'İstanbul', state: 'İstanbul', postalCode: '34710' },
    tax: { turkeyId: '10000000146', taxAdministration: 'Kadıköy' },
  },
  pe: {
    address: { street: 'Av. Larco 101', city: 'Lima', state: 'Lima', postalCode: '15074' },
    tax: { ruc: '20123456789' },
  },
  'ae-en': {
    address: { street: 'Sheikh Zayed Rd 1', city: 'Dubai', state: 'Dubai', postalCode: '00000' },
    tax: { registrationNumber: 'CN-1234567' },
  },
};

/**
 * The body of a valid `POST <local>/business/apply` with the given uploaded documents; `over` replaces fields, for
 * the cases that test one bad value.
 * @example apply(client, 'in', businessApplication('in', [docId], { tax: { gstin: 'bad' } }))
 */
export function businessApplication(local: string, documentIds: string[], over: Record<string, unknown> = {}) {
  const country = BUSINESS_COUNTRIES[local];
  if (!country) throw new Error(`no business application data for the storefront ${local}`);
  return {
    companyName: 'Acme Trading Pvt Ltd',
    address: country.address,
    contact: { name: 'Asha Rao', email: 'asha@acme.example', phone: '+91 98200 00000' },
    tax: country.tax,
    documentIds,
    ...over,
  };
}
