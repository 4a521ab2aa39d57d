/**
 * Business (company) purchases: the one place for the quantity tiers, which products are sold to
 * businesses, the per-product quantity a company may order, the business order maximum and the split-payment
 * threshold per country. Amounts are integer minor units of the country's currency.
 */
import { commerceRules, converted, type CommerceRules } from './commerce';
import { GIFT_CARD_CATEGORY } from './gift-cards';
import { toMinor } from '../region-config/money';

/** A quantity tier: from `minQuantity` units of one product, its unit price is `discountBp` basis points lower. */
export interface QuantityTier {
  minQuantity: number;
  discountBp: number;
}

/** The default tiers: 5+ units −3 %, 20+ units −6 %. */
const DEFAULT_TIERS: readonly QuantityTier[] = [
  { minQuantity: 5, discountBp: 300 },
  { minQuantity: 20, discountBp: 600 },
];

/** Tiers per category (products of a category not listed use the default; refurbished phones have none). */
const CATEGORY_TIERS: Readonly<Record<string, readonly QuantityTier[]>> = {
  accessories: [
    { minQuantity: 5, discountBp: 300 },
    { minQuantity: 20, discountBp: 600 },
    { minQuantity: 50, discountBp: 1000 },
  ],
  refurbished: [],
};

/** Categories never sold to businesses: gift cards (a consumer product). */
const NOT_FOR_BUSINESS = new Set<string>([GIFT_CARD_CATEGORY]);

/** A company may order up to this many units of one product (a consumer's limit is 2–10). */
export const BUSINESS_PURCHASE_LIMIT = 100;

/** Whether products of a category are in the business catalogue (/business/search, the business cart). */
export function soldToBusiness(category: string): boolean {
  return !NOT_FOR_BUSINESS.has(category);
}

/** The tiers of a product's category, lowest first. */
export function tiersOf(category: string): readonly QuantityTier[] {
  return CATEGORY_TIERS[category] ?? DEFAULT_TIERS;
}

/** The discount (basis points) a quantity of one product earns. */
export function tierDiscountBp(category: string, quantity: number): number {
  let bp = 0;
  for (const tier of tiersOf(category)) if (quantity >= tier.minQuantity) bp = tier.discountBp;
  return bp;
}

/**
 * A unit price less a tier discount, in integer minor units: the discount is rounded half up to the minor unit, so
 * the line subtotal is exactly quantity × this price.
 * @example tierUnitPrice(1_299_900, 300) // 1_260_903 (₹12,999.00 − 3 % = ₹12,609.03)
 */
export function tierUnitPrice(unitPrice: number, discountBp: number): number {
  return unitPrice - Math.floor((unitPrice * discountBp + 5_000) / 10_000);
}

/** A line of a company purchase as the tiers see it: its product, category, quantity and shelf price (minor units). */
export interface TierInput {
  productId: string;
  category: string;
  quantity: number;
  unitPrice: number;
}

/**
 * The business price of each line (same order as `lines`): all variants of a product count together towards its
 * tier. The business cart and the business checkout both price with this, so they never disagree.
 * @example tieredPrices([{ productId: 'p1', category: 'phones', quantity: 5, unitPrice: 1_299_900 }]) // [{ tierBp:
 * 300, unitPrice: 1_260_903 }]
 */
export function tieredPrices(lines: readonly TierInput[]): { tierBp: number; unitPrice: number }[] {
  const perProduct = new Map<string, number>();
  for (const line of lines) perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
  return lines.map((line) => {
    const tierBp = tierDiscountBp(line.category, perProduct.get(line.productId) ?? 0);
    return { tierBp, unitPrice: tierUnitPrice(line.unitPrice, tierBp) };
  });
}

/**
 * EUR 15,000 and EUR 200,000: the split-payment threshold and the business order maximum where no local rule is set.
 */
const EURO = { splitFrom: 15_000, businessOrderMax: 200_000 };

/**
 * Split payment required for company purchases over 15K, read per country: where the currency's unit is worth
 * about a euro or more (PER_EUR ≤ 2: EUR, GBP, USD, CHF, SGD, AUD, NZD …) it is 15,000 of that currency; where the
 * unit is small (INR, IDR, JPY …) 15,000 units would be one phone, so the threshold is EUR 15,000 converted and
 * rounded to two significant digits (in: ₹14,00,000; id: Rp270.000.000).
 */
export function splitPaymentFromMinor(local: string): number {
  const { currency } = commerceRules(local);
  const unitPerEuro = converted(1, currency, true) / toMinor(1, currency);
  return unitPerEuro <= 2 ? toMinor(15_000, currency) : converted(EURO.splitFrom, currency);
}

/** The business order maximum of a country: EUR 200,000 converted (ten times the consumer maximum). */
export function businessOrderMaxMinor(local: string): number {
  return converted(EURO.businessOrderMax, commerceRules(local).currency);
}

/** The checkout rules of a company purchase: the country's rules with the business order maximum. */
export function businessRules(local: string): CommerceRules {
  return { ...commerceRules(local), orderMaxMinor: businessOrderMaxMinor(local) };
}
