import { compareVersions } from '../lib/app-bridge/version';
import { storeAppVersion } from '../lib/store-app-agent';

/**
 * The iOS app version whose support tab lays its webview under the tab bar: the bar (49 pt) and the home
 * indicator's strip (34 pt) cover the page's last 83 px, where the chat launcher sits. Other versions end the
 * webview above the bar, so the spacing is for this one version only, matched exactly: a version that fixes
 * the app must not get the 83 px twice. The one place that names it.
 */
export const IOS_TAB_BAR_OVERLAP_VERSION = '3.17.0';

/** The class components.css raises the launcher with (by those 83 px). */
export const ABOVE_TAB_BAR_CLASS = 'chat-host--above-tab-bar';

/**
 * Whether the launcher of the iOS app's support tab must be raised above the tab bar: the page is that tab and
 * the app reading it is the affected version (from its user agent; pages cannot know it when they are built).
 */
export function needsTabBarSpacing(iosTabRoot: boolean, userAgent: string): boolean {
  if (!iosTabRoot) return false;
  const version = storeAppVersion(userAgent);
  return version !== null && compareVersions(version, IOS_TAB_BAR_OVERLAP_VERSION) === 0;
}
