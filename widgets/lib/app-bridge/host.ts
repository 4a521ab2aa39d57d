/**
 * Which store app the page runs in, which version, and whether it can post to the app. The version decides which
 * calls the app has (contract.ts); the islands runtime only asks whether this is the app at all (presence.ts).
 */
import { appTransport, type BridgeWindow } from './presence';
import { ANDROID_OBJECT, USER_AGENT_TOKEN, type AppPlatform } from './wire-names';
import { appModeFromPath } from '../../state/site';
import { cleanVersion } from './version';

export { inAppHost, type BridgeGlobals, type BridgeWindow } from './presence';

export interface AppHost {
  platform: AppPlatform;
  /** Null when neither the user agent nor the bridge object names it. */
  version: string | null;
  /** Where the page posts its calls; null in an app that injects no bridge (older than it, or a page opened oddly). */
  transport: 'android' | 'ios' | null;
}

function bridgeObjectVersion(w: BridgeWindow): string | null {
  const version = w[ANDROID_OBJECT]?.version;
  try {
    return cleanVersion(typeof version === 'function' ? version.call(w[ANDROID_OBJECT]) : version);
  } catch {
    return null;
  }
}

/**
 * The app the page runs in, or null in a browser. The user agent token (`StoreApp/3.18.2 (ios)`) names platform and
 * version; else the injected bridge says which platform (and maybe its version); else a /{store}/app/… path means the
 * Android app and /{store}/ios/… the iOS app, of an unknown version.
 * @example detectAppHost() // { platform: 'ios', version: '3.18.2', transport: 'ios' }
 */
export function detectAppHost(w: BridgeWindow = window): AppHost | null {
  const token = USER_AGENT_TOKEN.exec(w.navigator?.userAgent ?? '');
  const transport = appTransport(w);
  const pathMode = appModeFromPath(w.location?.pathname ?? '/');
  const platform: AppPlatform | null = token
    ? (token[2]?.toLowerCase() as AppPlatform)
    : (transport ?? (pathMode === 'app' ? 'android' : pathMode === 'ios' ? 'ios' : null));
  if (!platform) return null;
  return { platform, version: cleanVersion(token?.[1]) ?? bridgeObjectVersion(w), transport };
}
