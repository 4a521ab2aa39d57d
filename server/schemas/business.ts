/** business schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';

/** A company account's status: PENDING 1, BAD 2, GOOD 3, REJECTED 4, EXPIRED 5. */
const companyStatus = { type: 'integer', enum: [1, 2, 3, 4, 5] } as const;

export const businessAppStateSchema = {
  type: 'object',
  required: ['company_status', 'is_exempt_vat', 'notify_message', 'header_buttons'],
  properties: {
    company_status: companyStatus,
    is_exempt_vat: { type: 'boolean' },
    notify_message: { type: 'string' },
    header_buttons: {
      type: 'array',
      items: {
        type: 'object',
        required: ['text', 'href'],
        properties: { text: { type: 'string' }, href: { type: 'string' } },
      },
    },
  },
} as const;
export type BusinessAppStateView = FromSchema<typeof businessAppStateSchema>;

const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

export const enterpriseAccountSchema = {
  type: 'object',
  required: [
    'id',
    'status',
    'company_name',
    'tax',
    'address',
    'contact',
    'vat_exempt',
    'reject_reason',
    'valid_until',
    'created_at',
  ],
  properties: {
    id: { type: 'string' },
    status: companyStatus,
    company_name: { type: 'string' },
    tax: stringMap,
    address: stringMap,
    contact: stringMap,
    vat_exempt: { type: 'boolean' },
    reject_reason: { type: ['string', 'null'] },
    valid_until: { type: ['integer', 'null'] },
    reviewed_at: { type: ['integer', 'null'] },
    created_at: { type: 'integer' },
  },
} as const;
export type EnterpriseAccountView = FromSchema<typeof enterpriseAccountSchema>;

export const taxFieldSchema = {
  type: 'object',
  required: ['key', 'label'],
  properties: { key: { type: 'string' }, label: { type: 'string' } },
} as const;
export type TaxFieldView = FromSchema<typeof taxFieldSchema>;

export const businessDocumentSchema = {
  type: 'object',
  required: ['id', 'file_name', 'content_type', 'size'],
  properties: {
    id: { type: 'string' },
    file_name: { type: 'string' },
    content_type: { type: 'string' },
    size: { type: 'integer' },
  },
} as const;
export type BusinessDocumentView = FromSchema<typeof businessDocumentSchema>;

export const businessAccountAnswer = {
  type: 'object',
  required: ['status', 'account', 'documents', 'tax_fields', 'vat_exemption_allowed', 'review_days', 'message'],
  properties: {
    status: companyStatus,
    account: { anyOf: [enterpriseAccountSchema, { type: 'null' }] },
    documents: { type: 'array', items: businessDocumentSchema },
    tax_fields: { type: 'array', items: taxFieldSchema },
    vat_exemption_allowed: { type: 'boolean' },
    review_days: { type: 'integer' },
    message: { type: 'string' },
  },
} as const;
export type BusinessAccountAnswer = FromSchema<typeof businessAccountAnswer>;

export const staffBusinessApplicationsAnswer = {
  type: 'object',
  required: ['applications'],
  properties: {
    applications: {
      type: 'array',
      items: {
        ...enterpriseAccountSchema,
        properties: { ...enterpriseAccountSchema.properties, account_email: { type: 'string' } },
      },
    },
  },
} as const;
export type StaffBusinessApplicationsAnswer = FromSchema<typeof staffBusinessApplicationsAnswer>;

export const staffBusinessApplicationAnswer = {
  type: 'object',
  required: ['account', 'documents', 'account_email', 'vat_exemption_allowed'],
  properties: {
    account: enterpriseAccountSchema,
    documents: { type: 'array', items: businessDocumentSchema },
    account_email: { type: 'string' },
    vat_exemption_allowed: { type: 'boolean' },
  },
} as const;
export type StaffBusinessApplicationAnswer = FromSchema<typeof staffBusinessApplicationAnswer>;

const shortText = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** flow=company: the business pages ask. */
export const businessStateQuery = {
  type: 'object',
  properties: { flow: { type: 'string', enum: ['company'] } },
} as const;

/** An application: company data, the country's tax identity (checked by its format) and its documents. */
export const businessApplyBody = {
  type: 'object',
  required: ['companyName', 'address', 'contact', 'tax', 'documentIds'],
  properties: {
    companyName: shortText(200),
    address: {
      type: 'object',
      properties: {
        street: shortText(300),
        city: shortText(200),
        state: shortText(200),
        postalCode: shortText(40),
      },
    },
    contact: {
      type: 'object',
      properties: { name: shortText(200), email: shortText(200), phone: shortText(60) },
    },
    tax: { type: 'object', additionalProperties: shortText(200), maxProperties: 10 },
    documentIds: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
  },
} as const;
export type BusinessApplyBody = FromSchema<typeof businessApplyBody>;

export const businessApplicationsQuery = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['pending', 'good', 'rejected', 'expired', 'all'] } },
} as const;
export type BusinessApplicationsQuery = FromSchema<typeof businessApplicationsQuery>;

export const businessApplicationQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;

/** Staff approve (validity in months, VAT exemption where allowed) or reject with a reason. */
export const businessReviewBody = {
  type: 'object',
  required: ['id', 'decision'],
  properties: {
    id: { type: 'string', maxLength: 20 },
    decision: { type: 'string', enum: ['approve', 'reject'] },
    months: { type: 'integer' },
    vatExempt: { type: 'boolean' },
    reason: shortText(1000),
  },
} as const;
export type BusinessReviewBody = FromSchema<typeof businessReviewBody>;
