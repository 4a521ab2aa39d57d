import { productPath, shapeProductCard, type ProductCard } from '../../sites/product-card';
import type { ProductCard as CardRow } from '../repositories/catalogue';
import type { Storefront } from '../storefront';

/** Links are storefront-relative with a trailing slash. */
export function productLink(storefront: Storefront, productId: string): string {
  return productPath(storefront.urlLocal, productId);
}

/** A card row of the database (view offered_product_cards: the lead offer already picked) as the one card shape. */
export function cardOf(row: CardRow, storefront: Storefront): ProductCard {
  const { data } = row;
  return shapeProductCard(
    {
      id: row.product_id,
      name: row.name,
      image: row.image,
      category: row.category,
      subCategory: row.sub_category,
      tagline: data.tagline as never,
      marketingTag: data.marketingTag as never,
      energyInfo: data.energyInfo as never,
      bundleLabels: data.bundleLabels as never,
      labelCountries: data.labelCountries,
      lead: { salePrice: row.sale_price, marketPrice: row.market_price, stock: row.stock },
      inStock: row.stock > 0,
    },
    storefront,
  );
}

/** Navigation product (mega-menu card), snake_case, from the one card shape. */
export function navigationProduct(row: CardRow, storefront: Storefront) {
  const card = cardOf(row, storefront);
  return {
    item_id: row.commodity_id,
    product_id: card.id,
    img_url: card.image,
    name: card.name,
    category: card.category,
    category2: card.subCategory,
    marketing_tags: card.tag ? [{ subtype: card.tag.subtype, tag_text: card.tag.text }] : [],
    buttons: [{ goto_url: card.href }],
    // A row is always an offer here (the view joins offers), so its prices are numbers.
    sale_price: row.sale_price,
    origin_price: row.market_price,
    sale_price_is_eq: card.salePriceIsEQ,
    currency: row.currency,
    is_out_of_stock: !card.inStock,
    ...(card.energyInfo ? { energy: card.energyInfo as Record<string, string> } : {}),
    ...(card.bundleLabels ? { bundle_compliance_label: card.bundleLabels as Record<string, unknown>[] } : {}),
  };
}
