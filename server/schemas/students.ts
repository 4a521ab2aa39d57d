/** student programme schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';
import { uploadMetaSchema } from './after-sales';

/** How a student status is verified: a link mailed to a school address, or a document staff review. */
export const STUDENT_METHODS = ['email', 'document'] as const;
export type StudentMethod = (typeof STUDENT_METHODS)[number];

/** What a shopper's student status reads as (expired: verified, past its validity). */
export const STUDENT_STATUSES = ['none', 'awaiting_link', 'in_review', 'verified', 'expired', 'rejected'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

/** The semesters a country's offer names (sites/student-offers.json). */
export const STUDENT_SEMESTER_NAMES = ['spring', 'autumn', 'first', 'second'] as const;
export type StudentSemesterName = (typeof STUDENT_SEMESTER_NAMES)[number];

/**
 * Where the semester's student coupon stands for the shopper: locked (no valid status in this country), available
 * (claim it), claimed (held, usable at checkout), used (on an order).
 */
export const STUDENT_OFFER_STATES = ['locked', 'available', 'claimed', 'used'] as const;

/** The lists staff filter by. */
export const STAFF_STUDENT_FILTERS = ['in_review', 'verified', 'expired', 'rejected', 'all'] as const;

const ms = { type: ['integer', 'null'] } as const;

export const studentVerificationSchema = {
  type: 'object',
  required: [
    'id',
    'status',
    'method',
    'local',
    'school_email',
    'school_name',
    'valid_until',
    'verified_at',
    'reject_reason',
    'link_expires_at',
    'created_at',
  ],
  properties: {
    id: { type: 'string' },
    status: { enum: STUDENT_STATUSES },
    method: { enum: STUDENT_METHODS },
    local: { type: 'string', description: 'the country the status was verified for (its offers apply there)' },
    school_email: { type: ['string', 'null'] },
    school_name: { type: ['string', 'null'] },
    valid_until: ms,
    verified_at: ms,
    reject_reason: { type: ['string', 'null'] },
    link_expires_at: { ...ms, description: 'awaiting_link: when the mailed link stops working' },
    created_at: { type: 'integer' },
  },
} as const;
export type StudentVerificationView = FromSchema<typeof studentVerificationSchema>;

export const studentOfferSchema = {
  type: 'object',
  required: [
    'coupon_id',
    'semester',
    'year',
    'starts_at',
    'ends_at',
    'percent',
    'cap',
    'max_unit_price',
    'currency',
    'exponent',
    'state',
    'user_coupon_id',
  ],
  properties: {
    coupon_id: { type: 'string' },
    semester: { enum: STUDENT_SEMESTER_NAMES },
    year: { type: 'integer', description: 'the year the semester starts in' },
    starts_at: { type: 'integer' },
    ends_at: { type: 'integer', description: 'the next semester starts: the coupon works until then' },
    percent: { type: 'integer', description: 'off one phone or tablet' },
    cap: { type: 'integer', description: 'the most the coupon takes off (minor units)' },
    max_unit_price: { ...ms, description: 'only a device priced at most this (minor units); null: any price' },
    currency: { type: 'string' },
    exponent: { type: 'integer' },
    state: { enum: STUDENT_OFFER_STATES },
    user_coupon_id: { type: ['string', 'null'] },
  },
} as const;
export type StudentOfferView = FromSchema<typeof studentOfferSchema>;

export const studentStatusAnswer = {
  type: 'object',
  required: [
    'status',
    'verification',
    'request',
    'documents',
    'renew_from',
    'can_start',
    'email_suffixes',
    'email_available',
    'validity_months',
    'renewal_days',
    'link_hours',
    'max_files',
    'offer',
  ],
  properties: {
    status: { enum: STUDENT_STATUSES },
    verification: {
      anyOf: [studentVerificationSchema, { type: 'null' }],
      description: 'the verified status, valid or expired',
    },
    request: {
      anyOf: [studentVerificationSchema, { type: 'null' }],
      description: 'a request newer than the verified status: a link waiting, a document in review, or rejected',
    },
    documents: { type: 'array', items: uploadMetaSchema, description: "the request's documents" },
    renew_from: { ...ms, description: 'a verified status may be renewed from this time (before it expires)' },
    can_start: { type: 'boolean', description: 'a new verification (or a renewal) may be started now' },
    email_available: { type: 'boolean', description: 'this country lists school e-mail domains' },
    email_suffixes: { type: 'array', items: { type: 'string' }, description: 'e.g. .edu.tr, shown as a hint' },
    validity_months: { type: 'integer' },
    renewal_days: { type: 'integer' },
    link_hours: { type: 'integer' },
    max_files: { type: 'integer' },
    offer: { anyOf: [studentOfferSchema, { type: 'null' }] },
  },
} as const;
export type StudentStatusAnswer = FromSchema<typeof studentStatusAnswer>;

export const studentEmailBody = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', maxLength: 254 } },
} as const;
export type StudentEmailBody = FromSchema<typeof studentEmailBody>;

export const studentDocumentBody = {
  type: 'object',
  required: ['schoolName', 'documentIds'],
  properties: {
    schoolName: { type: 'string', maxLength: 200 },
    documentIds: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 40 } },
  },
} as const;
export type StudentDocumentBody = FromSchema<typeof studentDocumentBody>;

export const studentConfirmAnswer = {
  type: 'object',
  required: ['status', 'valid_until'],
  properties: { status: { enum: STUDENT_STATUSES }, valid_until: ms },
} as const;

export const studentCouponAnswer = {
  type: 'object',
  required: ['offer'],
  properties: { offer: studentOfferSchema },
} as const;
export type StudentCouponAnswer = FromSchema<typeof studentCouponAnswer>;

export const staffStudentsQuery = {
  type: 'object',
  properties: { status: { enum: STAFF_STUDENT_FILTERS } },
} as const;
export type StaffStudentsQuery = FromSchema<typeof staffStudentsQuery>;

const staffVerificationSchema = {
  ...studentVerificationSchema,
  required: [...studentVerificationSchema.required, 'account_email'],
  properties: { ...studentVerificationSchema.properties, account_email: { type: 'string' } },
} as const;
export type StaffStudentVerificationView = FromSchema<typeof staffVerificationSchema>;

export const staffStudentsAnswer = {
  type: 'object',
  required: ['verifications'],
  properties: { verifications: { type: 'array', items: staffVerificationSchema } },
} as const;
export type StaffStudentsAnswer = FromSchema<typeof staffStudentsAnswer>;

export const staffStudentQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;

export const staffStudentAnswer = {
  type: 'object',
  required: ['verification', 'documents'],
  properties: {
    verification: staffVerificationSchema,
    documents: { type: 'array', items: uploadMetaSchema },
  },
} as const;
export type StaffStudentAnswer = FromSchema<typeof staffStudentAnswer>;

export const staffStudentReviewBody = {
  type: 'object',
  required: ['id', 'decision'],
  properties: {
    id: { type: 'string', maxLength: 20 },
    decision: { enum: ['approve', 'reject'] },
    months: { type: 'integer', minimum: 1, maximum: 12, description: 'approve: the validity (12 by default)' },
    reason: { type: 'string', maxLength: 500, description: 'reject: why, told to the shopper' },
  },
} as const;
export type StaffStudentReviewBody = FromSchema<typeof staffStudentReviewBody>;
