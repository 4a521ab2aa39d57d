/**
 * The flash-sale snapshot: the Xiaomi 15T's launch sale in /id (noon in Jakarta) and /de (10:00 in Berlin), a week
 * long each, far enough ahead that the committed snapshot stays valid; tests and the bench set their own sales with
 * `POST /api/ops/flash-sales`. Sale prices in major units, below every sold version's shelf price.
 */
import type { FlashSalesSnapshot } from '../schemas/flash-sales.schema';

export function buildFlashSales(): FlashSalesSnapshot {
  const versions = ['10013', '10014'];
  return {
    sales: [
      {
        id: 'id-xiaomi-15t-flash',
        local: 'id',
        productId: 'xiaomi-15t',
        commodityIds: versions,
        startsAt: '2027-06-06T05:00:00Z',
        endsAt: '2027-06-13T16:59:59Z',
        units: 200,
        oversubscription: 20,
        salePrice: 7_999_000,
        perAccountLimit: 1,
        paymentWindowSeconds: 900,
      },
      {
        id: 'de-xiaomi-15t-flash',
        local: 'de',
        productId: 'xiaomi-15t',
        commodityIds: versions,
        startsAt: '2027-06-06T08:00:00Z',
        endsAt: '2027-06-13T21:59:59Z',
        units: 100,
        oversubscription: 10,
        salePrice: 399,
        perAccountLimit: 1,
        paymentWindowSeconds: 1800,
      },
    ],
  };
}
