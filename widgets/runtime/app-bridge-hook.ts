import { inAppHost } from '../lib/app-bridge/presence';

/**
 * Inside the store app, loads the bridge's page side (the back-press answer, links routed to the app's webviews and
 * maps); in a browser nothing more than this check is loaded.
 */
export function startAppBridgeInApp(): void {
  if (!inAppHost()) return;
  void import(/* webpackChunkName: "app-bridge" */ '../lib/app-bridge/install').then(
    (m) => m.installAppBridge(),
    () => undefined, // Without it links and the back button work as in a browser.
  );
}
