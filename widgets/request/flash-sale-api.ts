import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type { FlashPlaceAnswer, FlashSaleAnswer, FlashSaleSetBody } from '../../server/schemas/flash-sales';

/** A flash sale and a shopper's place in it, as the island reads them (camel-cased answers of the seckill routes). */
export type FlashSale = Camelized<FlashSaleAnswer>;
export type FlashSalePlace = Camelized<FlashPlaceAnswer>;
/** The console's sale: set or move one of the storefront's country (`POST staff/flash-sales`). */
export type FlashSaleDraft = FlashSaleSetBody;

/** The seckill host family's base, which the page names; the storefront's API base when it does not. */
const base = (api?: string) => api ?? site.value.api;

export const flashSaleApi = {
  sale: (saleId: string, api?: string) => request<FlashSale>(`${base(api)}/seckill/sale`, { params: { saleId } }),
  sales: (productId: string, api?: string) =>
    request<{ sales: FlashSale[] }>(`${base(api)}/seckill/sales`, { params: { productId } }).then((r) => r.sales),
  enter: (body: { saleId: string; commodityId: string; quantity?: number }, api?: string) =>
    request<FlashSalePlace>(`${base(api)}/seckill/enter`, { body, json: true }),
  /** A visitor not signed in simply has no place: asked without sending them to sign-in. */
  place: (saleId: string, api?: string) =>
    request<FlashSalePlace>(`${base(api)}/seckill/place`, { params: { saleId }, redirectOnNotLoggedIn: false }),
};

export const flashSaleStaffApi = {
  save: (draft: FlashSaleDraft, api?: string) =>
    request<unknown>(`${base(api)}/staff/flash-sales`, { body: { ...draft }, json: true }),
};
