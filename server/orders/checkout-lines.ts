import type { CartLine } from '../repositories/cart';
import { toMinor } from '../../region-config/money';
import type { PresaleTerms } from './presale';
import type { LineProblem } from '../schemas/order';

/** Why a checked cart line cannot be ordered as it is; it is flagged on the checkout, never dropped. */
export type { LineProblem };

/** Products that need an F-code here, and how many unused codes the buyer holds for each (the F-code launch rule). */
export interface FcodeGate {
  required: ReadonlySet<string>;
  held: ReadonlyMap<string, number>;
}

export interface CheckoutLine {
  commodityId: string;
  productId: string;
  category: string;
  name: string;
  spec: string;
  image: string;
  quantity: number;
  unitPrice: number;
  marketPrice: number;
  subtotal: number;
  stock: number;
  purchaseLimit: number;
  preOrder: boolean;
  problem: LineProblem | null;
  /**
   * The unit price when the line was added to the cart, when a release changed it since (the shopper sees old → new).
   */
  previousUnitPrice?: number;
  /** A company purchase: the shelf price before the quantity tier, and the tier's discount in basis points. */
  listPrice?: number;
  tierBp?: number;
}

/** The checked lines of a cart as order lines in minor units, each with what stops it (if anything). */
export function checkoutLines(
  cart: CartLine[],
  currency: string,
  fcode: FcodeGate | null = null,
  presales?: ReadonlyMap<string, PresaleTerms>,
): CheckoutLine[] {
  const checked = cart.filter((l) => l.checked);
  const perProduct = new Map<string, number>();
  for (const line of checked) perProduct.set(line.product_id, (perProduct.get(line.product_id) ?? 0) + line.quantity);
  return checked.map((line) => {
    const onSale = line.sale_price !== null && line.currency === currency;
    const stock = line.stock ?? 0;
    const problem: LineProblem | null = !onSale
      ? 'not_on_sale'
      : stock === 0
        ? 'out_of_stock'
        : line.quantity > stock
          ? 'not_enough_stock'
          : (perProduct.get(line.product_id) ?? 0) > line.purchase_limit
            ? 'limit'
            : fcode?.required.has(line.product_id) &&
                (perProduct.get(line.product_id) ?? 0) > (fcode.held.get(line.product_id) ?? 0)
              ? 'fcode'
              : null;
    const unitPrice = onSale ? toMinor(line.sale_price!, currency) : 0;
    return {
      commodityId: line.commodity_id,
      productId: line.product_id,
      category: line.category,
      name: line.name,
      spec: [line.first_spec_value, line.second_spec_value].filter(Boolean).join(' · '),
      image: line.image,
      quantity: line.quantity,
      unitPrice,
      marketPrice: onSale && line.market_price !== null ? toMinor(line.market_price, currency) : unitPrice,
      subtotal: unitPrice * line.quantity,
      stock,
      purchaseLimit: line.purchase_limit,
      preOrder: line.pre_order === true || presales?.has(line.product_id) === true,
      problem,
      ...(onSale && line.added_price != null && line.added_price !== line.sale_price
        ? { previousUnitPrice: toMinor(line.added_price, currency) }
        : {}),
    };
  });
}
