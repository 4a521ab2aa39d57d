import type { FromSchema } from 'json-schema-to-ts';

/**
 * F-code campaigns: the codes that grant the right to buy a limited product once. While a campaign of
 * a product is open in a country, that product is sold there only to holders of one of its codes.
 */
export const fcodeCampaignSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'local', 'productId', 'endsAt', 'codes'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{1,40}$' },
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    productId: { type: 'string' },
    endsAt: { type: 'string', format: 'date-time' },
    codes: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: '^[A-Z0-9]{8,16}$' } },
  },
} as const;
export type FcodeCampaign = FromSchema<typeof fcodeCampaignSchema>;

export const fcodesSchema = {
  $id: 'fcodes',
  type: 'object',
  additionalProperties: false,
  required: ['campaigns'],
  properties: { campaigns: { type: 'array', items: fcodeCampaignSchema } },
} as const;
export type FcodesSnapshot = FromSchema<typeof fcodesSchema>;
