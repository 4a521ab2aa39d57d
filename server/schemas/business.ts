/** business schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';

export const appStateSchema = {
  type: 'object',
  required: ['company_status', 'is_exempt_vat', 'notify_message', 'header_buttons'],
  properties: {
    company_status: { type: 'integer', enum: [1, 2, 3, 4, 5] },
    is_exempt_vat: { type: 'boolean' },
    notify_message: { type: 'string' },
    header_buttons: { type: 'array', items: { type: 'object', required: ['text', 'href'], properties: { text: { type: 'string' }, href: { type: 'string' } } } },
  },
} as const;
export type AppStateView = FromSchema<typeof appStateSchema>;

export const stringMap = { type: 'object', additionalProperties: { type: 'string' } } as const;

export const accountSchema = {
  type: 'object',
  required: ['id', 'status', 'company_name', 'tax', 'address', 'contact', 'vat_exempt', 'reject_reason', 'valid_until', 'created_at'],
  properties: {
    id: { type: 'string' },
    status: { type: 'integer', enum: [1, 2, 3, 4, 5] },
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
export type AccountView = FromSchema<typeof accountSchema>;

export const fieldSchema = { type: 'object', required: ['key', 'label'], properties: { key: { type: 'string' }, label: { type: 'string' } } } as const;
export type FieldView = FromSchema<typeof fieldSchema>;

export const documentSchema = { type: 'object', required: ['id', 'file_name', 'content_type', 'size'], properties: { id: { type: 'string' }, file_name: { type: 'string' }, content_type: { type: 'string' }, size: { type: 'integer' } } } as const;
export type DocumentView = FromSchema<typeof documentSchema>;

export const accountPayload = {
  type: 'object',
  required: ['status', 'account', 'documents', 'tax_fields', 'vat_exemption_allowed', 'review_days', 'message'],
  properties: {
    status: { type: 'integer', enum: [1, 2, 3, 4, 5] },
    account: { anyOf: [accountSchema, { type: 'null' }] },
    documents: { type: 'array', items: documentSchema },
    tax_fields: { type: 'array', items: fieldSchema },
    vat_exemption_allowed: { type: 'boolean' },
    review_days: { type: 'integer' },
    message: { type: 'string' },
  },
} as const;
export type AccountPayloadView = FromSchema<typeof accountPayload>;

export const staffBusinessApplicationsAnswer = { type: 'object', required: ['applications'], properties: { applications: { type: 'array', items: { ...accountSchema, properties: { ...accountSchema.properties, account_email: { type: 'string' } } } } } } as const;
export type StaffBusinessApplicationsAnswer = FromSchema<typeof staffBusinessApplicationsAnswer>;

export const staffDetailSchema = {
  type: 'object',
  required: ['account', 'documents', 'account_email', 'vat_exemption_allowed'],
  properties: { account: accountSchema, documents: { type: 'array', items: documentSchema }, account_email: { type: 'string' }, vat_exemption_allowed: { type: 'boolean' } },
} as const;
export type StaffDetailView = FromSchema<typeof staffDetailSchema>;
