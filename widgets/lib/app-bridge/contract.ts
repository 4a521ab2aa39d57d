/**
 * The app bridge's contract in one place: every call the page can make to the store app, its arguments, the answer
 * the app gives, how long the page waits for it, and the oldest app version of each platform that has the call.
 * docs/app-bridge.md is this file written for the app teams; a change here is a change there.
 */

export type { AppPlatform } from './wire-names';
export { ANDROID_OBJECT, IOS_HANDLER, USER_AGENT_TOKEN } from './wire-names';
import type { AppPlatform } from './wire-names';

/** What the browser's Permissions API says of geolocation, and what the app says of its own location permission. */
export type LocationPermission = 'granted' | 'denied' | 'prompt';

/** A place to show in the phone's maps. */
export interface MapPlace {
  lat: number;
  lng: number;
  name: string;
  address?: string;
}

/** The app's ids of this install and of the shopper's current app session, for analytics. */
export interface AppIds {
  instanceId: string;
  sessionId: string;
}

/** A reminder of the phone's own, shown by the app at `at` (epoch milliseconds), opening `url` when tapped. */
export interface AppSaleReminder {
  id: string;
  title: string;
  at: number;
  url: string;
}

/** Arguments and answer of each call, by its name on the wire. */
export interface BridgeCalls {
  /** The app shows its sign-in; it answers true once the screen is up, not when the shopper has signed in. */
  login: { args: Record<string, never>; answer: true };
  locationPermission: { args: Record<string, never>; answer: LocationPermission };
  /** The app opens its maps (or the phone's) at the place; true once shown. */
  openMaps: { args: MapPlace; answer: true };
  ids: { args: Record<string, never>; answer: AppIds };
  weChatInstalled: { args: Record<string, never>; answer: boolean };
  'linePay.installed': { args: Record<string, never>; answer: boolean };
  /** The app hands the LINE Pay payment URL to the LINE app; true once handed over. */
  'linePay.launch': { args: { url: string }; answer: true };
  /** The app opens the URL in a new webview screen of its own, with a title bar; true once shown. */
  openWebview: { args: { url: string; title?: string }; answer: true };
  /** True when the app has set the reminder, false when the shopper refused the app notifications. */
  setSaleReminder: { args: AppSaleReminder; answer: boolean };
}

export type BridgeCallName = keyof BridgeCalls;
export type ArgsOf<N extends BridgeCallName> = BridgeCalls[N]['args'];
export type AnswerOf<N extends BridgeCallName> = BridgeCalls[N]['answer'];

/** How one call behaves: how long the page waits, which app versions have it, and which answers it accepts. */
interface CallRule<N extends BridgeCallName> {
  timeoutMs: number;
  /** The oldest app of each platform that has the call; null: every app with the bridge has it. */
  minimum: Record<AppPlatform, string> | null;
  /** The app's answer as the page trusts it, or undefined when it is not one (then the browser fallback runs). */
  accept(value: unknown): AnswerOf<N> | undefined;
}

/**
 * The apps' 3.17.0 release added maps, LINE Pay, reminders and new webviews (the iOS store app needs 3.17.0 or
 * later for them); Android shipped the same calls in the same release of its app.
 */
export const APP_3_17: Record<AppPlatform, string> = { android: '3.17.0', ios: '3.17.0' };

const isTrue = (v: unknown): true | undefined => (v === true ? true : undefined);
const isBoolean = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const shortId = (v: unknown): v is string => typeof v === 'string' && /^[\w.:-]{1,128}$/.test(v);

/**
 * Every call's rule. The waits are short where the app only has to look something up (a second) and longer where it
 * may first show the phone's own dialog (the notification permission before a reminder).
 */
export const CALL_RULES: { [N in BridgeCallName]: CallRule<N> } = {
  login: { timeoutMs: 1500, minimum: null, accept: isTrue },
  locationPermission: {
    timeoutMs: 1500,
    minimum: null,
    accept: (v) => (v === 'granted' || v === 'denied' || v === 'prompt' ? v : undefined),
  },
  openMaps: { timeoutMs: 1500, minimum: APP_3_17, accept: isTrue },
  ids: {
    timeoutMs: 1000,
    minimum: null,
    accept: (v) => {
      const ids = v as Partial<AppIds> | null;
      return ids && shortId(ids.instanceId) && shortId(ids.sessionId)
        ? { instanceId: ids.instanceId, sessionId: ids.sessionId }
        : undefined;
    },
  },
  weChatInstalled: { timeoutMs: 1000, minimum: null, accept: isBoolean },
  'linePay.installed': { timeoutMs: 1000, minimum: APP_3_17, accept: isBoolean },
  'linePay.launch': { timeoutMs: 1500, minimum: APP_3_17, accept: isTrue },
  openWebview: { timeoutMs: 1500, minimum: APP_3_17, accept: isTrue },
  setSaleReminder: { timeoutMs: 10_000, minimum: APP_3_17, accept: isBoolean },
};

/** The message the page posts, as a JSON string, on both platforms. */
export interface BridgeMessage<N extends BridgeCallName = BridgeCallName> {
  /** The contract's version: 1. */
  v: 1;
  /** Unique per page load; the app passes it back with the answer. */
  id: string;
  call: N;
  args: ArgsOf<N>;
}

/** What the app passes back to `window.__storeAppBridgeAnswer(id, answer)`, as an object or its JSON string. */
export type BridgeAnswer = { ok: true; value: unknown } | { ok: false; error: string };

/** The page's function the app calls with each answer. */
export const ANSWER_FUNCTION = '__storeAppBridgeAnswer';
/**
 * The page's function the app calls on the phone's back button or gesture: 'handled' or 'not-handled'
 * (back-press.ts, which imports nothing, so the modal's chunk carries no more than it needs).
 */
export const BACK_PRESS_FUNCTION = '__storeAppBackPress';
