/**
 * Xiaomi stores per country (/store/xiaomi-store/detail and /detail/{storeId}, the "store map" page area and
 * the `store` search type): content/snapshots/stores/stores.json. Addresses are written as the country writes
 * them; hours are local time of the store, one entry per group of days with the same hours.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { localizedSchema } from './common.schema';

export const weekDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const time = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;

export const storeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['storeId', 'name', 'kind', 'address', 'city', 'latitude', 'longitude', 'hours'],
  properties: {
    /** Used in /store/xiaomi-store/detail/{storeId}: digits, unique across every country. */
    storeId: { type: 'string', pattern: '^[0-9]{1,9}$' },
    name: { type: 'string', minLength: 1, maxLength: 120 },
    kind: { enum: ['xiaomi-store', 'authorised-store', 'service-point'] },
    address: { type: 'string', minLength: 1, maxLength: 300 },
    city: { type: 'string', minLength: 1, maxLength: 80 },
    postalCode: { type: 'string', maxLength: 12 },
    phone: { type: 'string', pattern: '^\\+[0-9 ()-]{6,24}$' },
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
    hours: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['days', 'opens', 'closes'],
        properties: {
          days: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: weekDays } },
          opens: time,
          closes: time,
        },
      },
    },
    /** What the store offers beside sales, shown as a line under the address. */
    services: { type: 'array', uniqueItems: true, items: { enum: ['sales', 'repair', 'pickup', 'trade-in'] } },
    note: localizedSchema,
  },
} as const;
export type Store = FromSchema<typeof storeSchema>;

export const storeCountrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['local', 'stores'],
  properties: {
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    stores: { type: 'array', minItems: 1, items: storeSchema },
  },
} as const;
export type StoreCountry = FromSchema<typeof storeCountrySchema>;

export const storesSchema = {
  $id: 'stores',
  type: 'object',
  additionalProperties: false,
  required: ['countries'],
  properties: { countries: { type: 'array', items: storeCountrySchema } },
} as const;
export type StoresSnapshot = FromSchema<typeof storesSchema>;
