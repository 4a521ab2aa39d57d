import { routeAppLinkClick } from './app-links';
import { installBackPressAnswer } from './back-press';
import { detectAppHost, type BridgeWindow } from './host';

/**
 * What the page sets up inside the store app (the islands runtime loads this only there): the back-press answer and
 * the link routing. Listening on the document, after the islands' own handlers, lets an island take a click first.
 * Returns what undoes it.
 */
export function installAppBridge(w: BridgeWindow = window): () => void {
  if (!detectAppHost(w)) return () => undefined;
  const removeBackPress = installBackPressAnswer(w);
  const onClick = (e: MouseEvent) => void routeAppLinkClick(e, w);
  w.document.addEventListener('click', onClick);
  return () => {
    removeBackPress();
    w.document.removeEventListener('click', onClick);
  };
}
