/** operations schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';

export const opsGiftcardsIssueAnswer = {
  type: 'object',
  required: ['code', 'currency'],
  properties: { code: { type: 'string' }, currency: { type: 'string' } },
} as const;
export type OpsGiftcardsIssueAnswer = FromSchema<typeof opsGiftcardsIssueAnswer>;

export const opsEnterpriseApproveAnswer = {
  type: 'object',
  required: ['account_id'],
  properties: { account_id: { type: 'string' } },
} as const;
export type OpsEnterpriseApproveAnswer = FromSchema<typeof opsEnterpriseApproveAnswer>;

export const opsEnterpriseValidityAnswer = {
  type: 'object',
  required: ['account_id'],
  properties: { account_id: { type: 'string' } },
} as const;
export type OpsEnterpriseValidityAnswer = FromSchema<typeof opsEnterpriseValidityAnswer>;

export const opsBankTransferConfirmAnswer = {
  type: 'object',
  required: ['order_id', 'paid', 'remaining'],
  properties: { order_id: { type: 'string' }, paid: { type: 'boolean' }, remaining: { type: 'integer' } },
} as const;
export type OpsBankTransferConfirmAnswer = FromSchema<typeof opsBankTransferConfirmAnswer>;

export const opsDate = { type: 'string', format: 'date-time' } as const;

export const opsPresaleWindowsBody = {
  type: 'object',
  required: ['campaignId', 'depositStartsAt', 'depositEndsAt', 'finalStartsAt', 'finalEndsAt'],
  properties: {
    campaignId: { type: 'string', maxLength: 60 },
    depositStartsAt: opsDate,
    depositEndsAt: opsDate,
    finalStartsAt: opsDate,
    finalEndsAt: opsDate,
  },
} as const;
export type OpsPresaleWindowsBody = FromSchema<typeof opsPresaleWindowsBody>;

export const opsCouponWindowBody = {
  type: 'object',
  required: ['couponId', 'startsAt', 'endsAt'],
  properties: { couponId: { type: 'string', maxLength: 60 }, startsAt: opsDate, endsAt: opsDate },
} as const;
export type OpsCouponWindowBody = FromSchema<typeof opsCouponWindowBody>;

export const opsGiftcardsIssueBody = {
  type: 'object',
  required: ['local', 'amount'],
  properties: {
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    amount: { type: 'integer', minimum: 1, maximum: 100_000_000_000 },
  },
} as const;
export type OpsGiftcardsIssueBody = FromSchema<typeof opsGiftcardsIssueBody>;

export const opsEnterpriseApproveBody = {
  type: 'object',
  required: ['email', 'local', 'companyName', 'tax'],
  properties: {
    email: { type: 'string', maxLength: 254 },
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    companyName: { type: 'string', minLength: 1, maxLength: 200 },
    tax: { type: 'object', additionalProperties: { type: 'string', maxLength: 40 }, maxProperties: 4 },
    vatExempt: { type: 'boolean' },
  },
} as const;
export type OpsEnterpriseApproveBody = FromSchema<typeof opsEnterpriseApproveBody>;

export const opsEnterpriseValidityBody = {
  type: 'object',
  required: ['email', 'local', 'validUntil'],
  properties: {
    email: { type: 'string', maxLength: 254 },
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    validUntil: opsDate,
  },
} as const;
export type OpsEnterpriseValidityBody = FromSchema<typeof opsEnterpriseValidityBody>;

export const opsBankTransferConfirmBody = {
  type: 'object',
  required: ['partId'],
  properties: { partId: { type: 'string', maxLength: 20 } },
} as const;
export type OpsBankTransferConfirmBody = FromSchema<typeof opsBankTransferConfirmBody>;
