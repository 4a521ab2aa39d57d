import type { Queryable } from '../db/types';
import { findStorefront } from '../storefront';
import { translate } from '../i18n';
import { money } from './format-money';
import { postMessageIn } from '../repositories/messages';

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
  | 'refunded_gift_card';

const KEYS: Record<OrderEvent, string> = {
  paid: 'message.order.paid',
  deposit_paid: 'message.order.depositPaid',
  expired: 'message.order.expired',
  presale_lapsed: 'message.order.presaleLapsed',
  refund_due: 'message.order.refundDue',
  refunded: 'message.order.refunded',
  refund_started: 'message.order.refundStarted',
  refunded_gift_card: 'message.order.refundedGiftCard',
};

/** What an order message names: the order, its owner and storefront, and an amount with its currency. */
export interface OrderMessageRef {
  id: string;
  user_id: number;
  url_local: string;
  total: number;
  currency: string;
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
): Promise<number | null> {
  const storefront = findStorefront(order.url_local);
  if (!storefront) return null;
  const vars = { orderId: order.id, total: money(storefront, order.total, order.currency) };
  return postMessageIn(q, {
    userId: order.user_id,
    kind: 'order',
    title: translate(storefront, `${KEYS[event]}.title`, vars),
    body: translate(storefront, `${KEYS[event]}.body`, vars),
    link: `/${storefront.urlLocal}/user/order/${order.id}/`,
  });
}
