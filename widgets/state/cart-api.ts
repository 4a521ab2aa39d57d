import { request } from '../request';
import { beginCartChange, beginCartRead } from './cart-count';
import { sendChange, sendRead } from './latest-answer';
import { site } from './site';

/** §3 cart item after camelCasing (server/schemas/cart.ts). */
export interface CartItem {
  itemId: string;
  commodityId: string;
  goodsId: string;
  productId: string;
  productName: string;
  productImage: string;
  productNum: number;
  isOutOfStock: boolean;
  isNotAvailable: boolean;
  isInvalid: boolean;
  salePrice: number | null;
  /** The shelf price when the line was added, when a new release changed it since (shown as old → new); else null. */
  previousPrice?: number | null;
  marketPrice: number | null;
  checked: boolean;
  purchaseLimit: number;
  subtotal: number;
  firstSpecValue: string;
  secondSpecValue: string;
  link: string;
  /** The business cart (flow=company): the shelf price before the quantity tier; salePrice is then the tier price. */
  listPrice?: number | null;
  tierBp?: number;
  tierSaving?: number;
}

/** What a sign-in merge could not move from the visitor cart (server/schemas/cart.ts cartNotice). */
export interface CartNotice {
  kind: 'limit' | 'full';
  commodityId: string;
  productName: string;
  wanted: number;
  kept: number;
  limit: number;
}

export interface UnifiedCart {
  notices: CartNotice[];
  items: CartItem[];
  validItems: CartItem[];
  totalItems: number;
  totalPrice: number;
  currency: string;
  checkout: { payment: { selectedItems: number; selectedQuantity: number; totalPrice: number; marketTotal: number; discount: number; canCheckout: boolean; tierSaving?: number } };
}

export type CartAction =
  | { action: 'get' }
  | { action: 'add'; commodityId: string; quantity: number }
  | { action: 'update'; commodityId: string; quantity: number }
  | { action: 'remove'; commodityIds: string[] }
  | { action: 'check'; commodityIds?: string[]; checked: boolean }
  | { action: 'dismiss' };

/** POST {api}/cart with cartV=20000 (§7); every answer carries the whole cart, whose total updates the header. */
export async function cartCall(body: CartAction): Promise<UnifiedCart> {
  const send = () => request<{ unifiedCartData: UnifiedCart }>(`${site.value.api}/cart`, { body: { cartV: 20000, ...body }, json: true });
  const totalOf = (data: { unifiedCartData: UnifiedCart }) => data.unifiedCartData.totalItems;
  const data = body.action === 'get' ? await sendRead(beginCartRead, send, totalOf) : await sendChange(beginCartChange, send, totalOf);
  return data.unifiedCartData;
}
