import type { Storefront } from '../storefront';
import { translator } from '../i18n';
import { composeMail } from './compose';
import type { OutgoingMail } from './outbox';

/** A device line whose protection has started: its product, how many units, until when (the date as shown). */
export interface ActiveCover {
  product: string;
  units: number;
  until: string;
}

/**
 * "Your device protection is active": sent when a delivery starts the cover of insured units, one mail per
 * delivery (`key`), with each line's end of cover and a button to the order. An order mail, as the shopper's
 * notification preferences for orders allow.
 */
export function insuranceActiveMail(
  origin: string,
  storefront: Storefront,
  email: string,
  orderId: string,
  covers: readonly ActiveCover[],
  key: string,
): OutgoingMail {
  const t = translator(storefront);
  return {
    recipient: email,
    kind: 'order-insurance-active',
    topic: 'order',
    urlLocal: storefront.urlLocal,
    dedupeKey: `insurance-active:${key}`,
    ...composeMail(storefront, {
      subject: t('insurance.message.activeTitle'),
      paragraphs: [
        ...covers.map((c) => t('insurance.message.activeBody', { product: c.product, count: c.units, date: c.until })),
        t('insurance.mail.claimHint'),
      ],
      actions: [{ label: t('mail.order.button'), url: `${origin}/${storefront.urlLocal}/user/order/${orderId}/` }],
    }),
  };
}
