import type { Database } from '../db/types';
import type { OrderEventsRepository } from '../repositories/order-events';
import { webhookDeliveriesRepository } from '../repositories/webhook-deliveries';
import { webhookEndpointsRepository } from '../repositories/webhook-endpoints';
import { webhookOrderFactsRepository } from '../repositories/webhook-order-facts';
import { dispatchOnce } from './dispatcher';
import { endpointUrlProblem } from './endpoint-url';
import { webhookSender, type SenderOptions } from './sender';

/** Passes of the dispatcher per run, so a long backlog cannot keep one run (and the app's close) waiting. */
const DISPATCH_PASSES = 20;

/**
 * The store's webhooks: the endpoints, their deliveries, and the run that hands out new order events and sends what
 * is due.
 *
 * Why the maintenance loop and not pg-boss: the deliveries are rows the dispatcher must make in the transaction that
 * moves the timeline cursor, and pg-boss (with DATABASE_URL) sends jobs on its own connection, outside that
 * transaction, so a crash between the two would lose or double events. The rows already are a durable queue (state,
 * next attempt, lease, claimed with SKIP LOCKED), which survives a restart and which the console reads as the log;
 * a second queue beside them would only have to be kept in step.
 */
export function webhookService(
  db: Database,
  orderEvents: OrderEventsRepository,
  options: SenderOptions & { production: boolean },
) {
  const endpoints = webhookEndpointsRepository(db);
  const deliveries = webhookDeliveriesRepository(db);
  const facts = webhookOrderFactsRepository(db);
  const sender = webhookSender(deliveries, options);
  /** Hands out new events until the timeline is read (or the passes are used up); returns the events handed out. */
  async function dispatch(): Promise<number> {
    let handed = 0;
    for (let pass = 0; pass < DISPATCH_PASSES; pass++) {
      const result = await dispatchOnce({ orderEvents, endpoints, deliveries, facts });
      if (!result) break;
      handed += result.events;
      if (!result.more) break;
    }
    return handed;
  }
  return {
    endpoints,
    deliveries,
    /** Why staff may not use this endpoint URL here, or null (endpoint-url.ts). */
    urlProblem: (url: string) => endpointUrlProblem(url, options.production),
    dispatch,
    sendDue: sender.sendDue,
    /** One run: new events become deliveries, then what is due is sent. */
    async run(): Promise<void> {
      await dispatch();
      await sender.sendDue();
    },
    stop: sender.stop,
  };
}
export type WebhookService = ReturnType<typeof webhookService>;
