import { callApp, type VersionTooLow } from './call';
import type { BridgeWindow } from './host';
import { openInBrowser } from './open-url';

/**
 * Opens a page in a new webview screen of the app (its own title bar and back), so leaving the store does not lose
 * the shopper's place in it; outside the app, or when the app does not answer, a new tab.
 */
export async function openWebview(
  url: string,
  options: { title?: string } = {},
  w: BridgeWindow = window,
): Promise<'app' | 'browser' | VersionTooLow> {
  const title = options.title?.trim().slice(0, 80);
  const outcome = await callApp('openWebview', { url, ...(title ? { title } : {}) }, w);
  if (outcome.kind === 'version-too-low') return outcome;
  if (outcome.kind === 'app') return 'app';
  openInBrowser(url, w);
  return 'browser';
}
