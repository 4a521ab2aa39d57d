/**
 * The store app bridge: the one way islands talk to the Android and iOS apps around their webviews. Each call answers
 * a promise, never waits more than its rule says, and does the browser's thing outside the app; calls an old app
 * lacks answer a VersionTooLow the island shows with AppUpdateNotice (widgets/lib/app-update-notice.tsx). The
 * contract for the app teams is docs/app-bridge.md.
 */
import { ids } from './ids';
import { locationPermission } from './location-permission';
import { login } from './login';
import { openMaps } from './open-maps';
import { openWebview } from './open-webview';
import { setSaleReminder } from './sale-reminder';
import { linePay, weChatInstalled } from './wallets';

export { detectAppHost, inAppHost, type AppHost, type BridgeWindow } from './host';
export { isVersionTooLow, readiness, type VersionTooLow } from './call';
export { onBackPress, handleBackPress, type BackPressAnswer, type BackPressHandler } from './back-press';
export type { AppIds, AppPlatform, AppSaleReminder, LocationPermission, MapPlace } from './contract';
export { ids, linePay, locationPermission, login, openMaps, openWebview, setSaleReminder, weChatInstalled };

/** Every call in one object, for callers that take the bridge as a whole (analytics: `() => appBridge.ids()`). */
export const appBridge = {
  login,
  locationPermission,
  openMaps,
  ids,
  weChatInstalled,
  linePay,
  openWebview,
  setSaleReminder,
} as const;
