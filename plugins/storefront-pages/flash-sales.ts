/**
 * The flash-sale campaigns the sale pages and product banners are built from: content/snapshots/promotions/
 * flash-sales.json, whose schema and builder belong to the flash-sale core (content/schemas/flash-sales.schema.ts).
 * Until that snapshot exists no sale page is built. At the merge this reads `build.content.flashSales` (validated by
 * content/load.ts like every other snapshot) instead of the file, and the local type below gives way to the schema's.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A campaign as the pages need it (a subset of the snapshot's fields). */
export interface FlashSaleCampaign {
  id: string;
  local: string;
  productId: string;
  commodityIds: string[];
  /** ISO instants; the window is half-open, as on the server. */
  startsAt: string;
  endsAt: string;
  units: number;
  /** Minor units of the country's currency. */
  salePrice: number;
  perAccountLimit: number;
}

export const flashSalesFile = 'snapshots/promotions/flash-sales.json';

type Raw = Partial<FlashSaleCampaign> & { saleId?: string };

function campaignOf(raw: Raw): FlashSaleCampaign | null {
  const id = raw.id ?? raw.saleId;
  if (!id || !raw.local || !raw.productId || !raw.startsAt || !raw.endsAt) return null;
  return {
    id,
    local: raw.local,
    productId: raw.productId,
    commodityIds: raw.commodityIds ?? [],
    startsAt: raw.startsAt,
    endsAt: raw.endsAt,
    units: raw.units ?? 0,
    salePrice: raw.salePrice ?? 0,
    perAccountLimit: raw.perAccountLimit ?? 1,
  };
}

const cache = new Map<string, FlashSaleCampaign[]>();

/** Every campaign of the snapshot under `root` (the content folder); none when the file is absent. */
export function flashSaleCampaigns(root: string = path.resolve('content')): FlashSaleCampaign[] {
  const known = cache.get(root);
  if (known) return known;
  const file = path.join(root, flashSalesFile);
  let list: FlashSaleCampaign[] = [];
  if (fs.existsSync(file)) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { sales?: Raw[]; campaigns?: Raw[] };
    list = (json.sales ?? json.campaigns ?? []).flatMap((raw) => campaignOf(raw) ?? []);
  }
  cache.set(root, list);
  return list;
}

/**
 * The campaigns of one country. Ended ones keep their page (the island says "ended"), so the pages a build makes
 * follow from its inputs alone, never from the moment it runs.
 */
export function flashSalesOf(campaigns: readonly FlashSaleCampaign[], local: string): FlashSaleCampaign[] {
  return campaigns.filter((c) => c.local === local);
}

/** The sale page's path under the storefront's home. */
export const flashSalePath = (saleId: string): string => `/flash-sale/${encodeURIComponent(saleId)}/`;
