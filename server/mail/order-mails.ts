import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { composeMail } from './compose';
import type { OutgoingMail } from './outbox';
import type { OrderLineRow, OrderRow } from '../repositories/orders';
import type { IssuedGiftCard } from '../orders/issued-gift-card';
import { money } from '../orders/format-money';

export { money } from '../orders/format-money';

/** A device line's insurance plan as the confirmation lists it: the line's product, units and what they cost. */
export interface InsuredPlan {
  name: string;
  quantity: number;
  subtotal: number;
}

/** Links of a storefront page at the store's public origin. */
const page = (origin: string, storefront: Storefront, path: string) => `${origin}/${storefront.urlLocal}/${path}`;

/** "Thank you for your order": its lines, total and how long it may wait for payment. Queued with the order. */
export function orderConfirmationMail(
  origin: string,
  storefront: Storefront,
  email: string,
  order: OrderRow,
  lines: OrderLineRow[],
  plans: readonly InsuredPlan[] = [],
): OutgoingMail {
  const t = translator(storefront);
  const fmt = (minor: number) => money(storefront, minor, order.currency);
  const payBefore = new Date(order.pay_before).toISOString().slice(0, 16).replace('T', ' ');
  return {
    recipient: email,
    kind: 'order-confirmation',
    urlLocal: storefront.urlLocal,
    ...composeMail(storefront, {
      subject: t('mail.order.subject', { orderId: order.id }),
      paragraphs: [
        t('mail.order.body', { orderId: order.id, total: fmt(order.total) }),
        ...lines.map((l) => `${l.quantity} × ${l.name}${l.spec ? ` (${l.spec})` : ''}: ${fmt(l.subtotal)}`),
        ...plans.map(
          (p) => `${p.quantity} × ${t('insurance.plan.forProduct', { product: p.name })}: ${fmt(p.subtotal)}`,
        ),
        t('mail.order.payBefore', { time: `${payBefore} UTC` }),
      ],
      actions: [{ label: t('mail.order.button'), url: page(origin, storefront, `user/order/${order.id}/`) }],
    }),
  };
}

/** The receipt of a paid order; gift cards it bought are listed with their codes and the time they can be used from. */
export function paymentReceiptMail(
  origin: string,
  storefront: Storefront,
  email: string,
  order: OrderRow,
  card: string,
  giftCards: readonly IssuedGiftCard[] = [],
): OutgoingMail {
  const t = translator(storefront);
  const cards = giftCards.map((g) =>
    t('mail.receipt.giftCard', {
      code: g.code.replace(/(.{4})(?!$)/g, '$1 '),
      amount: money(storefront, g.amount, order.currency),
      from: `${new Date(g.redeemableFrom).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    }),
  );
  return {
    recipient: email,
    kind: 'payment-receipt',
    urlLocal: storefront.urlLocal,
    ...composeMail(storefront, {
      subject: t('mail.receipt.subject', { orderId: order.id }),
      paragraphs: [
        t('mail.receipt.body', {
          orderId: order.id,
          total: money(storefront, order.total, order.currency),
          card: card || t('giftCard.title'),
        }),
        ...cards,
      ],
      actions: [{ label: t('mail.order.button'), url: page(origin, storefront, `user/order/${order.id}/`) }],
    }),
  };
}
