import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { composeMail } from './compose';
import type { OutgoingMail } from './outbox';
import { orderMessageText, type OrderEvent, type OrderMessageRef, type ParcelRef } from '../orders/order-messages';

/** A parcel a mail links to: the carrier's tracking page besides its name and number. */
export interface TrackedParcel extends ParcelRef {
  link: string;
}

/**
 * The mail of a step of an order's life: the same title and text as its inbox message, a button to the order's page
 * and, for a parcel, one to the carrier's tracking page. `eventId` (the timeline row) makes it one mail per step,
 * however often the step's transaction is retried.
 */
export function orderStepMail(
  origin: string,
  storefront: Storefront,
  email: string,
  event: OrderEvent,
  order: OrderMessageRef,
  eventId: string,
  parcel?: TrackedParcel,
): OutgoingMail {
  const t = translator(storefront);
  const text = orderMessageText(storefront, event, order, parcel);
  const orderPage = `${origin}/${storefront.urlLocal}/user/order/${order.id}/`;
  return {
    recipient: email,
    // 'order-…': the order topic of the notification preferences (mail/topics.ts).
    kind: `order-step-${event.replaceAll('_', '-')}`,
    topic: 'order',
    urlLocal: storefront.urlLocal,
    dedupeKey: `order-step:${eventId}`,
    ...composeMail(storefront, {
      subject: text.title,
      paragraphs: [
        text.body,
        ...(parcel
          ? [t('mail.orderStep.parcel', { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber })]
          : []),
      ],
      actions: [
        ...(parcel ? [{ label: t('mail.orderStep.track'), url: parcel.link }] : []),
        { label: t('mail.order.button'), url: orderPage },
      ],
    }),
  };
}
