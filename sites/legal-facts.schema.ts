/**
 * JSON Schema of sites/legal-facts.json: the per-country facts the legal pages name (the seller, the data-protection
 * authority, the laws cited, the legal guarantee and the retention periods), as a default, groups of countries and
 * per-country changes. The single source of the `LegalFacts` type; validateLegalFacts() (legal-facts.ts) checks it.
 */
import type { FromSchema } from 'json-schema-to-ts';

const text = { type: 'string', minLength: 1, maxLength: 300 } as const;
const years = { type: 'integer', minimum: 1, maximum: 30 } as const;

const factProperties = {
  /** Who sells and is the data controller: a proper name, written as registered. */
  seller: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'address', 'registration'],
    properties: { name: text, address: text, registration: text, vatId: text },
  },
  /** Where a shopper writes about their personal data (the privacy contact or data-protection officer). */
  privacyEmail: { type: 'string', format: 'email' },
  /** The authority a shopper may complain to, by its official name, and its site. */
  authority: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'url'],
    properties: { name: text, url: { type: 'string', pattern: '^https://' } },
  },
  /** The data-protection law, by its official citation (e.g. "EU 2016/679"): a reference, not a sentence. */
  privacyLaw: text,
  /** The consumer law the legal guarantee comes from, by its official citation. */
  consumerLaw: text,
  /** Months of the seller's legal guarantee of conformity; 0 where the law sets none beyond the manufacturer's. */
  legalGuaranteeMonths: { type: 'integer', minimum: 0, maximum: 120 },
  /** Months of the manufacturer's warranty on new devices. */
  warrantyMonths: { type: 'integer', minimum: 6, maximum: 60 },
  /** Whether personal data leaves the country (or the EEA) to the processors named in the privacy policy. */
  transfersAbroad: { type: 'boolean' },
  /** How long each kind of record is kept. */
  retention: {
    type: 'object',
    additionalProperties: false,
    required: ['invoiceYears', 'ticketYears', 'securityLogDays'],
    properties: {
      /** Orders and invoices: the tax and commercial law's period. */
      invoiceYears: years,
      /** Support tickets and messages after they are closed. */
      ticketYears: years,
      /** Sign-in attempts and security events. */
      securityLogDays: { type: 'integer', minimum: 7, maximum: 730 },
    },
  },
} as const;

export const legalFactsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'seller',
    'privacyEmail',
    'authority',
    'privacyLaw',
    'consumerLaw',
    'legalGuaranteeMonths',
    'warrantyMonths',
    'transfersAbroad',
    'retention',
  ],
  properties: factProperties,
} as const;
export type LegalFacts = FromSchema<typeof legalFactsSchema>;

const partialFacts = { type: 'object', additionalProperties: false, properties: factProperties } as const;

/**
 * The names a country's other storefront language reads in its own script (the authority, the laws): the country's
 * entry is written in one language, and a shopper of its second storefront (ae-ar, kh-km, ma-ar, ch-fr) reads these.
 */
const namesInLanguage = {
  type: 'object',
  additionalProperties: false,
  properties: {
    authority: factProperties.authority,
    privacyLaw: factProperties.privacyLaw,
    consumerLaw: factProperties.consumerLaw,
  },
} as const;

const countryFacts = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...factProperties,
    /** By storefront language (its i18n code, e.g. "ar"): the names in that language. */
    inLanguage: { type: 'object', additionalProperties: namesInLanguage },
  },
} as const;

export const legalFactsFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['default', 'groups', 'countries'],
  properties: {
    $comment: { type: 'string' },
    default: legalFactsSchema,
    /** Countries sharing facts (the EU seller, say): a country's own entry still wins. */
    groups: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['countries', 'facts'],
        properties: {
          countries: {
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            items: { type: 'string', pattern: '^[a-z]{2}$' },
          },
          facts: partialFacts,
        },
      },
    },
    /** Per country (its two-letter local): only what differs from its group and the default. */
    countries: { type: 'object', additionalProperties: countryFacts },
  },
} as const;
export type LegalFactsFile = FromSchema<typeof legalFactsFileSchema>;
