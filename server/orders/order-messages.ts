import type { Queryable } from '../db/types';
import { findStorefront, type Storefront } from '../storefront';
import { translate } from '../i18n';
import { money } from './format-money';
import { postMessageIn } from '../repositories/messages';

/** The steps after payment that tell the shopper (each has its own title and body under `message.orderStep.*`). */
export const STEP_NOTICES = [
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'in_review',
  'review_cleared',
  'return_requested',
  'return_picked_up',
  'return_accepted',
  'return_refused',
  'returned',
  'refund_failed',
  'invoice_issued',
] as const;
export type StepNotice = (typeof STEP_NOTICES)[number];

/** What happened to an order that the shopper's inbox tells of. */
export type OrderEvent =
  | 'paid'
  | 'deposit_paid'
  | 'expired'
  | 'presale_lapsed'
  | 'refund_due'
  | 'refunded'
  /** A refund of a paid order started (cancelled, returned): it goes back to where it was paid from. */
  | 'refund_started'
  /** A refund part went straight back to the gift card it was paid with. */
  | 'refunded_gift_card'
  /** A cash-on-delivery order confirmed: what to have ready for the courier. */
  | 'cod_confirmed'
  | StepNotice;

const camel = (kind: string) => kind.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

const KEYS: Record<OrderEvent, string> = {
  paid: 'message.order.paid',
  deposit_paid: 'message.order.depositPaid',
  expired: 'message.order.expired',
  presale_lapsed: 'message.order.presaleLapsed',
  refund_due: 'message.order.refundDue',
  refunded: 'message.order.refunded',
  refund_started: 'message.order.refundStarted',
  refunded_gift_card: 'message.order.refundedGiftCard',
  cod_confirmed: 'payment.cod.message.confirmed',
  ...(Object.fromEntries(STEP_NOTICES.map((k) => [k, `message.orderStep.${camel(k)}`])) as Record<StepNotice, string>),
};

/** What an order message names: the order, its owner and storefront, and an amount with its currency. */
export interface OrderMessageRef {
  id: string;
  user_id: number;
  url_local: string;
  total: number;
  currency: string;
}

/** A parcel a message names (shipped, delivered): its carrier's name and tracking number. */
export interface ParcelRef {
  carrier: string;
  trackingNumber: string;
}

/** The title and body of an order message in the storefront's language (also a step mail's subject and text). */
export function orderMessageText(
  storefront: Storefront,
  event: OrderEvent,
  order: OrderMessageRef,
  parcel?: ParcelRef,
): { title: string; body: string } {
  const vars = { orderId: order.id, total: money(storefront, order.total, order.currency), ...parcel };
  return {
    title: translate(storefront, `${KEYS[event]}.title`, vars),
    body: translate(storefront, `${KEYS[event]}.body`, vars),
  };
}

/**
 * Posts the order message of `event` in the caller's transaction, in the language of the storefront the order was
 * placed in, linking to the order's page. The title and body are catalogue texts
 * (content/locales/<language>/account.json).
 */
export async function postOrderMessageIn(
  q: Queryable,
  event: OrderEvent,
  order: OrderMessageRef,
  parcel?: ParcelRef,
): Promise<number | null> {
  const storefront = findStorefront(order.url_local);
  if (!storefront) return null;
  return postMessageIn(q, {
    userId: order.user_id,
    kind: 'order',
    ...orderMessageText(storefront, event, order, parcel),
    link: `/${storefront.urlLocal}/user/order/${order.id}/`,
  });
}
