/** Schemas of the shopper's data rights: the data archive and the deletion of the account (snake_case keys). */
import type { FromSchema } from 'json-schema-to-ts';

export const DATA_EXPORT_STATES = ['pending', 'ready', 'expired', 'failed'] as const;
export const DELETION_STATES = ['unconfirmed', 'scheduled', 'cancelled', 'erased'] as const;

export const dataExportItem = {
  type: 'object',
  required: ['id', 'state', 'size', 'created_at', 'expires_at', 'download_url'],
  properties: {
    id: { type: 'string', description: "the link's token; a download also needs the owner's session" },
    state: { enum: DATA_EXPORT_STATES },
    size: { type: ['integer', 'null'], description: 'bytes of the JSON archive' },
    created_at: { type: 'integer', description: 'ms since epoch' },
    expires_at: { type: ['integer', 'null'] },
    download_url: { type: ['string', 'null'], description: 'while ready: the API path of the download' },
  },
} as const;
export type DataExportItem = FromSchema<typeof dataExportItem>;

export const deletionItem = {
  type: 'object',
  required: ['state', 'effective_at'],
  properties: {
    state: { enum: DELETION_STATES },
    effective_at: { type: ['integer', 'null'], description: 'when a scheduled deletion erases the account' },
  },
} as const;

export const dataRightsAnswer = {
  type: 'object',
  required: ['exports', 'deletion', 'grace_days', 'open_orders', 'open_services'],
  properties: {
    exports: { type: 'array', items: dataExportItem },
    deletion: { anyOf: [deletionItem, { type: 'null' }] },
    grace_days: { type: 'integer', description: 'the grace period of a deletion, in whole days (0: under a day)' },
    open_orders: { type: 'integer', description: 'orders that keep the account from being deleted now' },
    open_services: { type: 'integer', description: 'service requests that keep it from being deleted now' },
  },
} as const;
export type DataRightsAnswer = FromSchema<typeof dataRightsAnswer>;

export const exportAnswer = {
  type: 'object',
  required: ['export'],
  properties: { export: dataExportItem },
} as const;

export const downloadQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const deleteRequestBody = {
  type: 'object',
  required: ['password'],
  properties: { password: { type: 'string', maxLength: 256 } },
} as const;

export const deleteConfirmBody = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const deletionAnswer = {
  type: 'object',
  required: ['deletion'],
  properties: { deletion: { anyOf: [deletionItem, { type: 'null' }] } },
} as const;
export type DeletionAnswer = FromSchema<typeof deletionAnswer>;
