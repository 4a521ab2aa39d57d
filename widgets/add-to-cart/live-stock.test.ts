import { describe, expect, it } from 'vitest';
import { markSpecGrid, withLivePrices, withLiveStock } from './live-stock';
import type { LowestOffer } from '../lib/lowest-prices';

const built = [
  { commodityId: '1', firstSpecValue: '8GB', secondSpecValue: '', salePrice: 100, marketPrice: 120, stock: 50 },
  { commodityId: '2', firstSpecValue: '12GB', secondSpecValue: '', salePrice: 150, marketPrice: 150, stock: 0 },
  { commodityId: '3', firstSpecValue: '16GB', secondSpecValue: '', salePrice: 180, marketPrice: 180, stock: 9 },
];

describe('the product page with live stock', () => {
  it("takes live stock over the build's, an off-sale version as not sold here, keeps what the API did not name", () => {
    const live = withLiveStock(built, [
      { commodityId: '1', stock: 0, onSale: true },
      { commodityId: '2', stock: 7, onSale: true },
      { commodityId: '3', stock: 4, onSale: false },
    ]);
    expect(live.map((c) => [c.stock, c.salePrice])).toEqual([
      [0, 100],
      [7, 150],
      [0, null],
    ]);
    expect(withLiveStock(built, [])).toEqual(built);
  });
});

describe('the product page with the served release’s prices (EU and EEA)', () => {
  const live = (commodityId: string, salePrice: number, marketPrice: number, onSale = true): LowestOffer => ({
    commodityId,
    currency: 'EUR',
    exponent: 2,
    salePrice,
    marketPrice,
    onSale,
    reduced: marketPrice > salePrice,
    reducedSince: null,
    lowestPrice: null,
    basis: null,
  });

  it('takes the prices a publish started over a page built before it; keeps what it cannot use', () => {
    const out = withLivePrices(
      built,
      new Map([
        ['1', live('1', 8_999, 12_000)],
        ['2', live('2', 14_000, 15_000, false)],
      ]),
    );
    expect(out.map((c) => [c.salePrice, c.marketPrice])).toEqual([
      [89.99, 120],
      [150, 150],
      [180, 180],
    ]);
    // Outside the EU and EEA nothing is asked, and the build's prices stand.
    expect(withLivePrices(built, new Map())).toBe(built);
    expect(withLivePrices(built, null)).toBe(built);
  });
});

/** Just enough of a version link of the built spec grid for markSpecGrid. */
class FakeLink {
  classes = new Set<string>();
  note: { className: string; textContent: string; remove: () => void } | null = null;
  constructor(
    readonly href: string,
    soldOut: boolean,
  ) {
    if (soldOut) {
      this.classes.add('is-sold-out');
      this.append({ className: 'spec-grid__note', textContent: ' (Sold out)' });
    }
  }
  classList = { toggle: (name: string, on: boolean) => (on ? this.classes.add(name) : this.classes.delete(name)) };
  ownerDocument = { createElement: () => ({ className: '', textContent: '' }) };
  querySelector = () => this.note;
  append(el: { className: string; textContent: string }) {
    this.note = { ...el, remove: () => (this.note = null) };
  }
}

describe('the spec grid with live stock', () => {
  it('marks versions sold out, or no longer, by the live stock, leaving the others as built', () => {
    const links = [
      new FakeLink('/id/item/1/', false),
      new FakeLink('/id/item/2/', true),
      new FakeLink('/id/item/9/', true),
    ];
    const root = {
      querySelector: (selector: string) => links.find((l) => selector.includes(`"${l.href.slice(3)}"`)) ?? null,
    } as unknown as ParentNode;
    markSpecGrid(
      root,
      withLiveStock(built, [
        { commodityId: '1', stock: 0, onSale: true },
        { commodityId: '2', stock: 7, onSale: true },
      ]),
      'Sold out',
    );
    expect(links.map((l) => [l.classes.has('is-sold-out'), l.note?.textContent ?? null])).toEqual([
      [true, ' (Sold out)'],
      [false, null],
      [true, ' (Sold out)'],
    ]);
  });
});
