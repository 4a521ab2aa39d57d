/**
 * Spare-part prices per model and country (/support/spare-parts-price), generated from the catalogue: each
 * part costs a fixed share of the model's list price in that country, rounded up to two significant digits, so every
 * country shows prices in its own currency and a new model gets its price list with its first offer.
 */
import type { Product } from '../../content/schemas/products.schema';
import type { SparePartsModel } from '../../src/search-pages-data';

/** Parts and their share of the list price, per catalogue category (and sub-category where it differs). */
const PARTS: Record<string, [part: string, share: number][]> = {
  phones: [
    ['screen', 0.22],
    ['battery', 0.05],
    ['backCover', 0.04],
    ['chargingPort', 0.03],
    ['mainCamera', 0.09],
    ['frontCamera', 0.03],
    ['motherboard', 0.45],
  ],
  tablets: [
    ['screen', 0.3],
    ['battery', 0.08],
    ['backCover', 0.06],
    ['chargingPort', 0.03],
    ['motherboard', 0.4],
  ],
  'wearables/smartwatches': [
    ['screen', 0.35],
    ['battery', 0.12],
    ['strap', 0.06],
    ['charger', 0.05],
  ],
  scooters: [
    ['battery', 0.35],
    ['tyre', 0.03],
    ['brakes', 0.04],
    ['charger', 0.05],
    ['dashboard', 0.06],
  ],
};

/** Rounds up to two significant digits: 5 011 380 → 5 100 000, 74.99 → 75. */
export function roundPartPrice(value: number): number {
  if (value <= 0) return 0;
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(Math.ceil(value / step - 1e-9) * step * 100) / 100;
}

/** The models on sale in `local` that have published parts, in catalogue order, with their parts' prices. */
export function sparePartsFor(products: readonly Product[], local: string): SparePartsModel[] {
  const models: SparePartsModel[] = [];
  for (const product of products) {
    const parts = PARTS[`${product.category}/${product.subCategory}`] ?? PARTS[product.category];
    if (!parts || product.refurbished) continue;
    const list = product.commodities
      .map((c) => c.offers?.[local]?.marketPrice)
      .filter((p): p is number => p !== undefined);
    if (list.length === 0) continue;
    // The base version's price: parts do not depend on the storage option.
    const base = Math.min(...list);
    models.push({
      id: product.id,
      name: product.name,
      category: product.category,
      parts: parts.map(([part, share]) => ({ part, price: roundPartPrice(base * share) })),
    });
  }
  return models;
}
