import { request } from '../request';
import { beginCartChange, beginCartRead } from './cart-count';
import { sendChange, sendRead } from './latest-answer';
import { site } from './site';
import type { Camelized } from '../request/camelized';
import type { CartItemView, CartNoticeView, UnifiedCart as UnifiedCartView } from '../../server/schemas/cart';

/**
 * A cart item, its sign-in notices and the whole cart, as the request layer camelCases them (server/schemas/cart.ts).
 */
export type CartItem = Camelized<CartItemView>;
export type CartNotice = Camelized<CartNoticeView>;
export type UnifiedCart = Camelized<UnifiedCartView>;

/** The body of POST /cart (server/schemas/cart.ts cartBody), one action at a time. */
export type CartAction =
  | { action: 'get' }
  | { action: 'add'; commodityId: string; quantity: number }
  | { action: 'update'; commodityId: string; quantity: number }
  | { action: 'remove'; commodityIds: string[] }
  | { action: 'check'; commodityIds?: string[]; checked: boolean }
  | { action: 'dismiss' };

/** POST {api}/cart with cartV=20000; every answer carries the whole cart, whose total updates the header. */
export async function cartCall(body: CartAction): Promise<UnifiedCart> {
  const send = () =>
    request<{ unifiedCartData: UnifiedCart }>(`${site.value.api}/cart`, {
      body: { cartV: 20000, ...body },
      json: true,
    });
  const totalOf = (data: { unifiedCartData: UnifiedCart }) => data.unifiedCartData.totalItems;
  const data =
    body.action === 'get'
      ? await sendRead(beginCartRead, send, totalOf)
      : await sendChange(beginCartChange, send, totalOf);
  return data.unifiedCartData;
}

/**
 * POST {api}/cart/insurance: the device insurance plan for every unit of a cart line, or off; answers the whole cart
 * like every cart call.
 */
export async function cartInsure(commodityId: string, insured: boolean): Promise<UnifiedCart> {
  const data = await sendChange(
    beginCartChange,
    () =>
      request<{ unifiedCartData: UnifiedCart }>(`${site.value.api}/cart/insurance`, {
        body: { commodityId, insured },
        json: true,
      }),
    (d) => d.unifiedCartData.totalItems,
  );
  return data.unifiedCartData;
}
