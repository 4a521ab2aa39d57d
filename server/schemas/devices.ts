/**
 * My devices and the warranty check (snake_case keys; widgets see them camelCased). Dates are 'YYYY-MM-DD' in the
 * device's country; times are ms since the epoch.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { REQUEST_KINDS, REQUEST_STATES } from './after-sales';
import { POLICY_STATES } from './insurance';

/** Where a device came from: a shipment of the store (numbers named by the warehouse) or the shopper's registration. */
export const DEVICE_SOURCES = ['shipment', 'registration'] as const;
export type DeviceSource = (typeof DEVICE_SOURCES)[number];
/** A registration waits for staff to check its proof of purchase; a shipment's unit is verified by the shipment. */
export const DEVICE_VERIFICATIONS = ['pending', 'verified', 'rejected'] as const;
export type DeviceVerification = (typeof DEVICE_VERIFICATIONS)[number];
/** Where a unit's warranty stands today: covered, ended, not started yet (on its way), or not known to the store. */
export const WARRANTY_STATUSES = ['in_warranty', 'expired', 'not_started', 'unknown'] as const;
export type WarrantyStatus = (typeof WARRANTY_STATUSES)[number];

/** At most this many numbered units per order line in one shipment call (the body's 64 KiB hold them). */
export const MAX_UNITS_PER_SHIPMENT_LINE = 500;

const day = { type: ['string', 'null'], description: "'YYYY-MM-DD' in the device's country" } as const;
const number = { type: 'string', maxLength: 30 } as const;

/** One unit of a shipped line: its IMEI (15 digits with the check digit) and/or serial (8-20 letters, digits). */
export const shipmentUnitSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { imei: number, serial: number },
} as const;
export type ShipmentUnitInput = FromSchema<typeof shipmentUnitSchema>;

/** The units of a shipped line, one entry per unit shipped (serialised products: phones, tablets, scooters…). */
export const shipmentUnitsSchema = {
  type: 'array',
  maxItems: MAX_UNITS_PER_SHIPMENT_LINE,
  items: shipmentUnitSchema,
  description: 'one entry per unit of a serialised product shipped in this parcel; as many as the quantity',
} as const;

/** A unit's warranty: the status on today's date, the last day covered, and its months (refurbished: its own). */
export const warrantySchema = {
  type: 'object',
  required: ['status', 'until', 'months', 'refurbished'],
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: WARRANTY_STATUSES },
    until: day,
    months: { type: 'integer' },
    refurbished: { type: 'boolean' },
  },
} as const;

/** The device protection plan on the unit (the policy naming its IMEI): where it stands and its cover. */
export const deviceProtectionSchema = {
  type: 'object',
  required: ['policy_id', 'state', 'starts_at', 'ends_at', 'can_claim'],
  additionalProperties: false,
  properties: {
    policy_id: { type: 'string' },
    state: { enum: POLICY_STATES },
    starts_at: { type: ['integer', 'null'] },
    ends_at: { type: ['integer', 'null'] },
    can_claim: { type: 'boolean', description: 'covered now and claims of the rolling year left' },
  },
} as const;

/** A service request of the device, as its history lists it. */
export const deviceServiceSchema = {
  type: 'object',
  required: ['id', 'request_no', 'kind', 'state', 'created_at'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    request_no: { type: 'string' },
    kind: { type: 'string', enum: REQUEST_KINDS },
    state: { type: 'string', enum: REQUEST_STATES },
    created_at: { type: 'integer' },
  },
} as const;

/** One of the account's devices as its owner sees it. */
export const deviceSchema = {
  type: 'object',
  required: [
    'id',
    'product_id',
    'model',
    'spec',
    'imei',
    'serial',
    'source',
    'storefront',
    'country',
    'order_id',
    'verification',
    'rejection_reason',
    'purchase_date',
    'delivered_on',
    'warranty',
    'protection',
    'service',
    'created_at',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    product_id: { type: 'string' },
    model: { type: 'string' },
    spec: { type: 'string' },
    imei: { type: ['string', 'null'] },
    serial: { type: ['string', 'null'] },
    source: { type: 'string', enum: DEVICE_SOURCES },
    storefront: { type: 'string', description: 'the storefront it was bought or registered in' },
    country: { type: 'string', description: "that storefront's country, whose warranty it has" },
    order_id: { type: ['string', 'null'] },
    verification: { type: 'string', enum: DEVICE_VERIFICATIONS },
    rejection_reason: { type: ['string', 'null'] },
    purchase_date: day,
    delivered_on: day,
    /** null until staff verified a registration. */
    warranty: { oneOf: [{ type: 'null' }, warrantySchema] },
    /** null when no plan insures the unit. */
    protection: { oneOf: [{ type: 'null' }, deviceProtectionSchema] },
    service: { type: 'array', items: deviceServiceSchema },
    created_at: { type: 'integer' },
  },
} as const;
export type DeviceView = FromSchema<typeof deviceSchema>;

