/** Address schemas of the API (the rules per country are region-config/address-rules.ts, checked after these). */
import type { FromSchema } from 'json-schema-to-ts';

/** The fields of an address form, in the order a form shows them. */
export const ADDRESS_FIELDS = [
  'recipient',
  'phone',
  'street',
  'houseNumber',
  'building',
  'city',
  'state',
  'postalCode',
  'landmark',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/**
 * Every form field as an optional string: a missing one is reported by name with its reason, not as "body must have".
 */
export const addressInputProperties = {
  recipient: { type: 'string', maxLength: 200 },
  phone: { type: 'string', maxLength: 40 },
  street: { type: 'string', maxLength: 200 },
  houseNumber: { type: 'string', maxLength: 200 },
  building: { type: 'string', maxLength: 200 },
  city: { type: 'string', maxLength: 200 },
  state: { type: 'string', maxLength: 200 },
  postalCode: { type: 'string', maxLength: 40 },
  landmark: { type: 'string', maxLength: 200 },
} as const;

export const addressIdBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 20 } },
} as const;

export const addressSchema = {
  type: 'object',
  required: [
    'id',
    'recipient',
    'phone',
    'street',
    'house_number',
    'building',
    'city',
    'state',
    'postal_code',
    'landmark',
    'is_default',
  ],
  properties: {
    id: { type: 'string' },
    recipient: { type: 'string' },
    phone: { type: 'string' },
    street: { type: 'string' },
    house_number: { type: 'string' },
    building: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    postal_code: { type: 'string' },
    landmark: { type: 'string' },
    is_default: { type: 'boolean' },
    invalid_fields: {
      type: 'array',
      items: { enum: ADDRESS_FIELDS },
      description: 'fields an address saved under older rules has that the country no longer accepts',
    },
  },
} as const;
export type AddressView = FromSchema<typeof addressSchema>;

/** A new address (no id) or a change to one of the user's. */
export const addressSaveBody = {
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 20 },
    isDefault: { type: 'boolean' },
    ...addressInputProperties,
  },
} as const;
export type AddressSaveBody = FromSchema<typeof addressSaveBody>;
