/**
 * One call to the app, judged by its rule: is the page in the app, is the app new enough, did it answer in time with
 * an answer the page trusts. Every typed call of the bridge goes through here and turns a non-answer into its own
 * browser fallback; only "version too low" is passed to the islands, which tell the shopper to update the app.
 */
import { appStorePage } from '../../../sites/store-app';
import { CALL_RULES, type AnswerOf, type AppPlatform, type ArgsOf, type BridgeCallName } from './contract';
import { detectAppHost, type AppHost, type BridgeWindow } from './host';
import { postToApp } from './transport';
import { atLeast } from './version';

/** The app is older than the call: the page says so and links to the app's store page. */
export interface VersionTooLow {
  kind: 'version-too-low';
  platform: AppPlatform;
  /** The oldest version with the call. */
  needs: string;
  running: string;
  /** The app's page in the platform's store. */
  storeUrl: string;
}

/** Why the browser's way was taken instead of the app's. */
export type FallbackReason =
  | 'not-in-app'
  | 'no-bridge'
  | 'timeout'
  | 'post-failed'
  | 'unsupported'
  | 'app-error'
  | 'bad-answer';

export type CallOutcome<T> = { kind: 'app'; value: T } | { kind: 'fallback'; reason: FallbackReason } | VersionTooLow;

/** What the page may do before posting: post, refuse for the version, or go the browser's way at once. */
export type Readiness =
  | { kind: 'ready'; host: AppHost & { transport: NonNullable<AppHost['transport']> } }
  | VersionTooLow
  | { kind: 'fallback'; reason: 'not-in-app' | 'no-bridge' };

/** True for the refusal of a call the running app is too old for. */
export function isVersionTooLow(value: unknown): value is VersionTooLow {
  return (value as VersionTooLow | null)?.kind === 'version-too-low';
}

/**
 * Decides without waiting whether a call can go to the app, so a click handler knows at once whether to take the
 * click. An app whose version is unknown is asked anyway: if it lacks the call, it says 'unsupported' or never answers.
 */
export function readiness(call: BridgeCallName, w: BridgeWindow = window): Readiness {
  const host = detectAppHost(w);
  if (!host) return { kind: 'fallback', reason: 'not-in-app' };
  const needs = CALL_RULES[call].minimum?.[host.platform];
  if (needs && host.version && !atLeast(host.version, needs))
    return {
      kind: 'version-too-low',
      platform: host.platform,
      needs,
      running: host.version,
      storeUrl: appStorePage(host.platform),
    };
  if (!host.transport) return { kind: 'fallback', reason: 'no-bridge' };
  return { kind: 'ready', host: { ...host, transport: host.transport } };
}

/**
 * Calls the app and reports how it went; never rejects.
 * @example const outcome = await callApp('ids', {}); if (outcome.kind === 'app') use(outcome.value);
 */
export async function callApp<N extends BridgeCallName>(
  call: N,
  args: ArgsOf<N>,
  w: BridgeWindow = window,
): Promise<CallOutcome<AnswerOf<N>>> {
  const ready = readiness(call, w);
  if (ready.kind !== 'ready') return ready;
  const rule = CALL_RULES[call];
  const posted = await postToApp(w, ready.host.transport, call, args, rule.timeoutMs);
  if (!posted.ok) {
    const reason = posted.error === 'timeout' || posted.error === 'post-failed' ? posted.error : undefined;
    return { kind: 'fallback', reason: reason ?? (posted.error === 'unsupported' ? 'unsupported' : 'app-error') };
  }
  const value = rule.accept(posted.value);
  return value === undefined ? { kind: 'fallback', reason: 'bad-answer' } : { kind: 'app', value };
}
