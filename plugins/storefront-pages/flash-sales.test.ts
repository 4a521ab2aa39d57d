import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flashSaleCampaigns, flashSalePath, flashSalesFile, flashSalesOf } from './flash-sales';

describe('flash-sale campaigns', () => {
  it('are none while the snapshot is absent, so no sale page is built', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flash-'));
    expect(flashSaleCampaigns(root)).toEqual([]);
  });

  it("are read from the snapshot, one country's", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flash-'));
    fs.mkdirSync(path.dirname(path.join(root, flashSalesFile)), { recursive: true });
    const sale = (id: string, local: string, endsAt: string) => ({
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
    fs.writeFileSync(
      path.join(root, flashSalesFile),
      JSON.stringify({
        sales: [
          sale('a', 'id', '2030-01-01T11:00:00Z'),
          sale('b', 'de', '2030-01-01T11:00:00Z'),
          sale('c', 'id', '2020-01-01T00:00:00Z'),
        ],
      }),
    );
    expect(flashSalesOf(flashSaleCampaigns(root), 'id').map((c) => c.id)).toEqual(['a', 'c']);
    expect(flashSalePath('a')).toBe('/flash-sale/a/');
  });
});
