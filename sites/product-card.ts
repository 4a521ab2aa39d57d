/**
 * The product card, shaped once for the build (lists, menus, rows) and for the API (navigation products,
 * cart lines, search): the product link, the lead offer, the marketing tag in the storefront's language and the
 * compliance labels where a country's law asks for them.
 */
import { localize, localizeBundleLabel, localizeEnergyLabel } from '../content/localize';
import type {
  BundleLabel,
  EnergyLabel,
  Localized,
  LocalizedBundleLabel,
  LocalizedEnergyLabel,
} from '../content/schemas/products.schema';

/** A product's page in a storefront: storefront-relative, trailing slash. */
export function productPath(urlLocal: string, productId: string): string {
  return `/${urlLocal}/product/${productId}/`;
}

/** Energy and bundle labels show only in the countries the product's content lists (`labelCountries`). */
export function showsComplianceLabels(labelCountries: readonly string[] | undefined, local: string): boolean {
  return labelCountries?.includes(local) ?? false;
}

/** Which storefront a card is for: the country whose offer counts, the catalogue of its texts, its URL prefix. */
export interface CardScope {
  local: string;
  i18n: string;
  urlLocal: string;
}

/** The offer a card shows (the build picks the cheapest in stock; the database view does the same). */
export interface LeadOffer {
  /** The commodity whose offer it is (the build knows it; the lowest price of the last 30 days is asked by it). */
  commodityId?: string | undefined;
  salePrice: number | null;
  marketPrice: number | null;
  stock: number;
}

/** What a card is made of, whether it comes from a content snapshot or a database row. */
export interface CardSource {
  id: string;
  name: string;
  image: string;
  category: string;
  subCategory: string;
  tagline?: Localized | undefined;
  marketingTag?: { subtype: string; text: Localized } | undefined;
  energyInfo?: LocalizedEnergyLabel | undefined;
  bundleLabels?: LocalizedBundleLabel[] | undefined;
  labelCountries?: readonly string[] | undefined;
  lead: LeadOffer | undefined;
  /** Any variant on sale in stock here (the lead may be out of stock while another variant is not). */
  inStock: boolean;
}

/** A product as cards show it. Prices are in the storefront's currency; null when not offered in this country. */
export interface ProductCard {
  id: string;
  name: string;
  tagline: string;
  image: string; // '/images/products/<id>.svg'
  href: string; // '/id/product/<id>/'
  category: string;
  subCategory: string;
  tag?: { subtype: string; text: string };
  /** The commodity whose price the card shows, when known. */
  commodityId?: string;
  salePrice: number | null;
  originPrice: number | null;
  salePriceIsEQ: boolean; // the price line hides the original price when true
  inStock: boolean;
  energyInfo?: EnergyLabel;
  bundleLabels?: BundleLabel[];
}

export function shapeProductCard(source: CardSource, scope: CardScope): ProductCard {
  const { lead } = source;
  const labels = showsComplianceLabels(source.labelCountries, scope.local);
  return {
    id: source.id,
    name: source.name,
    tagline: source.tagline ? localize(source.tagline, scope.i18n) : '',
    image: source.image,
    href: productPath(scope.urlLocal, source.id),
    category: source.category,
    subCategory: source.subCategory,
    ...(source.marketingTag
      ? { tag: { subtype: source.marketingTag.subtype, text: localize(source.marketingTag.text, scope.i18n) } }
      : {}),
    ...(lead?.commodityId ? { commodityId: lead.commodityId } : {}),
    salePrice: lead?.salePrice ?? null,
    originPrice: lead?.marketPrice ?? null,
    salePriceIsEQ: lead !== undefined && lead.salePrice !== null && lead.salePrice === lead.marketPrice,
    inStock: source.inStock,
    ...(labels && source.energyInfo ? { energyInfo: localizeEnergyLabel(source.energyInfo, scope.i18n) } : {}),
    ...(labels && source.bundleLabels
      ? { bundleLabels: source.bundleLabels.map((label) => localizeBundleLabel(label, scope.i18n)) }
      : {}),
  };
}
