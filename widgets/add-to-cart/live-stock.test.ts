import { describe, expect, it } from 'vitest';
import { withLiveStock } from './live-stock';

const built = [
  { commodityId: '1', firstSpecValue: '8GB', secondSpecValue: '', salePrice: 100, marketPrice: 120, stock: 50 },
  { commodityId: '2', firstSpecValue: '12GB', secondSpecValue: '', salePrice: 150, marketPrice: 150, stock: 0 },
  { commodityId: '3', firstSpecValue: '16GB', secondSpecValue: '', salePrice: 180, marketPrice: 180, stock: 9 },
];

describe('the product page with live stock', () => {
  it('takes the live stock over the build\'s, a version off sale as not sold here, and keeps what the API did not name', () => {
    const live = withLiveStock(built, [
      { commodityId: '1', stock: 0, onSale: true },
      { commodityId: '2', stock: 7, onSale: true },
      { commodityId: '3', stock: 4, onSale: false },
    ]);
    expect(live.map((c) => [c.stock, c.salePrice])).toEqual([[0, 100], [7, 150], [0, null]]);
    expect(withLiveStock(built, [])).toEqual(built);
  });
});
