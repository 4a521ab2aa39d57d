import type { OrderEventRow } from '../repositories/order-events';
import type { OrderFacts } from '../repositories/webhook-order-facts';
import type { WebhookEventKind } from '../schemas/order-events';
import type { WebhookBody } from '../schemas/webhooks';

/**
 * The body of an event's webhook: the event, its order's amounts and lines, and what the kind needs: the address to
 * ship to (paid), the shipments with their tracking (shipped, delivered), the amount given back (refunded). The same
 * body goes to every endpoint and on every retry.
 */
export function webhookBody(event: OrderEventRow & { kind: WebhookEventKind }, order: OrderFacts): WebhookBody {
  const detail = event.detail ?? {};
  const amount = typeof detail['amount'] === 'number' ? detail['amount'] : null;
  return {
    id: event.id,
    kind: event.kind,
    created_at: new Date(event.created_at).toISOString(),
    storefront: order.url_local,
    country: order.local,
    order: {
      id: order.id,
      state: order.state,
      currency: order.currency,
      items_total: order.items_total,
      discount: order.discount,
      shipping_fee: order.shipping_fee,
      tax: order.tax,
      total: order.total,
      delivery_method: order.delivery_method,
      // Only the event that starts the picking carries where the parcel goes; the rest need no personal data.
      ...(event.kind === 'paid' ? { address: order.address } : {}),
      lines: order.lines,
    },
    ...(event.kind === 'shipped' || event.kind === 'delivered' ? { shipments: order.shipments } : {}),
    ...(event.kind === 'refunded' && amount !== null ? { refund: { amount, currency: order.currency } } : {}),
    detail,
  };
}
