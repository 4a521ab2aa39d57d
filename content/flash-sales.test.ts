import { describe, expect, it } from 'vitest';
import { flashSalesHold } from './flash-sale-rules';
import { buildProducts } from './tools/build-catalogue';
import { buildFlashSales } from './tools/build-flash-sales';
import type { FlashSaleCampaign } from './schemas/flash-sales.schema';

const products = buildProducts().products;
const locals = new Set(['id', 'de']);
const file = 'content/snapshots/promotions/flash-sales.json';
const check = (sales: FlashSaleCampaign[]) => flashSalesHold({ file, data: { sales } }, products, locals);

describe('flash-sale snapshot rules', () => {
  it('holds for the committed snapshot, with a sale in /id and one in /de', () => {
    const { sales } = buildFlashSales();
    expect(check(sales)).toEqual([]);
    expect(sales.map((s) => s.local).sort()).toEqual(['de', 'id']);
  });

  it('names the sale and field of each problem', () => {
    const [good] = buildFlashSales().sales;
    const issues = check([
      good!,
      { ...good!, endsAt: good!.startsAt },
      { ...good!, id: 'other', productId: 'no-such-phone' },
      { ...good!, id: 'third', commodityIds: ['10013', '10001'], local: 'zz' },
      { ...good!, id: 'fourth', commodityIds: ['10013'], salePrice: 99_999_999 },
    ]);
    expect(issues.map((i) => `${i.pointer}: ${i.message}`)).toEqual([
      `/sales/1/id: duplicate flash sale id "${good!.id}"`,
      '/sales/1/endsAt: the sale must end after it starts',
      '/sales/2/productId: product "no-such-phone" is not in the catalogue',
      '/sales/3/local: unknown country "zz"',
      '/sales/3/commodityIds/0: "10013" is not a version of "xiaomi-15t" on sale in zz',
      '/sales/3/commodityIds/1: "10001" is not a version of "xiaomi-15t" on sale in zz',
      '/sales/4/salePrice: the sale price must be below the shelf price of "10013" (9859000)',
    ]);
  });
});
