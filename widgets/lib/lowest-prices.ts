import { LOWEST_PRICE_MAX_COMMODITIES, showsLowestPrice } from '../../sites/lowest-price';
import { lowestPriceApi, type LowestOffer } from '../request/lowest-price-api';

export type { LowestOffer };

type Load = (commodityIds: string[]) => Promise<LowestOffer[]>;

/**
 * Asks for the lowest prices of every commodity asked in the same moment in as few requests as allowed (60 ids
 * each): a list page's cards mount one by one as they show, and would otherwise call once per card. An answer is kept
 * for the page's life; a failed request is forgotten, so a later ask tries again.
 */
export function createLowestPriceBatcher(
  load: Load,
  schedule: (flush: () => void) => void = (flush) => void setTimeout(flush, 0),
): (commodityId: string) => Promise<LowestOffer | null> {
  const known = new Map<string, Promise<LowestOffer | null>>();
  let waiting = new Map<string, { resolve: (o: LowestOffer | null) => void; reject: (e: unknown) => void }>();

  const flush = () => {
    const asked = waiting;
    waiting = new Map();
    const ids = [...asked.keys()];
    for (let i = 0; i < ids.length; i += LOWEST_PRICE_MAX_COMMODITIES) {
      const chunk = ids.slice(i, i + LOWEST_PRICE_MAX_COMMODITIES);
      load(chunk).then(
        (offers) => {
          const byId = new Map(offers.map((o) => [o.commodityId, o]));
          for (const id of chunk) asked.get(id)!.resolve(byId.get(id) ?? null);
        },
        (e: unknown) => {
          for (const id of chunk) {
            known.delete(id);
            asked.get(id)!.reject(e);
          }
        },
      );
    }
  };

  return (commodityId) => {
    const kept = known.get(commodityId);
    if (kept) return kept;
    const promise = new Promise<LowestOffer | null>((resolve, reject) => {
      if (waiting.size === 0) schedule(flush);
      waiting.set(commodityId, { resolve, reject });
    });
    known.set(commodityId, promise);
    return promise;
  };
}

const batchers = new Map<string, (commodityId: string) => Promise<LowestOffer | null>>();

/**
 * The reduction and lowest price of the last 30 days of each commodity (those the storefront's country offers), by
 * commodity id; empty, with no request, where the storefront's country does not show the figure.
 */
export async function lowestPricesFor(
  api: string,
  local: string,
  commodityIds: readonly string[],
): Promise<Map<string, LowestOffer>> {
  if (!showsLowestPrice(local) || commodityIds.length === 0) return new Map();
  let ask = batchers.get(api);
  if (!ask) {
    ask = createLowestPriceBatcher(async (ids) => (await lowestPriceApi(api).lowest(ids)).commodities);
    batchers.set(api, ask);
  }
  const offers = await Promise.all(commodityIds.map(ask));
  return new Map(offers.filter((o): o is LowestOffer => o !== null).map((o) => [o.commodityId, o]));
}
