/**
 * Products as one storefront sees them: texts in its language, prices and stock of its country only.
 * Templates and menus never see other countries' offers.
 */
import { localize } from '../../content/localize';
import { specValueText } from '../../content/i18n/spec-values';
import type { Product } from '../../content/schemas/products.schema';
import { productPath, shapeProductCard, type CardScope, type ProductCard } from '../../sites/product-card';
import type { CommodityView, ProductView } from '../../src/template-data';

/** Which storefront's view: whose offers count (local), which texts (i18n), which links (urlLocal). */
export type CatalogueScope = CardScope;

export const productHref = (scope: CatalogueScope, id: string): string => productPath(scope.urlLocal, id);

/** A product is on sale in a country when one of its commodities has an offer there. */
export function isOffered(product: Product, local: string): boolean {
  return product.commodities.some((commodity) => commodity.offers?.[local] !== undefined);
}

/** A commodity as the storefront shows it: its colour and edition named in the storefront's language. */
function commodityView(commodity: Product['commodities'][number], scope: CatalogueScope): CommodityView {
  const { local } = scope;
  const offer = commodity.offers?.[local];
  return {
    commodityId: commodity.commodityId,
    goodsId: commodity.goodsId,
    firstSpecValue: specValueText(commodity.firstSpecValue, scope.i18n),
    secondSpecValue: specValueText(commodity.secondSpecValue, scope.i18n),
    salePrice: offer?.salePrice ?? null,
    marketPrice: offer?.marketPrice ?? null,
    stock: offer?.stock ?? 0,
  };
}

/** The commodity a card shows: the cheapest one in stock, else the cheapest offered, else the first. */
function leadCommodity(commodities: CommodityView[]): CommodityView | undefined {
  const offered = commodities
    .filter((c) => c.salePrice !== null)
    .sort((a, b) => (a.salePrice ?? 0) - (b.salePrice ?? 0));
  return offered.find((c) => c.stock > 0) ?? offered[0] ?? commodities[0];
}

export function productCard(product: Product, scope: CatalogueScope): ProductCard {
  const commodities = product.commodities.map((c) => commodityView(c, scope));
  return shapeProductCard(
    {
      ...product,
      lead: leadCommodity(commodities),
      inStock: commodities.some((c) => c.salePrice !== null && c.stock > 0),
    },
    scope,
  );
}

/** Rows by firstSpecValue, columns by secondSpecValue, in the order they first appear. */
export function specGrid(commodities: CommodityView[]): (CommodityView | null)[][] {
  const rows = [...new Set(commodities.map((c) => c.firstSpecValue))];
  const columns = [...new Set(commodities.map((c) => c.secondSpecValue))];
  return rows.map((row) =>
    columns.map((column) => commodities.find((c) => c.firstSpecValue === row && c.secondSpecValue === column) ?? null),
  );
}

export function productView(product: Product, scope: CatalogueScope): ProductView {
  const commodities = product.commodities.map((c) => commodityView(c, scope));
  return {
    ...productCard(product, scope),
    description: localize(product.description, scope.i18n),
    specs: product.specs.map((spec) => ({
      label: localize(spec.label, scope.i18n),
      value: specValueText(spec.value, scope.i18n),
    })),
    commodities,
    specGrid: specGrid(commodities),
    ...(product.refurbished ? { refurbished: product.refurbished } : {}),
    purchaseLimit: product.purchaseLimit,
  };
}
