import type { BridgeWindow } from './host';

/**
 * The browser's way to show another page: a new tab (its opener cut, as `noopener` would, which cannot be asked for
 * here because `window.open` then answers null whether or not it opened), or this tab when pop-ups are blocked.
 */
export function openInBrowser(url: string, w: BridgeWindow = window): void {
  const opened = w.open(url, '_blank');
  if (opened) opened.opener = null;
  else w.location.assign(url);
}
