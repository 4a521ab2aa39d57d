/**
 * The flash-sale campaigns the sale pages and product banners are built from: the content snapshot's
 * (`build.content.flashSales`, validated by content/load.ts and part of the build's inputs).
 */
import type { FlashSaleCampaign } from '../../content/schemas/flash-sales.schema';

/**
 * The campaigns of one country. Ended ones keep their page (the island says "ended"), so the pages a build makes
 * follow from its inputs alone, never from the moment it runs.
 */
export function flashSalesOf(campaigns: readonly FlashSaleCampaign[], local: string): FlashSaleCampaign[] {
  return campaigns.filter((c) => c.local === local);
}

/** The sale page's path under the storefront's home. */
export const flashSalePath = (saleId: string): string => `/flash-sale/${encodeURIComponent(saleId)}/`;
