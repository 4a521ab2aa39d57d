/** after-sales schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';

/** What a shopper asks for. */
export const REQUEST_KINDS = ['repair', 'return', 'exchange'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** Where a request stands; staff move it along the service repository's NEXT_STATES. */
export const REQUEST_STATES = [
  'submitted',
  'received',
  'diagnosing',
  'repairing',
  'repaired',
  'shipped_back',
  'completed',
  'rejected',
  'cancelled',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

export const uploadMetaSchema = {
  type: 'object',
  required: ['id', 'file_name', 'content_type', 'size'],
  properties: {
    id: { type: 'string' },
    file_name: { type: 'string' },
    content_type: { type: 'string' },
    size: { type: 'integer' },
  },
} as const;
export type UploadMetaView = FromSchema<typeof uploadMetaSchema>;

export const aftersalesUploadAnswer = {
  type: 'object',
  required: ['upload'],
  properties: { upload: uploadMetaSchema },
} as const;
export type AftersalesUploadAnswer = FromSchema<typeof aftersalesUploadAnswer>;

export const eligibleLineSchema = {
  type: 'object',
  required: ['order_id', 'commodity_id', 'product_id', 'name', 'spec', 'paid_at', 'open_request'],
  properties: {
    order_id: { type: 'string' },
    commodity_id: { type: 'string' },
    product_id: { type: 'string' },
    name: { type: 'string' },
    spec: { type: 'string' },
    paid_at: { type: ['integer', 'null'] },
    open_request: { type: ['string', 'null'] },
  },
} as const;
export type EligibleLineView = FromSchema<typeof eligibleLineSchema>;

export const aftersalesProductsAnswer = {
  type: 'object',
  required: ['lines', 'max_files'],
  properties: { lines: { type: 'array', items: eligibleLineSchema }, max_files: { type: 'integer' } },
} as const;
export type AftersalesProductsAnswer = FromSchema<typeof aftersalesProductsAnswer>;

export const serviceRequestSchema = {
  type: 'object',
  required: [
    'id',
    'request_no',
    'order_id',
    'commodity_id',
    'product_id',
    'product_name',
    'kind',
    'imei',
    'serial',
    'model',
    'purchase_date',
    'description',
    'state',
    'feedback',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'string' },
    request_no: { type: 'string' },
    order_id: { type: 'string' },
    commodity_id: { type: 'string' },
    product_id: { type: 'string' },
    product_name: { type: 'string' },
    kind: { enum: REQUEST_KINDS },
    imei: { type: ['string', 'null'] },
    serial: { type: ['string', 'null'] },
    model: { type: 'string' },
    purchase_date: { type: 'string' },
    description: { type: 'string' },
    state: { enum: REQUEST_STATES },
    feedback: { type: ['string', 'null'] },
    created_at: { type: 'integer' },
    updated_at: { type: 'integer' },
  },
} as const;
export type ServiceRequestView = FromSchema<typeof serviceRequestSchema>;

export const aftersalesApplyAnswer = {
  type: 'object',
  required: ['request'],
  properties: { request: serviceRequestSchema },
} as const;
export type AftersalesApplyAnswer = FromSchema<typeof aftersalesApplyAnswer>;

export const aftersalesListAnswer = {
  type: 'object',
  required: ['requests'],
  properties: { requests: { type: 'array', items: serviceRequestSchema } },
} as const;
export type AftersalesListAnswer = FromSchema<typeof aftersalesListAnswer>;

export const requestEventSchema = {
  type: 'object',
  required: ['state', 'note', 'by_staff', 'at'],
  properties: {
    state: { enum: REQUEST_STATES },
    note: { type: 'string' },
    by_staff: { type: 'boolean' },
    at: { type: 'integer' },
  },
} as const;
export type RequestEventView = FromSchema<typeof requestEventSchema>;

export const serviceRequestDetailSchema = {
  type: 'object',
  required: ['request', 'events', 'uploads', 'next_states'],
  properties: {
    request: serviceRequestSchema,
    events: { type: 'array', items: requestEventSchema },
    uploads: { type: 'array', items: uploadMetaSchema },
    next_states: { type: 'array', items: { enum: REQUEST_STATES } },
  },
} as const;
export type ServiceRequestDetailView = FromSchema<typeof serviceRequestDetailSchema>;

export const aftersalesProgressAnswer = {
  type: 'object',
  required: ['request', 'events'],
  properties: { request: serviceRequestSchema, events: { type: 'array', items: requestEventSchema } },
} as const;
export type AftersalesProgressAnswer = FromSchema<typeof aftersalesProgressAnswer>;

export const staffServiceRequestsAnswer = {
  type: 'object',
  required: ['requests'],
  properties: { requests: { type: 'array', items: serviceRequestSchema } },
} as const;
export type StaffServiceRequestsAnswer = FromSchema<typeof staffServiceRequestsAnswer>;
