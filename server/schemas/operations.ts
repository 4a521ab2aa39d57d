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
