import { request } from './';
import type { Camelized } from './camelized';
import type { LowestPriceOffer, LowestPricesAnswer } from '../../server/schemas/prices';

export type LowestOffer = Camelized<LowestPriceOffer>;
export type LowestPrices = Camelized<LowestPricesAnswer>;

/** GET prices/lowest (server/routes/catalogue/prices.ts); `api` is the storefront's API base. */
export function lowestPriceApi(api: string) {
  return {
    lowest: (commodityIds: readonly string[]) =>
      request<LowestPrices>(`${api}/prices/lowest`, { params: { commodity_ids: commodityIds.join(',') } }),
  };
}
