/**
 * The cheap signs that the page is in the store app, for the islands runtime, which asks on every page: the user
 * agent token, the injected bridge, an /app or /ios path. Which version the app is, and everything else the bridge
 * needs, load only inside the app (host.ts and the rest of this folder).
 */
import { appModeFromPath } from '../../state/site';
import { ANDROID_OBJECT, IOS_HANDLER, USER_AGENT_TOKEN } from './wire-names';

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

/** Where the page can post calls: the iOS message handler, the Android object, or nowhere. */
export function appTransport(w: BridgeWindow = window): 'android' | 'ios' | null {
  if (typeof w.webkit?.messageHandlers?.[IOS_HANDLER]?.postMessage === 'function') return 'ios';
  if (typeof w[ANDROID_OBJECT]?.postMessage === 'function') return 'android';
  return null;
}

/** Whether the page runs inside the store app (any sign of it). */
export function inAppHost(w: BridgeWindow = window): boolean {
  return (
    USER_AGENT_TOKEN.test(w.navigator?.userAgent ?? '') ||
    appTransport(w) !== null ||
    appModeFromPath(w.location?.pathname ?? '/') !== 'web'
  );
}
