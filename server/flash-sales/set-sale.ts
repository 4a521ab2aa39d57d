import type { FlashSalesRepository } from '../repositories/flash-sales';
import type { FlashSaleSetBody } from '../schemas/flash-sales';
import { ApiError, Errno } from '../errors';
import { commerceRules } from '../../sites/commerce';
import { translate } from '../i18n';
import type { Storefront } from '../storefront';

/**
 * Sets or moves a sale for an operator (`POST /api/ops/flash-sales`) or staff (`POST staff/flash-sales`): a country of
 * the store, a start before the end, versions the product offers there (a won place becomes an order line of one);
 * places already given stay, and every process learns it at once (the repository's NOTIFY).
 */
export async function setFlashSale(
  repo: FlashSalesRepository,
  storefront: Pick<Storefront, 'local' | 'lang'>,
  b: FlashSaleSetBody,
): Promise<void> {
  const { local } = storefront;
  const startsAt = new Date(b.startsAt);
  const endsAt = new Date(b.endsAt);
  if (!(startsAt < endsAt))
    throw new ApiError(Errno.FLASH_SALE_INVALID, translate(storefront, 'flashSale.error.invalid'), 400);
  const foreign = await repo.notOffered(local, b.productId, b.commodityIds);
  if (foreign.length > 0)
    throw new ApiError(Errno.FLASH_SALE_INVALID, translate(storefront, 'flashSale.error.invalid'), 400, {
      commodity_ids: foreign,
    });
  await repo.upsert({
    id: b.saleId,
    local,
    productId: b.productId,
    commodityIds: b.commodityIds,
    startsAt,
    endsAt,
    units: b.units,
    oversubscription: b.oversubscription ?? 0,
    salePrice: b.salePrice,
    currency: commerceRules(local).currency,
    perAccountLimit: b.perAccountLimit ?? 1,
    fcodeRequired: b.fcodeRequired ?? false,
    minClubLevel: b.minClubLevel ?? null,
    waitingRoom: b.waitingRoom ?? false,
    paymentWindowSeconds: b.paymentWindowSeconds ?? 900,
  });
}
