/**
 * Posting a call to the app and waiting for its answer. Both apps take one JSON string: Android through the object it
 * adds with addJavascriptInterface (whose methods take strings only), iOS through its WKScriptMessageHandler. Neither
 * can return a value to the page at once, so each message carries an id and the app answers later by calling
 * `window.__storeAppBridgeAnswer(id, answer)` (evaluateJavascript / evaluateJavaScript). The page never waits
 * forever: an app that does not answer in time counts as one that cannot.
 */
import {
  ANDROID_OBJECT,
  ANSWER_FUNCTION,
  IOS_HANDLER,
  type ArgsOf,
  type BridgeAnswer,
  type BridgeCallName,
  type BridgeMessage,
} from './contract';
import type { AppHost, BridgeWindow } from './host';

/** How a posted call ended, before the call's own rule judges the value. */
export type PostOutcome = BridgeAnswer | { ok: false; error: 'timeout' | 'post-failed' };

interface Pending {
  resolve(outcome: PostOutcome): void;
  timer: ReturnType<typeof setTimeout>;
}

type AnswerWindow = BridgeWindow & { [ANSWER_FUNCTION]?: (id: unknown, answer: unknown) => boolean };

/** One table of waiting calls per window; a page has one, tests make many. */
const pendingByWindow = new WeakMap<object, Map<string, Pending>>();
let sequence = 0;

/** The app's answer as it came: an object, or its JSON text (what Android's evaluateJavascript passes most easily). */
function readAnswer(raw: unknown): BridgeAnswer {
  let answer = raw;
  if (typeof raw === 'string') {
    try {
      answer = JSON.parse(raw);
    } catch {
      return { ok: false, error: 'unreadable' };
    }
  }
  const a = answer as Partial<{ ok: unknown; value: unknown; error: unknown }> | null;
  if (a?.ok === true) return { ok: true, value: a.value };
  if (a?.ok === false) return { ok: false, error: typeof a.error === 'string' ? a.error.slice(0, 60) : 'failed' };
  return { ok: false, error: 'unreadable' };
}

function pendingOf(w: AnswerWindow): Map<string, Pending> {
  let pending = pendingByWindow.get(w);
  if (!pending) {
    const table = new Map<string, Pending>();
    pending = table;
    pendingByWindow.set(w, table);
    // Answers true when the id was waiting, so the app can log answers that came after the page gave up.
    w[ANSWER_FUNCTION] = (id, answer) => {
      const waiting = typeof id === 'string' ? table.get(id) : undefined;
      if (!waiting) return false;
      table.delete(id as string);
      clearTimeout(waiting.timer);
      waiting.resolve(readAnswer(answer));
      return true;
    };
  }
  return pending;
}

/** Posts one call through the host's transport and settles with the app's answer, a timeout, or a failed post. */
export function postToApp<N extends BridgeCallName>(
  w: BridgeWindow,
  transport: NonNullable<AppHost['transport']>,
  call: N,
  args: ArgsOf<N>,
  timeoutMs: number,
): Promise<PostOutcome> {
  const pending = pendingOf(w);
  const id = `sab-${Date.now().toString(36)}-${++sequence}`;
  const message: BridgeMessage<N> = { v: 1, id, call, args };
  return new Promise<PostOutcome>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({ ok: false, error: 'timeout' });
    }, timeoutMs);
    pending.set(id, { resolve, timer });
    try {
      const json = JSON.stringify(message);
      if (transport === 'ios') w.webkit?.messageHandlers?.[IOS_HANDLER]?.postMessage?.(json);
      else w[ANDROID_OBJECT]?.postMessage?.(json);
    } catch {
      // A bridge that throws (a broken injection, a call the app's interface does not know) is no bridge.
      clearTimeout(timer);
      pending.delete(id);
      resolve({ ok: false, error: 'post-failed' });
    }
  });
}
