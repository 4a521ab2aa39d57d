import type { AnalyticsBatch } from '../../../server/schemas/analytics';
import { site } from '../../state/site';

/**
 * Sends one batch to the collector as a text/plain body (a string's own type, for both): sendBeacon survives the page
 * being closed, and a text body needs no CORS preflight. Where the browser refuses the beacon (too much queued), fetch
 * with keepalive does the same.
 */
export function sendBatch(batch: AnalyticsBatch): void {
  const url = `${site.value.api}/analytics/collect`;
  const body = JSON.stringify(batch);
  if (navigator.sendBeacon?.(url, body)) return;
  fetch(url, { method: 'POST', body, keepalive: true }).catch(() => {
    // Analytics is best effort: a lost batch is not worth a retry or an error report.
  });
}
