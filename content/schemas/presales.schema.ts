import type { FromSchema } from 'json-schema-to-ts';

/**
 * Pre-sale campaigns (pre-sale deposit then final payment): while the deposit window is open a product
 * is ordered for its deposit; the rest is paid in the final window. The deposit is in the country's currency, major
 * units like the catalogue's prices. A deposit whose final payment is missed is refunded (the rule shown to shoppers).
 */
export const presaleCampaignSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'local', 'productId', 'deposit', 'depositStartsAt', 'depositEndsAt', 'finalStartsAt', 'finalEndsAt'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{1,40}$' },
    local: { type: 'string', pattern: '^[a-z]{2}$' },
    productId: { type: 'string' },
    deposit: { type: 'number', exclusiveMinimum: 0 },
    depositStartsAt: { type: 'string', format: 'date-time' },
    depositEndsAt: { type: 'string', format: 'date-time' },
    finalStartsAt: { type: 'string', format: 'date-time' },
    finalEndsAt: { type: 'string', format: 'date-time' },
  },
} as const;
export type PresaleCampaign = FromSchema<typeof presaleCampaignSchema>;

export const presalesSchema = {
  $id: 'presales',
  type: 'object',
  additionalProperties: false,
  required: ['campaigns'],
  properties: { campaigns: { type: 'array', items: presaleCampaignSchema } },
} as const;
export type PresalesSnapshot = FromSchema<typeof presalesSchema>;
