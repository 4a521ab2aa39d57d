/** Schema pieces shared by the routes. */

/** `/api/:urlLocal` — validated against the storefront table in a hook (unknown → errno 40400). */
export const storefrontParams = {
  type: 'object',
  required: ['urlLocal'],
  properties: {
    urlLocal: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$', description: 'storefront prefix, e.g. id, be-fr' },
  },
} as const;

/** Every GET may carry `from`; `cacheable=1` is the client's cache hint. Other query keys are ignored. */
export const baseQueryProperties = {
  from: { type: 'string', maxLength: 32, pattern: '^[A-Za-z0-9_.-]*$' },
  cacheable: { type: 'string', maxLength: 8 },
} as const;

export const commodityId = { type: 'string', pattern: '^[0-9]{1,20}$', description: 'commodity (SKU) id' } as const;

export const energyLabel = {
  type: 'object',
  additionalProperties: true,
  properties: {
    energy_image: { type: 'string' },
    energy_info: { type: 'string' },
    product_energy: { type: 'string' },
    product_energy_info: { type: 'string' },
    description: { type: 'string' },
  },
} as const;

export const bundleLabel = {
  type: 'object',
  additionalProperties: true,
  properties: {
    title: { type: 'string' },
    energy: energyLabel,
    durability: { type: 'object', additionalProperties: true },
  },
} as const;

/** The data of a call that only reports errno (any keys the handler adds are not sent). */
export const noData = { type: 'object', properties: {} } as const;

/** Empty data object for calls that only report errno. */
export const emptyObject = { type: 'object', additionalProperties: false, properties: {} } as const;

/** The envelope of a failed call: data null, a non-zero errno and a message for people. */
export const errorEnvelope = {
  type: 'object',
  required: ['data', 'errno', 'errmsg'],
  properties: { data: { type: 'null' }, errno: { type: 'integer', minimum: 1 }, errmsg: { type: 'string' } },
} as const;

/** A GET that reads only the common query keys. */
export const baseQuery = { type: 'object', properties: baseQueryProperties } as const;
