import type { SaleReminder } from '../request/alerts-api';
import { setSaleReminder } from './app-bridge/sale-reminder';
import type { BridgeWindow } from './app-bridge/host';

/**
 * Sets the app's own reminder for a sale (a notification of the phone's, at the same time as the mail and the inbox
 * message) when the page is in the app and its bridge has reminders; answers whether it did. On the web, in an app
 * older than reminders, or with a bridge that fails or does not answer, the mail and the message are what remind.
 */
export async function appReminder(
  reminder: Pick<SaleReminder, 'saleKind' | 'saleId' | 'name' | 'remindAt' | 'link'>,
  w: BridgeWindow = window,
): Promise<boolean> {
  const set = await setSaleReminder(
    {
      id: `sale-${reminder.saleKind}-${reminder.saleId}`,
      title: reminder.name,
      at: reminder.remindAt,
      url: new URL(reminder.link, w.location.origin).href,
    },
    w,
  );
  return set === true;
}
