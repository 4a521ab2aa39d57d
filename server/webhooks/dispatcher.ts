import type { OrderEventRow, OrderEventsRepository } from '../repositories/order-events';
import type { NewDelivery, WebhookDeliveriesRepository } from '../repositories/webhook-deliveries';
import type { WebhookEndpointsRepository } from '../repositories/webhook-endpoints';
import type { WebhookOrderFactsRepository } from '../repositories/webhook-order-facts';
import { WEBHOOK_EVENT_KINDS, type WebhookEventKind } from '../schemas/order-events';
import { webhookBody } from './payload';

/** Events read from the timeline per pass: one transaction's worth of deliveries. */
const BATCH = 200;

export interface DispatcherDeps {
  orderEvents: OrderEventsRepository;
  endpoints: WebhookEndpointsRepository;
  deliveries: WebhookDeliveriesRepository;
  facts: WebhookOrderFactsRepository;
}

const isWebhookEvent = (e: OrderEventRow): e is OrderEventRow & { kind: WebhookEventKind } =>
  (WEBHOOK_EVENT_KINDS as readonly string[]).includes(e.kind);

/**
 * One pass of the dispatcher: reads the timeline after the cursor (up to what is surely committed), makes one delivery
 * per event and matching active endpoint, and moves the cursor in the same transaction. Runs in any number of
 * processes at once: the move is a compare-and-set under the cursor's row lock, so a pass that lost the race writes
 * nothing and the events are handed out once. Returns how many events it handed out, or null when it lost (or the
 * timeline was busy) and should simply run again later.
 */
export async function dispatchOnce(deps: DispatcherDeps): Promise<{ events: number; more: boolean } | null> {
  if (!(await deps.deliveries.hasNew())) return { events: 0, more: false };
  const high = await deps.deliveries.highWaterMark();
  if (high === null) return null;
  const from = await deps.deliveries.cursor();
  if (BigInt(high) <= BigInt(from)) return { events: 0, more: false };
  const read = await deps.orderEvents.after(from, WEBHOOK_EVENT_KINDS, BATCH);
  const events = read.filter((e) => BigInt(e.id) <= BigInt(high)).filter(isWebhookEvent);
  // A full batch wholly below the mark may have more behind it; otherwise everything up to the mark has been read.
  const more = read.length === BATCH && events.length === read.length;
  const to = more ? events[events.length - 1]!.id : high;

  const endpoints = await deps.endpoints.active();
  const facts = endpoints.length > 0 ? await deps.facts.byIds([...new Set(events.map((e) => e.order_id))]) : new Map();
  const deliveries: NewDelivery[] = [];
  for (const event of events) {
    const order = facts.get(event.order_id);
    if (!order) continue;
    const wanting = endpoints.filter(
      (e) => e.kinds.includes(event.kind) && (e.countries.length === 0 || e.countries.includes(order.local)),
    );
    if (wanting.length === 0) continue;
    const body = JSON.stringify(webhookBody(event, order));
    for (const endpoint of wanting)
      deliveries.push({ endpointId: endpoint.id, eventId: event.id, orderId: event.order_id, kind: event.kind, body });
  }
  const moved = await deps.deliveries.advance(from, to, deliveries);
  return moved ? { events: events.length, more } : null;
}
