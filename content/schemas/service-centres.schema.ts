import type { FromSchema } from 'json-schema-to-ts';

/** The services a centre may offer (after-sales repair, battery and screen work, software, inspection). */
export const SERVICE_KINDS = ['repair', 'battery', 'screen', 'software', 'inspection'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clock = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;
/** Opening hours of one weekday in the centre's local time, or null when it is closed that day. */
const dayHours = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      additionalProperties: false,
      required: ['open', 'close'],
      properties: { open: clock, close: clock },
    },
  ],
} as const;

/**
 * A service centre (the find service center page area): where it is, when it is open, what it does, and how
 * many customers one appointment slot takes (`capacity` per slot of `slotMinutes`).
 */
export const serviceCentreSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'name',
    'city',
    'address',
    'phone',
    'latitude',
    'longitude',
    'services',
    'slotMinutes',
    'capacity',
    'hours',
  ],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{2,60}$' },
    name: { type: 'string', minLength: 1, maxLength: 120 },
    city: { type: 'string', minLength: 1, maxLength: 80 },
    address: { type: 'string', minLength: 1, maxLength: 300 },
    postalCode: { type: 'string', maxLength: 12 },
    phone: { type: 'string', pattern: '^[0-9+()\\- ]{5,30}$' },
    email: { type: 'string', format: 'email' },
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
    services: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: SERVICE_KINDS } },
    slotMinutes: { type: 'integer', minimum: 10, maximum: 240 },
    capacity: { type: 'integer', minimum: 1, maximum: 50 },
    hours: {
      type: 'object',
      additionalProperties: false,
      required: [...WEEKDAYS],
      properties: {
        mon: dayHours,
        tue: dayHours,
        wed: dayHours,
        thu: dayHours,
        fri: dayHours,
        sat: dayHours,
        sun: dayHours,
      },
    },
  },
} as const;
export type ServiceCentre = FromSchema<typeof serviceCentreSchema>;

/** A country's centres and its booking rules (its limits kept as data, one place each). */
export const serviceCentreCountrySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['local', 'changeCutoffHours', 'minLeadMinutes', 'bookingHorizonDays', 'centres'],
  properties: {
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    /** Cancel or reschedule no later than this many hours before the appointment. */
    changeCutoffHours: { type: 'integer', minimum: 0, maximum: 168 },
    /** A slot must start at least this long after booking. */
    minLeadMinutes: { type: 'integer', minimum: 0, maximum: 2880 },
    /** How many days ahead slots can be booked. */
    bookingHorizonDays: { type: 'integer', minimum: 1, maximum: 90 },
    centres: { type: 'array', minItems: 1, items: serviceCentreSchema },
  },
} as const;
export type ServiceCentreCountry = FromSchema<typeof serviceCentreCountrySchema>;

export const serviceCentresSchema = {
  $id: 'service-centres',
  type: 'object',
  additionalProperties: false,
  required: ['countries'],
  properties: { countries: { type: 'array', items: serviceCentreCountrySchema } },
} as const;
export type ServiceCentresSnapshot = FromSchema<typeof serviceCentresSchema>;
