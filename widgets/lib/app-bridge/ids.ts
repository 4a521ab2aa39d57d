import { callApp } from './call';
import type { AppIds } from './contract';
import type { BridgeWindow } from './host';

/** The app's install and session ids, for analytics to join app and web events; null outside the app. */
export async function ids(w: BridgeWindow = window): Promise<AppIds | null> {
  const outcome = await callApp('ids', {}, w);
  return outcome.kind === 'app' ? outcome.value : null;
}
