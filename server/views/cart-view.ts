import type { CartLine, CartNotice } from '../repositories/cart';
import type { CartItemView as CartItem, UnifiedCart } from '../schemas/cart';
import type { Storefront } from '../storefront';
import { specValueText } from '../../content/i18n/spec-values';
import { productPath, showsComplianceLabels } from '../../sites/product-card';
import { localizeBundleLabel, localizeEnergyLabel } from '../../content/localize';
import type { LocalizedBundleLabel, LocalizedEnergyLabel } from '../../content/schemas/products.schema';
import { BUSINESS_PURCHASE_LIMIT, tieredPrices } from '../../sites/business-pricing';
import { toMajor, toMinor } from '../../region-config/money';
import { insuranceOf, planFor, type InsurancePlan } from '../../sites/insurance';

/**
 * Money sums in the currency's minor units would need the decimals; rounding to 2 places is exact enough for display.
 */
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The business cart (flow=company): each line's price after the quantity tier its product reaches over the
 * selected lines, as the business checkout prices it (sites/business-pricing.ts), keyed by commodity.
 */
function businessPrices(
  lines: CartLine[],
  currency: string,
): Map<string, { listPrice: number; tierBp: number; unitPrice: number }> {
  const priced = lines.filter((l) => l.checked && l.sale_price !== null && l.currency === currency);
  const tiers = tieredPrices(
    priced.map((l) => ({
      productId: l.product_id,
      category: l.category,
      quantity: l.quantity,
      unitPrice: toMinor(l.sale_price!, currency),
    })),
  );
  return new Map(
    priced.map((l, i) => [
      l.commodity_id,
      { listPrice: l.sale_price!, tierBp: tiers[i]!.tierBp, unitPrice: toMajor(tiers[i]!.unitPrice, currency) },
    ]),
  );
}

/** The shelf price a line was added at, when it differs from today's (a release changed it since); else null. */
function previousPrice(line: CartLine, notOnSale: boolean): number | null {
  return !notOnSale &&
    line.added_price !== null &&
    line.added_price !== undefined &&
    line.added_price !== line.sale_price
    ? line.added_price
    : null;
}

/**
 * The device insurance plan a line can have here (sites/insurance.json), as the checkout prices it: none for a line
 * not on sale, a pre-order or a company purchase.
 */
function insurancePlan(line: CartLine, currency: string, local: string, notOnSale: boolean): InsurancePlan | null {
  if (notOnSale || line.pre_order || line.in_presale) return null;
  return planFor(insuranceOf(local), line.category, toMinor(line.sale_price!, currency));
}

/** The insurance item of an insured device line: its own cart item, linked to the line and checked with it. */
function insuranceItem(device: CartItem, plan: InsurancePlan, currency: string): CartItem {
  const price = toMajor(plan.price, currency);
  const { energy_info: _energy, bundle_labels: _labels, insurance_offer: _offer, ...rest } = device;
  return {
    ...rest,
    item_id: `insurance-${device.commodity_id}`,
    get_type: 'insurance',
    parent_item_id: device.item_id,
    sale_price: price,
    previous_price: null,
    market_price: price,
    purchase_limit: device.product_num,
    subtotal: round2(price * device.product_num),
  };
}

/**
 * Turns cart lines (with the offer of the storefront's country) into cart items and totals; `business` prices them for
 * a company purchase.
 */
