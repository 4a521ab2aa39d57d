/**
 * Is this page inside the store app's webview, which app, which version, and can it post to the app? Small and
 * without dependencies beyond the contract's names, because the islands runtime asks it on every page.
 */
import { appModeFromPath } from '../../state/site';
import { ANDROID_OBJECT, IOS_HANDLER, USER_AGENT_TOKEN, type AppPlatform } from './contract';
import { cleanVersion } from './version';

/** What the Android app adds with addJavascriptInterface (a method `version()`, or a `version` string, optional). */
export interface AndroidBridgeObject {
  postMessage(json: string): void;
  version?: string | (() => string);
}

/** What the iOS app adds with a WKScriptMessageHandler named `storeApp`. */
export interface IosMessageHandler {
  postMessage(message: unknown): void;
}

/** The globals of the bridge on a page's window, all optional: a browser has none of them. */
export interface BridgeGlobals {
  [ANDROID_OBJECT]?: Partial<AndroidBridgeObject>;
  webkit?: { messageHandlers?: { [IOS_HANDLER]?: Partial<IosMessageHandler> } };
}

/** The window parts the bridge reads; tests pass a fake. */
export type BridgeWindow = Window & BridgeGlobals;

export interface AppHost {
  platform: AppPlatform;
  /** Null when neither the user agent nor the bridge object names it. */
  version: string | null;
  /** Where the page posts its calls; null in an app that injects no bridge (older than it, or a page opened oddly). */
  transport: 'android' | 'ios' | null;
}

function transportOf(w: BridgeWindow): AppHost['transport'] {
  if (typeof w.webkit?.messageHandlers?.[IOS_HANDLER]?.postMessage === 'function') return 'ios';
  if (typeof w[ANDROID_OBJECT]?.postMessage === 'function') return 'android';
  return null;
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
  const transport = transportOf(w);
  const pathMode = appModeFromPath(w.location?.pathname ?? '/');
  const platform: AppPlatform | null = token
    ? (token[2]?.toLowerCase() as AppPlatform)
    : (transport ?? (pathMode === 'app' ? 'android' : pathMode === 'ios' ? 'ios' : null));
  if (!platform) return null;
  return { platform, version: cleanVersion(token?.[1]) ?? bridgeObjectVersion(w), transport };
}

/** Whether the page runs inside the store app (any sign of it). */
export function inAppHost(w: BridgeWindow = window): boolean {
  return detectAppHost(w) !== null;
}
