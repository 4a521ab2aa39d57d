import { callApp, type VersionTooLow } from './call';
import type { BridgeWindow } from './host';
import { openInBrowser } from './open-url';

/** Whether WeChat is installed on the phone; false outside the app, where no page can tell. */
export async function weChatInstalled(w: BridgeWindow = window): Promise<boolean> {
  const outcome = await callApp('weChatInstalled', {}, w);
  return outcome.kind === 'app' && outcome.value;
}

/** LINE Pay through the app: whether the LINE app is installed, and handing it a payment. */
export const linePay = {
  /** False outside the app; an app older than LINE Pay in its bridge is refused. */
  async installed(w: BridgeWindow = window): Promise<boolean | VersionTooLow> {
    const outcome = await callApp('linePay.installed', {}, w);
    if (outcome.kind === 'version-too-low') return outcome;
    return outcome.kind === 'app' && outcome.value;
  },
  /** Hands the payment URL to the LINE app; outside the app, or when the app does not answer, opens the URL. */
  async launch(url: string, w: BridgeWindow = window): Promise<'app' | 'browser' | VersionTooLow> {
    const outcome = await callApp('linePay.launch', { url }, w);
    if (outcome.kind === 'version-too-low') return outcome;
    if (outcome.kind === 'app') return 'app';
    openInBrowser(url, w);
    return 'browser';
  },
};
