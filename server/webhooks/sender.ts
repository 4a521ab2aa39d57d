import type { AttemptOutcome, ClaimedDelivery, WebhookDeliveriesRepository } from '../repositories/webhook-deliveries';
import { retryDelayMs } from './backoff';
import { signatureHeader, WEBHOOK_HEADERS } from './signing';

export interface SenderOptions {
  /** How long a receiver has to answer one attempt. */
  timeoutMs: number;
  /** The first retry's wait; each later one doubles (backoff.ts). */
  retryBaseMs: number;
  /** Attempts before a delivery is given up (failed; staff can resend it). */
  maxAttempts: number;
  /** Attempts under way at once in this process. */
  batch: number;
}

/**
 * How long a claimed delivery stays with the process that claimed it: the attempt's timeout twice over and a second
 * for recording the outcome. Past it the process is taken to have died and any process sends the delivery again.
 */
export const leaseMs = (timeoutMs: number) => timeoutMs * 2 + 1_000;

/** What one attempt's answer (or its absence) means for the delivery. */
export function outcomeOf(
  delivery: Pick<ClaimedDelivery, 'attempts'>,
  answer: { status: number } | { error: string },
  options: Pick<SenderOptions, 'retryBaseMs' | 'maxAttempts'>,
): AttemptOutcome {
  if ('status' in answer && answer.status >= 200 && answer.status < 300)
    return { result: 'delivered', status: answer.status };
  const status = 'status' in answer ? answer.status : null;
  const error = 'status' in answer ? `HTTP ${answer.status}` : answer.error;
  if (delivery.attempts >= options.maxAttempts) return { result: 'failed', status, error };
  return { result: 'retry', status, error, delayMs: retryDelayMs(delivery.attempts, options.retryBaseMs) };
}

/** Why a post got no answer, in a few words for the log (the receiver's own text is never stored). */
function failureText(error: unknown): string {
  const e = error as { name?: string; cause?: { code?: string }; message?: string };
  if (e.name === 'TimeoutError') return 'timeout';
  return (e.cause?.code ?? e.message ?? 'no answer').slice(0, 120);
}

/**
 * Posts claimed deliveries and records each outcome: a 2xx is delivered; a timeout, a refused connection, a redirect
 * or any other status is retried later, and given up after the last attempt. An attempt cut off by the process
 * closing records nothing: its lease runs out and another process sends it again.
 */
export function webhookSender(deliveries: WebhookDeliveriesRepository, options: SenderOptions) {
  const closing = new AbortController();

  async function attempt(d: ClaimedDelivery): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    let answer: { status: number } | { error: string };
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        body: d.body,
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'MiStore-Webhooks/1',
          [WEBHOOK_HEADERS.id]: d.event_id,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signatureHeader(d.secrets, timestamp, d.body),
        },
        signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), closing.signal]),
      });
      // Only the status counts; the body is not read (nor kept), whatever its size.
      await res.body?.cancel().catch(() => {});
      answer = { status: res.status };
    } catch (error) {
      answer = { error: failureText(error) };
    }
    // Cut off by the close: no answer to record (an answer that did arrive is recorded even while closing).
    if ('error' in answer && closing.signal.aborted) return;
    await deliveries.finish(d.id, d.claim, outcomeOf(d, answer, options));
  }

  return {
    /** Sends what is due, a batch at a time, until nothing is; returns how many attempts it made. */
    async sendDue(): Promise<number> {
      let sent = 0;
      while (!closing.signal.aborted) {
        const claimed = await deliveries.claimDue(options.batch, leaseMs(options.timeoutMs));
        if (claimed.length === 0) break;
        await Promise.all(claimed.map(attempt));
        sent += claimed.length;
        if (claimed.length < options.batch) break;
      }
      return sent;
    },
    /** Cuts off the attempts under way (the app is closing); they are sent again after their lease. */
    stop: () => closing.abort(),
  };
}
export type WebhookSender = ReturnType<typeof webhookSender>;
