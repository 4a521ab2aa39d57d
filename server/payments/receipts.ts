import type { IssuedGiftCard } from '../orders/paid';
import type { OrderRow } from '../repositories/orders';
import type { OutgoingMail } from '../mail/outbox';
import { paymentReceiptMail } from '../mail/order-mails';
import { findStorefront } from '../storefront';
import { bnplOffers } from '../../region-config/instalments';

/** Who a receipt goes to: the order's storefront and its owner's address. */
export interface ReceiptTarget {
  url_local: string;
  email: string;
}

/** How the receipt names what paid: the card's brand and last four, a pay-later provider's name, or the split parts. */
export function paymentMethodLabel(
  storefrontLocal: string,
  payment: { method: string; card_brand?: string | null; card_last4?: string | null },
  planId?: string | null,
): string {
  if (payment.card_brand && payment.card_last4) return `${payment.card_brand} •••• ${payment.card_last4}`;
  if (payment.method === 'bnpl')
    return bnplOffers(storefrontLocal).find((o) => o.id === planId)?.name ?? planId ?? 'bnpl';
  return payment.method;
}

/**
 * Receipts written without a shopper's request (the reconciliation job, a provider's callback): the storefront
 * comes from the order, the address from its owner, and the links from the store's public origin.
 */
export function receiptWriter(publicOrigin: string) {
  return (target: ReceiptTarget, method: string) =>
    (order: OrderRow, giftCards: IssuedGiftCard[] = []): OutgoingMail =>
      paymentReceiptMail(publicOrigin, findStorefront(target.url_local)!, target.email, order, method, giftCards);
}

export type ReceiptWriter = ReturnType<typeof receiptWriter>;
