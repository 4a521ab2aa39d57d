/**
 * A fake store app around a fake page window, for tests: the user agent token, the injected bridge of either
 * platform, and an app that answers each call as told (at once, late, never, with an error, or by throwing when the
 * page posts). Not part of any bundle: only tests import it.
 */
import type { AppPlatform, BridgeCallName, BridgeMessage } from './contract';
import type { BridgeWindow } from './host';

/** How the fake app answers one call. */
export type FakeReply =
  | { value: unknown; afterMs?: number }
  | { error: string; afterMs?: number }
  /** Receives the call and never answers. */
  | 'silent'
  /** The bridge throws when the page posts. */
  | 'throw';

export interface FakeAppOptions {
  platform?: AppPlatform;
  /** The user agent token's version; null: no token in the user agent. */
  version?: string | null;
  /** Whether the app injected its bridge (default true). */
  bridge?: boolean;
  /** The version the Android bridge object reports itself (`StoreAppBridge.version()`). */
  objectVersion?: string;
  path?: string;
  /** Calls not listed here are answered 'unsupported', as an app that does not know them. */
  replies?: Partial<Record<BridgeCallName, FakeReply>>;
  /** Extra window parts (navigator.permissions, PaymentRequest, document). */
  extra?: Record<string, unknown>;
  navigator?: Record<string, unknown>;
}

export interface FakePage {
  w: BridgeWindow;
  /** What the page posted, parsed. */
  posted: BridgeMessage[];
  /** URLs the page opened in a new tab. */
  opened: string[];
  /** URLs this tab went to. */
  assigned: string[];
  /** The answer function's return values: true when the page still waited for that id. */
  delivered: boolean[];
}

const ORIGIN = 'https://store.example';

/** A page window in the app (or, with `inApp: false` semantics, pass bridge: false, version: null and a web path). */
export function fakePage(options: FakeAppOptions = {}): FakePage {
  const platform = options.platform ?? 'ios';
  const version = options.version === undefined ? '3.18.2' : options.version;
  const path = options.path ?? '/id/';
  const posted: BridgeMessage[] = [];
  const opened: string[] = [];
  const assigned: string[] = [];
  const delivered: boolean[] = [];
  const device =
    platform === 'ios'
      ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
      : 'Mozilla/5.0 (Linux; Android 14; 23127PN0CG; wv) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36';
  const userAgent = `${device}${version ? ` StoreApp/${version} (${platform})` : ''}`;
  const w = {
    navigator: { userAgent, ...options.navigator },
    location: {
      origin: ORIGIN,
      pathname: path,
      href: `${ORIGIN}${path}`,
      assign: (url: string) => void assigned.push(url),
    },
    open: (url: string) => {
      opened.push(url);
      return { opener: {} };
    },
    ...options.extra,
  } as unknown as BridgeWindow & { __storeAppBridgeAnswer?: (id: unknown, answer: unknown) => boolean };

  const receive = (json: string) => {
    const message = JSON.parse(json) as BridgeMessage;
    posted.push(message);
    const reply = options.replies?.[message.call] ?? { error: 'unsupported' };
    if (reply === 'throw') throw new Error('bridge gone');
    if (reply === 'silent') return;
    const answer = 'value' in reply ? { ok: true, value: reply.value } : { ok: false, error: reply.error };
    // Android's evaluateJavascript is easiest with the answer as JSON text; iOS passes the object.
    const sent = platform === 'android' ? JSON.stringify(answer) : answer;
    setTimeout(() => delivered.push(w.__storeAppBridgeAnswer?.(message.id, sent) ?? false), reply.afterMs ?? 5);
  };
  if (options.bridge !== false) {
    if (platform === 'ios') Object.assign(w, { webkit: { messageHandlers: { storeApp: { postMessage: receive } } } });
    else
      Object.assign(w, {
        StoreAppBridge: {
          postMessage: receive,
          ...(options.objectVersion ? { version: () => options.objectVersion } : {}),
        },
      });
  }
  return { w, posted, opened, assigned, delivered };
}

/** A page in a plain browser: no token, no bridge, a web path. */
export function browserPage(extra: Record<string, unknown> = {}, path = '/id/'): FakePage {
  return fakePage({ version: null, bridge: false, path, extra });
}
