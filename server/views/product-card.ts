import { localize } from '../../content/localize';
import type { ProductCard } from '../repositories/catalogue';
import type { Storefront } from '../storefront';

/** Links are storefront-relative with a trailing slash (§5). */
export function productLink(storefront: Storefront, productId: string): string {
  return `/${storefront.urlLocal}/product/${productId}/`;
}

/** Energy and bundle labels only where a country's law asks for them (content `labelCountries`). */
export function labelsFor(card: ProductCard, storefront: Storefront): { energy?: unknown; bundle?: unknown } {
  const here = Array.isArray(card.data.labelCountries) && card.data.labelCountries.includes(storefront.local);
  return here ? { energy: card.data.energyInfo, bundle: card.data.bundleLabels } : {};
}

/** §7 navigation product (mega-menu card), snake_case. */
export function navigationProduct(card: ProductCard, storefront: Storefront) {
  const tag = card.data.marketingTag;
  const labels = labelsFor(card, storefront);
  return {
    item_id: card.commodity_id,
    product_id: card.product_id,
    img_url: card.image,
    name: card.name,
    category: card.category,
    category2: card.sub_category,
    marketing_tags: tag ? [{ subtype: tag.subtype, tag_text: localize(tag.text as never, storefront.i18n) }] : [],
    buttons: [{ goto_url: productLink(storefront, card.product_id) }],
    sale_price: card.sale_price,
    origin_price: card.market_price,
    sale_price_is_eq: card.sale_price === card.market_price,
    currency: card.currency,
    is_out_of_stock: card.stock === 0,
    ...(labels.energy ? { energy: labels.energy as Record<string, string> } : {}),
    ...(Array.isArray(labels.bundle) ? { bundle_compliance_label: labels.bundle as Record<string, unknown>[] } : {}),
  };
}
