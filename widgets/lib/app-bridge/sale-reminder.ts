import { callApp, type VersionTooLow } from './call';
import type { AppSaleReminder } from './contract';
import type { BridgeWindow } from './host';

/**
 * Sets the app's own reminder (a notification of the phone's) for a sale. False outside the app, where the mail and
 * the inbox message remind, and when the app did not set it; an app older than reminders is refused.
 */
export async function setSaleReminder(
  reminder: AppSaleReminder,
  w: BridgeWindow = window,
): Promise<boolean | VersionTooLow> {
  const outcome = await callApp('setSaleReminder', reminder, w);
  if (outcome.kind === 'version-too-low') return outcome;
  return outcome.kind === 'app' && outcome.value;
}
