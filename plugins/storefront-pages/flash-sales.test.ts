import { describe, expect, it } from 'vitest';
import type { FlashSaleCampaign } from '../../content/schemas/flash-sales.schema';
import { flashSalePath, flashSalesOf } from './flash-sales';

describe('flash-sale campaigns', () => {
  const sale = (id: string, local: string, endsAt: string): FlashSaleCampaign => ({
    id,
    local,
    productId: 'xiaomi-15t-pro',
    commodityIds: ['c1'],
    startsAt: '2030-01-01T10:00:00Z',
    endsAt,
    units: 10,
    salePrice: 100,
    perAccountLimit: 1,
  });

  it("are one country's, ended ones included (a build's pages never depend on when it runs)", () => {
    const all = [
      sale('a', 'id', '2030-01-01T11:00:00Z'),
      sale('b', 'de', '2030-01-01T11:00:00Z'),
      sale('c', 'id', '2020-01-01T00:00:00Z'),
    ];
    expect(flashSalesOf(all, 'id').map((c) => c.id)).toEqual(['a', 'c']);
    expect(flashSalesOf(all, 'fr')).toEqual([]);
    expect(flashSalePath('a')).toBe('/flash-sale/a/');
  });
});
