import type { SaleReminder } from '../request/alerts-api';

/**
 * What the store app's webview bridge (`window.storeAppBridge`) offers for reminders, when it offers any: a
 * notification of the phone's own at a time. Today's apps do not (their bridge reports installed wallet apps only),
 * so the mail and the inbox message are what remind; the day an app adds `addReminder`, its shoppers get the app's
 * own reminder too, at the same time.
 */
export interface AppReminderBridge {
  addReminder(reminder: { id: string; title: string; at: number; url: string }): unknown;
}

/**
 * Sets the app's own reminder for a sale when the page is in the app's webview and its bridge offers reminders;
 * answers whether it did. A bridge that throws counts as none.
 */
export function appReminder(
  reminder: Pick<SaleReminder, 'saleKind' | 'saleId' | 'name' | 'remindAt' | 'link'>,
  inApp: boolean,
  w: Window = window,
): boolean {
  if (!inApp) return false;
  const bridge = (w as unknown as { storeAppBridge?: Partial<AppReminderBridge> }).storeAppBridge;
  if (typeof bridge?.addReminder !== 'function') return false;
  try {
    bridge.addReminder({
      id: `sale-${reminder.saleKind}-${reminder.saleId}`,
      title: reminder.name,
      at: reminder.remindAt,
      url: new URL(reminder.link, w.location.origin).href,
    });
    return true;
  } catch {
    return false;
  }
}
