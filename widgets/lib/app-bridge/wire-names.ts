/**
 * The names the page and the apps meet by: the user agent token and the injected objects. Apart
 * from the rest of the contract because the islands runtime reads them on every page (is this the app?), and a module
 * the runtime imports is in the core bundle whole. The page's own functions are named in contract.ts.
 */

export type { AppPlatform } from '../../../sites/store-app';

/** The user agent token the apps append: `StoreApp/3.18.2 (ios)`. */
export const USER_AGENT_TOKEN = /\bStoreApp\/(\S{1,60}) \((android|ios)\)/i;

/** Android: the object added with addJavascriptInterface. */
export const ANDROID_OBJECT = 'StoreAppBridge';
/** iOS: the WKScriptMessageHandler's name (window.webkit.messageHandlers.storeApp). */
export const IOS_HANDLER = 'storeApp';
