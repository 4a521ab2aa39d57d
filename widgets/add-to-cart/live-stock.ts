import { useSignal, type ReadonlySignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { request } from '../request';
import { site } from '../state/site';
import type { CommodityOption } from '../contract';
import type { LowestOffer } from '../lib/lowest-prices';

/** GET stock (server/routes/operations/inventory.ts) in the camelCase the request layer gives. */
interface LiveStock {
  commodities: { commodityId: string; stock: number; onSale: boolean }[];
}

/** The built versions with the live stock laid over them; a version off sale now reads as not sold here. */
export function withLiveStock(built: readonly CommodityOption[], live: LiveStock['commodities']): CommodityOption[] {
  const now = new Map(live.map((c) => [c.commodityId, c]));
  return built.map((c) => {
    const l = now.get(c.commodityId);
    if (!l) return c;
    return l.onSale ? { ...c, stock: l.stock } : { ...c, stock: 0, salePrice: null, marketPrice: null };
  });
}

/**
 * The built versions with the prices the served release charges laid over them (EU and EEA, where the island asks for
 * the lowest prices anyway): a page cached from before a publish then shows the price its lowest-price line is about.
 */
export function withLivePrices(
  built: readonly CommodityOption[],
  live: ReadonlyMap<string, LowestOffer> | null | undefined,
): readonly CommodityOption[] {
  if (!live || live.size === 0) return built;
  return built.map((c) => {
    const l = live.get(c.commodityId);
    if (!l?.onSale || c.salePrice === null) return c;
    const unit = 10 ** l.exponent;
    return { ...c, salePrice: l.salePrice / unit, marketPrice: l.marketPrice / unit };
  });
}

/**
 * The product's versions with their live stock: the page is static HTML built with the stock of its build, so the
 * island asks the API once it loads and shows the build's values until then (and if the call fails).
 */
export function useLiveStock(
  productId: string,
  built: readonly CommodityOption[],
): ReadonlySignal<readonly CommodityOption[]> {
  const commodities = useSignal<readonly CommodityOption[]>(built);
  useEffect(() => {
    let gone = false;
    request<LiveStock>(`${site.value.api}/stock`, { params: { productId } }).then(
      (live) => {
        if (!gone) commodities.value = withLiveStock(built, live.commodities);
      },
      () => {
        // Keep the build's values: the cart and the checkout check the live stock anyway.
      },
    );
    return () => {
      gone = true;
    };
  }, [productId]);
  return commodities;
}

/**
 * The spec grid is built HTML outside the island: its versions are marked sold out (class and note) by the build's
 * stock, so the live stock marks them again. Version links end in `/item/<commodityId>/`.
 */
export function markSpecGrid(root: ParentNode, commodities: readonly CommodityOption[], soldOut: string): void {
  for (const c of commodities) {
    // Commodity ids are digits (the API's schema), safe in a selector.
    const link = root.querySelector<HTMLElement>(`.spec-grid__option[href$="/item/${c.commodityId}/"]`);
    if (!link) continue;
    const out = c.stock <= 0 || c.salePrice === null;
    link.classList.toggle('is-sold-out', out);
    const note = link.querySelector('.spec-grid__note');
    if (!out) note?.remove();
    else if (!note) {
      const span = link.ownerDocument.createElement('span');
      span.className = 'spec-grid__note';
      span.textContent = ` (${soldOut})`;
      link.append(span);
    }
  }
}