export const devicesAnswer = {
  type: 'object',
  required: ['devices', 'pending_max', 'devices_max'],
  properties: {
    devices: { type: 'array', items: deviceSchema },
    pending_max: { type: 'integer', description: 'registrations that may wait for staff at a time' },
    devices_max: { type: 'integer' },
  },
} as const;
export type DevicesAnswer = FromSchema<typeof devicesAnswer>;

export const deviceModelsAnswer = {
  type: 'object',
  required: ['models', 'max_files'],
  properties: {
    models: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'category'],
        additionalProperties: false,
        properties: { id: { type: 'string' }, name: { type: 'string' }, category: { type: 'string' } },
      },
    },
    max_files: { type: 'integer' },
  },
} as const;
export type DeviceModelsAnswer = FromSchema<typeof deviceModelsAnswer>;

/** A unit bought elsewhere or before: the product, its IMEI or serial, the purchase date and the proof's uploads. */
export const deviceRegisterBody = {
  type: 'object',
  required: ['productId', 'purchaseDate', 'uploadIds'],
  additionalProperties: false,
  properties: {
    productId: { type: 'string', maxLength: 100 },
    imei: number,
    serial: number,
    purchaseDate: { type: 'string', format: 'date' },
    uploadIds: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
  },
} as const;
export type DeviceRegisterBody = FromSchema<typeof deviceRegisterBody>;

export const deviceAnswer = {
  type: 'object',
  required: ['device'],
  properties: { device: deviceSchema },
} as const;
export type DeviceAnswer = FromSchema<typeof deviceAnswer>;

export const deviceIdBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;
export type DeviceIdBody = FromSchema<typeof deviceIdBody>;

export const warrantyCheckQuery = {
  type: 'object',
  required: ['number'],
  properties: { number: { type: 'string', maxLength: 40, description: 'an IMEI (15 digits) or a serial number' } },
} as const;
export type WarrantyCheckQuery = FromSchema<typeof warrantyCheckQuery>;

/**
 * The public warranty check: the model and where its warranty stands, never who bought it, where or in which order.
 * A number the store does not know has the same shape (model null, status unknown).
 */
export const warrantyCheckAnswer = {
  type: 'object',
  required: ['number', 'model', 'status', 'until'],
  additionalProperties: false,
  properties: {
    number: { type: 'string', description: 'the number as looked up (spaces and dashes dropped)' },
    model: { type: ['string', 'null'] },
    status: { type: 'string', enum: WARRANTY_STATUSES },
    until: day,
  },
} as const;
export type WarrantyCheckAnswer = FromSchema<typeof warrantyCheckAnswer>;

/** A device as staff see it: the owner's view plus the owner's address, the proof's files and when it ended. */
export const staffDeviceSchema = {
  type: 'object',
  required: ['device', 'user_id', 'email', 'uploads', 'ended_at', 'ended_reason'],
  additionalProperties: false,
  properties: {
    device: deviceSchema,
    user_id: { type: 'integer' },
    email: { type: 'string' },
    uploads: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'file_name', 'content_type', 'size'],
        additionalProperties: false,
        properties: {
          id: { type: 'string' },
          file_name: { type: 'string' },
          content_type: { type: 'string' },
          size: { type: 'integer' },
        },
      },
    },
    ended_at: { type: ['integer', 'null'] },
    ended_reason: { type: ['string', 'null'] },
  },
} as const;
export type StaffDeviceView = FromSchema<typeof staffDeviceSchema>;

export const staffDevicesQuery = {
  type: 'object',
  properties: {
    number: {
      type: 'string',
      maxLength: 40,
      description: 'an IMEI or serial: every row of it; none: registrations to verify',
    },
  },
} as const;
export type StaffDevicesQuery = FromSchema<typeof staffDevicesQuery>;

export const staffDevicesAnswer = {
  type: 'object',
  required: ['devices'],
  properties: { devices: { type: 'array', items: staffDeviceSchema } },
} as const;
export type StaffDevicesAnswer = FromSchema<typeof staffDevicesAnswer>;

/** Staff's decision on a registration: verify (optionally correcting the purchase date) or reject with a reason. */
export const staffDeviceReviewBody = {
  type: 'object',
  required: ['id', 'decision'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', maxLength: 20 },
    decision: { type: 'string', enum: ['verify', 'reject'] },
    purchaseDate: { type: 'string', format: 'date' },
    reason: { type: 'string', maxLength: 500 },
  },
} as const;
export type StaffDeviceReviewBody = FromSchema<typeof staffDeviceReviewBody>;

export const staffDeviceAnswer = {
  type: 'object',
  required: ['device'],
  properties: { device: staffDeviceSchema },
} as const;
export type StaffDeviceAnswer = FromSchema<typeof staffDeviceAnswer>;
