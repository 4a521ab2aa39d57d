import { translator, type Translator } from '../i18n';
import { formatDate } from '../../region-config/format-date';
import { productPath } from '../../sites/product-card';
import { specText } from '../../content/i18n/spec-values';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import type { NewMessage } from '../repositories/messages';
import type { StockAlertRow } from '../repositories/stock-alerts';
import type { SaleReminderRow } from '../repositories/sale-reminders';
import type { Storefront } from '../storefront';
import { titleIn } from '../../content/coupon-titles';

/** What tells the shopper: the inbox message and the mail, with the same words. */
export interface AlertNotice {
  message: NewMessage;
  mail: OutgoingMail;
}

/** The version's spec values in the storefront's language ("8GB+256GB · Schwarz"). */
export function specIn(storefront: Pick<Storefront, 'i18n'>, spec: string): string {
  return specText(spec, storefront.i18n);
}

/** The product and its version as one name: "Redmi Note 14 (8GB+256GB · Schwarz)", or the product alone. */
export function itemName(storefront: Pick<Storefront, 'i18n'>, alert: Pick<StockAlertRow, 'name' | 'spec'>): string {
  return alert.spec ? `${alert.name} (${specIn(storefront, alert.spec)})` : alert.name;
}

/** The product page with the alert's version chosen. */
export function stockAlertLink(alert: Pick<StockAlertRow, 'url_local' | 'product_id' | 'commodity_id'>): string {
  return `${productPath(alert.url_local, alert.product_id)}?commodityId=${alert.commodity_id}`;
}

/**
 * A sale's name in the storefront's language: a coupon's own title (its part in the storefront's language, where the
 * country has several: content/coupon-titles.ts; whole for staff, who pass no storefront), or "pre-sale of <product>".
 */
export function saleName(
  t: Translator,
  reminder: Pick<SaleReminderRow, 'title' | 'product_name'>,
  storefront?: Pick<Storefront, 'local' | 'i18n'>,
): string {
  if (reminder.title === null) return t('alert.remind.presale', { product: reminder.product_name });
  return storefront ? titleIn(reminder.title, storefront.local, storefront.i18n) : reminder.title;
}

/** The start of a sale as the storefront writes a date and time, in its country's time zone. */
export function saleStart(storefront: Storefront, at: Date): string {
  return formatDate(at, storefront.region, 'dateTimeFormatNoSecond', storefront.urlLocal);
}

function notice(
  storefront: Storefront,
  origin: string,
  to: { userId: number; email: string },
  kind: string,
  dedupeKey: string,
  text: { title: string; body: string; button: string; link: string },
): AlertNotice {
  return {
    message: { userId: to.userId, kind: 'alert', title: text.title, body: text.body, link: text.link },
    mail: {
      recipient: to.email,
      // 'alert-…': the alert topic of the notification preferences (mail/topics.ts).
      kind,
      topic: 'alert',
      urlLocal: storefront.urlLocal,
      dedupeKey,
      ...composeMail(storefront, {
        subject: text.title,
        paragraphs: [text.body],
        actions: [{ label: text.button, url: `${origin}${text.link}` }],
      }),
    },
  };
}

/** The version is back: told once per alert (the alert's id keys the mail). */
export function backInStockNotice(
  storefront: Storefront,
  origin: string,
  alert: StockAlertRow & { email: string },
): AlertNotice {
  const t = translator(storefront);
  const item = itemName(storefront, alert);
  return notice(
    storefront,
    origin,
    { userId: alert.user_id, email: alert.email },
    'alert-back-in-stock',
    `alert-back:${alert.id}`,
    {
      title: t('alert.back.title', { item }),
      body: t('alert.back.body', { item }),
      button: t('alert.back.button'),
      link: stockAlertLink(alert),
    },
  );
}

/** The sale starts soon: sent once per reminder, before the start. */
export function saleReminderNotice(
  storefront: Storefront,
  origin: string,
  reminder: SaleReminderRow & { email: string },
): AlertNotice {
  const t = translator(storefront);
  const sale = saleName(t, reminder, storefront);
  const time = saleStart(storefront, reminder.starts_at);
  return notice(
    storefront,
    origin,
    { userId: reminder.user_id, email: reminder.email },
    'alert-sale-reminder',
    `alert-sale:${reminder.id}`,
    {
      title: t('alert.remind.title', { sale }),
      body: t('alert.remind.body', { sale, time }),
      button: t('alert.remind.button'),
      link: productPath(reminder.url_local, reminder.product_id),
    },
  );
}
