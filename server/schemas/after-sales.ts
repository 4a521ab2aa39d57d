/** after-sales schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';
import { returnDetailSchema } from './returns';

/** What a shopper asks for. */
/** claim: a claim on a device insurance policy (POST aftersales/claim). */
export const REQUEST_KINDS = ['repair', 'return', 'exchange', 'claim'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** Where a request stands; staff move it along the service repository's NEXT_STATES. */
export const REQUEST_STATES = [
  'submitted',
  /** A return's pick-up is scheduled. */
  'pickup_scheduled',
  'received',
  'diagnosing',
  'repairing',
  'repaired',
  'shipped_back',
  'completed',
  /** A return refused after assessment: its goods wait to ship back (then rejected). */
  'refused',
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
    'device_id',
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
    /** null for the repair of a registered device bought elsewhere (device_id names it). */
    order_id: { type: ['string', 'null'] },
    device_id: { type: ['string', 'null'] },
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
  required: ['request', 'events', 'uploads', 'next_states', 'return', 'return_steps'],
  properties: {
    request: serviceRequestSchema,
    events: { type: 'array', items: requestEventSchema },
    uploads: { type: 'array', items: uploadMetaSchema },
    next_states: { type: 'array', items: { enum: REQUEST_STATES } },
    /** A return's lines, pick-up, assessment and refund (null for a repair or exchange). */
    return: { oneOf: [{ type: 'null' }, returnDetailSchema] },
    /** The staff steps the return allows now (staff only; empty otherwise). */
    return_steps: { type: 'array', items: { enum: ['schedulePickup', 'recordPickup', 'assess', 'shipBack'] } },
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

export const aftersalesIdBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 40 } },
} as const;

export const aftersalesUploadParams = {
  type: 'object',
  required: ['urlLocal', 'id'],
  properties: { urlLocal: { type: 'string' }, id: { type: 'string', maxLength: 40 } },
} as const;

/**
 * A repair, return or exchange request for a line of one of the user's orders, or a repair of one of the user's
 * devices (`deviceId`: its numbers, model and order come from the device), with its uploads.
 */
export const aftersalesApplyBody = {
  type: 'object',
  required: ['kind', 'model', 'purchaseDate', 'description', 'uploadIds'],
  properties: {
    orderId: { type: 'string', maxLength: 20 },
    commodityId: { type: 'string', maxLength: 40 },
    deviceId: { type: 'string', maxLength: 20 },
    kind: { enum: REQUEST_KINDS },
    imei: { type: 'string', maxLength: 30 },
    serial: { type: 'string', maxLength: 30 },
    model: { type: 'string', maxLength: 100 },
    purchaseDate: { type: 'string', format: 'date' },
    description: { type: 'string', maxLength: 1000 },
    uploadIds: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
  },
} as const;
export type AftersalesApplyBody = FromSchema<typeof aftersalesApplyBody>;

export const aftersalesDetailQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;

export const aftersalesFeedbackBody = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'string', maxLength: 20 }, text: { type: 'string', maxLength: 2000 } },
} as const;
export type AftersalesFeedbackBody = FromSchema<typeof aftersalesFeedbackBody>;

/** A request's progress by its number and the device's IMEI or serial (no sign-in). */
export const aftersalesProgressQuery = {
  type: 'object',
  required: ['requestNo', 'device'],
  properties: { requestNo: { type: 'string', maxLength: 20 }, device: { type: 'string', maxLength: 30 } },
} as const;

export const staffServiceRequestsQuery = {
  type: 'object',
  properties: { state: { enum: ['open', ...REQUEST_STATES] } },
} as const;

export const serviceRequestAdvanceBody = {
  type: 'object',
  required: ['id', 'state'],
  properties: {
    id: { type: 'string', maxLength: 20 },
    state: { enum: REQUEST_STATES },
    note: { type: 'string', maxLength: 500 },
  },
} as const;
export type ServiceRequestAdvanceBody = FromSchema<typeof serviceRequestAdvanceBody>;
