/**
 * JSON Schema of sites/student-domains.json, the school e-mail domains of the student programme per country. The
 * single source of the `StudentDomainsFile` type; validateStudentDomains() (student-program-validate.ts) checks it.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** A suffix of school domains, with its leading dot: `.edu.tr`, `.ac.uk`, `.edu`. */
const suffix = { type: 'string', pattern: '^(\\.[a-z0-9-]+)+$', maxLength: 60 } as const;
/** One school's domain (its subdomains count too): `kuleuven.be`, `tum.de`. */
const domain = { type: 'string', pattern: '^[a-z0-9-]+(\\.[a-z0-9-]+)+$', maxLength: 100 } as const;

export const studentDomainsFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['countries'],
  properties: {
    $comment: { type: 'string' },
    /** Per country (its two-letter local). */
    countries: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          suffixes: { type: 'array', minItems: 1, uniqueItems: true, items: suffix },
          domains: { type: 'array', minItems: 1, uniqueItems: true, items: domain },
        },
      },
    },
  },
} as const;
export type StudentDomainsFile = FromSchema<typeof studentDomainsFileSchema>;
