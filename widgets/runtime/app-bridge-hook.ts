import { setAppIds } from '../lib/analytics';
import { inAppHost } from '../lib/app-bridge/presence';

/**
 * Inside the store app, loads the bridge's page side (the back-press answer, links routed to the app's webviews and
 * maps); in a browser nothing more than this check is loaded.
 */
export function startAppBridgeInApp(): void {
  if (!inAppHost()) return;
  // Analytics joins app and web events by the app's own ids, asked of the bridge when the tracker starts.
  setAppIds(() => import(/* webpackChunkName: "app-bridge" */ '../lib/app-bridge/ids').then((m) => m.ids()));
  void import(/* webpackChunkName: "app-bridge" */ '../lib/app-bridge/install').then(
    (m) => m.installAppBridge(),
    () => undefined, // Without it links and the back button work as in a browser.
  );
}
