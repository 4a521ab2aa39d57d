import type { FlashSaleOpsBody } from '../schemas/flash-sales';

/** The operator token the flash-sale tests start their servers with. */
export const FLASH_OPS_TOKEN = 'ops-token-for-the-flash-sale-tests-0123';
/** The version the tests sell: /id's Xiaomi 15T Pro, 12+512 GB. */
export const FLASH_PRODUCT = 'xiaomi-15t-pro';
export const FLASH_COMMODITY = '10009';

/**
 * Sets (or moves) a sale through the operator route as an operator would: /id's test version at Rp1.000.000, open
 * from a second ago for an hour, unless `sale` says otherwise; throws with the answer when refused.
 */
export async function setTestSale(
  base: string,
  sale: Partial<FlashSaleOpsBody> & Pick<FlashSaleOpsBody, 'saleId' | 'units'>,
  token = FLASH_OPS_TOKEN,
): Promise<void> {
  const startsAt = new Date(Date.now() - 1000);
  const res = await fetch(`${base}/api/ops/flash-sales`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      local: 'id',
      productId: FLASH_PRODUCT,
      commodityIds: [FLASH_COMMODITY],
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3600_000).toISOString(),
      salePrice: 1_000_000,
      ...sale,
    }),
  });
  const answer = (await res.json()) as { errno: number };
  if (answer.errno !== 0) throw new Error(`setting the sale ${sale.saleId}: ${JSON.stringify(answer)}`);
}