export function cartView(
  lines: CartLine[],
  storefront: Storefront,
  notices: CartNotice[] = [],
  business = false,
): UnifiedCart {
  const currency = storefront.region.currency;
  const tiers = business ? businessPrices(lines, currency) : null;
  if (business)
    lines = lines.map((l) => ({ ...l, purchase_limit: Math.max(l.purchase_limit, BUSINESS_PURCHASE_LIMIT) }));
  // The purchase limit is per product, over all its variants in the cart.
  const perProduct = new Map<string, number>();
  for (const line of lines) perProduct.set(line.product_id, (perProduct.get(line.product_id) ?? 0) + line.quantity);
  const items: CartItem[] = lines.flatMap((line) => {
    const notOnSale = line.sale_price === null || line.currency !== currency;
    const outOfStock = !notOnSale && (line.stock ?? 0) === 0;
    // Stock can drop below the cart quantity after the add; the line stays but cannot be bought as is.
    const invalid =
      !notOnSale &&
      !outOfStock &&
      (line.quantity > (line.stock ?? 0) || (perProduct.get(line.product_id) ?? 0) > line.purchase_limit);
    const tier = tiers?.get(line.commodity_id);
    const salePrice = notOnSale ? null : (tier?.unitPrice ?? line.sale_price);
    const labelsHere = showsComplianceLabels(line.label_countries ?? undefined, storefront.local);
    const plan = business ? null : insurancePlan(line, currency, storefront.local, notOnSale);
    const device: CartItem = {
      item_id: line.commodity_id,
      get_type: 'buy',
      show_type: 'common',
      commodity_id: line.commodity_id,
      goods_id: line.goods_id,
      product_name: line.name,
      product_image: line.image,
      product_id: line.product_id,
      product_num: line.quantity,
      is_out_of_stock: outOfStock,
      is_not_available: notOnSale || outOfStock || invalid,
      is_invalid: invalid,
      sale_price: salePrice,
      previous_price: previousPrice(line, notOnSale),
      market_price: notOnSale ? null : line.market_price,
      currency,
      checked: line.checked,
      purchase_limit: line.purchase_limit,
      subtotal: salePrice === null ? 0 : round2(salePrice * line.quantity),
      first_spec_value: specValueText(line.first_spec_value, storefront.i18n),
      second_spec_value: specValueText(line.second_spec_value, storefront.i18n),
      link: productPath(storefront.urlLocal, line.product_id),
      ...(tiers
        ? {
            list_price: notOnSale ? null : line.sale_price,
            tier_bp: tier?.tierBp ?? 0,
            tier_saving: tier ? round2((tier.listPrice - tier.unitPrice) * line.quantity) : 0,
          }
        : {}),
      // The catalogue's labels (jsonb of the content snapshot, validated when it was loaded) in the storefront's
      // language.
      ...(labelsHere && line.energy_info
        ? { energy_info: localizeEnergyLabel(line.energy_info as LocalizedEnergyLabel, storefront.i18n) }
        : {}),
      ...(labelsHere && Array.isArray(line.bundle_labels)
        ? {
            bundle_labels: (line.bundle_labels as LocalizedBundleLabel[]).map((label) =>
              localizeBundleLabel(label, storefront.i18n),
            ),
          }
        : {}),
      ...(plan
        ? {
            insurance_offer: {
              plan_id: plan.planId,
              price: toMajor(plan.price, currency),
              cover_months: plan.coverMonths,
              claims_per_year: plan.claimsPerYear,
              insured: line.insured === true,
            },
          }
        : {}),
    };
    return plan && line.insured ? [device, insuranceItem(device, plan, currency)] : [device];
  });
  const main = items.filter((i) => i.get_type === 'buy');
  const valid = items.filter((i) => !i.is_not_available);
  const selected = valid.filter((i) => i.checked);
  // An insurance item is paid for with its device but is no product of its own: it counts in the money only.
  const selectedMain = selected.filter((i) => i.get_type === 'buy');
  const total = round2(selected.reduce((sum, i) => sum + i.subtotal, 0));
  const marketTotal = round2(selected.reduce((sum, i) => sum + (i.market_price ?? 0) * i.product_num, 0));
  return {
    items,
    valid_items: valid,
    // Insurance items follow their device line; gifts and bargain add-ons are not sold yet.
    main_items: main,
    total_items: main.reduce((sum, i) => sum + i.product_num, 0),
    total_price: total,
    currency,
    notices,
    checkout: {
      payment: {
        selected_items: selectedMain.length,
        selected_quantity: selectedMain.reduce((sum, i) => sum + i.product_num, 0),
        total_price: total,
        market_total: marketTotal,
        discount: round2(Math.max(0, marketTotal - total)),
        currency,
        can_checkout: selectedMain.length > 0,
        ...(tiers ? { tier_saving: round2(selected.reduce((sum, i) => sum + (i.tier_saving ?? 0), 0)) } : {}),
      },
    },
  };
}
