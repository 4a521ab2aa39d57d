import type { FromSchema } from 'json-schema-to-ts';

/**
 * Flash sales: `units` of chosen versions of one product sold in one country at a sale price from the start second,
 * in arrival order, each place held for the payment window. The sale price is in the country's currency, major
 * units like the catalogue's prices. Campaigns are content; the places, sold units and orders are live data that a
 * re-seed never touches (an operator may also set or move a sale with `POST /api/ops/flash-sales`).
 */
export const flashSaleCampaignSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'local', 'productId', 'commodityIds', 'startsAt', 'endsAt', 'units', 'salePrice'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{1,58}$' },
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    productId: { type: 'string' },
    commodityIds: { type: 'array', minItems: 1, maxItems: 20, uniqueItems: true, items: { type: 'string' } },
    startsAt: { type: 'string', format: 'date-time' },
    endsAt: { type: 'string', format: 'date-time' },
    units: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    /** Waiting places beyond the units, for winners whose payment fails (released to them in arrival order). */
    oversubscription: { type: 'integer', minimum: 0, maximum: 100_000 },
    salePrice: { type: 'number', exclusiveMinimum: 0 },
    /** Units one account may ask for (default 1); the API's quantity allows up to 10. */
    perAccountLimit: { type: 'integer', minimum: 1, maximum: 10 },
    fcodeRequired: { type: 'boolean' },
    minClubLevel: { type: 'string' },
    /** Every ask beyond the units waits in line (no cap) and hears sold out only once every unit is paid for. */
    waitingRoom: { type: 'boolean' },
    paymentWindowSeconds: { type: 'integer', minimum: 30, maximum: 86_400 },
  },
} as const;
export type FlashSaleCampaign = FromSchema<typeof flashSaleCampaignSchema>;

export const flashSalesSchema = {
  $id: 'flash-sales',
  type: 'object',
  additionalProperties: false,
  required: ['sales'],
  properties: { sales: { type: 'array', items: flashSaleCampaignSchema } },
} as const;
export type FlashSalesSnapshot = FromSchema<typeof flashSalesSchema>;
