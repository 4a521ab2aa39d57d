import { request } from './';
import { site } from '../state/site';

/**
 * The flash-sale answers as the island reads them, camel-cased. A local mirror of the shared contract until the
 * server's schemas (server/schemas/flash-sales.ts) land: at the merge these become `Camelized<FlashSaleView>` and
 * `Camelized<FlashSalePlaceView>` of that file, and this comment goes.
 */
export const FLASH_SALE_PHASES = ['upcoming', 'live', 'sold_out', 'ended'] as const;
export type FlashSalePhase = (typeof FLASH_SALE_PHASES)[number];

/** Instants may come as ms since epoch or ISO text; `instant()` (widgets/lib/campaign-window.ts) reads both. */
type Instant = number | string;

export interface FlashSale {
  saleId: string;
  productId: string;
  commodityIds: string[];
  phase: FlashSalePhase;
  startsAt: Instant;
  endsAt: Instant;
  serverTime: Instant;
  units: number;
  /** Units not yet held or sold. */
  left: number;
  /** Minor units with `exponent`. */
  salePrice: number;
  currency: string;
  exponent: number;
  perAccountLimit: number;
  fcodeRequired: boolean;
  minClubLevel: number | null;
  waitingRoom: boolean;
  paymentWindowSeconds: number;
}

export const FLASH_SALE_PLACE_STATES = ['won', 'waiting', 'sold_out', 'paid', 'expired'] as const;
export type FlashSalePlaceState = (typeof FLASH_SALE_PLACE_STATES)[number];

/** A shopper's place: enter answers won, waiting or sold out; the place later also reads paid or expired. */
export interface FlashSalePlace {
  state: FlashSalePlaceState;
  position?: number | null;
  orderId?: string | null;
  payUntil?: Instant | null;
}

/** The seckill host family's base; the embedded default is the storefront's API base (/api/<urlLocal>). */
const base = (api?: string) => api ?? site.value.api;

export const flashSaleApi = {
  sale: (saleId: string, api?: string) => request<FlashSale>(`${base(api)}/seckill/sale`, { params: { saleId } }),
  sales: (productId: string, api?: string) =>
    request<{ sales: FlashSale[] }>(`${base(api)}/seckill/sales`, { params: { productId } }).then((r) => r.sales),
  enter: (body: { saleId: string; commodityId: string }, api?: string) =>
    request<FlashSalePlace>(`${base(api)}/seckill/enter`, { body, json: true }),
  /** A visitor not signed in simply has no place: asked without sending them to sign-in. */
  place: (saleId: string, api?: string) =>
    request<FlashSalePlace | null>(`${base(api)}/seckill/place`, { params: { saleId }, redirectOnNotLoggedIn: false }),
};

/** The operator's sale (set or move one): `POST staff/flash-sales` with a staff session, as the contract names it. */
export interface FlashSaleDraft {
  saleId: string;
  productId: string;
  commodityIds: string[];
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  units: number;
  /** Minor units of the country's currency. */
  salePrice: number;
  perAccountLimit: number;
  fcodeRequired: boolean;
  minClubLevel: number | null;
  waitingRoom: boolean;
  paymentWindowSeconds: number;
}

export const flashSaleStaffApi = {
  save: (draft: FlashSaleDraft, api?: string) =>
    request<unknown>(`${base(api)}/staff/flash-sales`, { body: { ...draft }, json: true }),
};
