import type { Queryable } from '../db/types';
import type { OrderActor, OrderEventKind } from '../schemas/order-events';
import { recordOrderEventIn, type OrderEventRow } from '../repositories/order-events';
import { wantsIn } from '../repositories/notification-prefs';
import { userEmailIn } from '../repositories/users';
import { mailOutbox } from '../mail/outbox';
import { orderStepMail, type TrackedParcel } from '../mail/order-step-mails';
import { findStorefront } from '../storefront';
import { postOrderMessageIn, STEP_NOTICES, type OrderEvent, type OrderMessageRef } from './order-messages';

/** The inbox message each step sends the shopper by default (steps not listed send none: placed, credit notes). */
const NOTICES: Partial<Record<OrderEventKind, OrderEvent>> = {
  paid: 'paid',
  refund_due: 'refund_due',
  refunded: 'refunded',
  ...Object.fromEntries(STEP_NOTICES.map((k) => [k, k])),
};

/** Messages that come with a mail of their own elsewhere (the payment receipt), so the step sends none. */
const MAILED_ELSEWHERE: ReadonlySet<OrderEvent> = new Set(['paid', 'deposit_paid']);

/**
 * The store's public origin (SITE_URL) for the links of step mails. Steps are taken deep in transactions that know
 * no app, so the app sets it once at start (server/app.ts); every app of a process serves the same origin.
 */
let mailOrigin = 'http://localhost:8000';
/** Sets the origin step mails link to (called by buildApp with SITE_URL). */
export function setOrderStepMailOrigin(origin: string): void {
  mailOrigin = origin;
}
/** The origin step mails link to, for other mails sent from inside an order's step (device insurance). */
export const orderStepMailOrigin = (): string => mailOrigin;

export interface OrderStepOptions {
  detail?: Record<string, unknown>;
  actor?: OrderActor;
  /** The message (and mail) to send instead of the step's default one (null: neither). */
  notice?: OrderEvent | null;
  /** False: the message only, for a step whose mail its caller sends itself (an invoice with its PDF). */
  mail?: boolean;
  /** The amount the message names, when it is not the order's total (a refund's amount). */
  amount?: number;
  /** The parcel a shipped or delivered step names, with its tracking page. */
  parcel?: TrackedParcel;
}

/**
 * Records a step in an order's life in the caller's transaction, and tells the shopper: an inbox message and a mail
 * in the storefront's language, each as the shopper's notification preferences for orders allow. The step, its
 * record, its message and its queued mail commit together, so the timeline, and everything that reads it (the
 * shopper's page, messages and mails, webhooks), never tells of a step that did not happen or misses one that did.
 */
export async function orderStepIn(
  tx: Queryable,
  order: OrderMessageRef,
  kind: OrderEventKind,
  options: OrderStepOptions = {},
): Promise<OrderEventRow> {
  const event = await recordOrderEventIn(tx, {
    orderId: order.id,
    kind,
    detail: { ...(options.amount === undefined ? {} : { amount: options.amount }), ...options.detail },
    actor: options.actor,
  });
  const notice = options.notice === undefined ? NOTICES[kind] : options.notice;
  if (!notice) return event;
  const named = { ...order, total: options.amount ?? order.total };
  await postOrderMessageIn(tx, notice, named, options.parcel);
  if (options.mail !== false && !MAILED_ELSEWHERE.has(notice))
    await queueStepMailIn(tx, named, notice, event.id, options);
  return event;
}

async function queueStepMailIn(
  tx: Queryable,
  order: OrderMessageRef,
  notice: OrderEvent,
  eventId: string,
  options: OrderStepOptions,
): Promise<void> {
  const storefront = findStorefront(order.url_local);
  if (!storefront || !(await wantsIn(tx, order.user_id, 'mail', 'order'))) return;
  const email = await userEmailIn(tx, order.user_id);
  if (!email) return;
  await mailOutbox.enqueue(tx, orderStepMail(mailOrigin, storefront, email, notice, order, eventId, options.parcel));
}
