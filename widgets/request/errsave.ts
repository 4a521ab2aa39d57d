import { site } from '../state/site';

export type ReportLevel = 'warning' | 'error';

/** Keeps a burst of identical errors from flooding the endpoint. */
const sent = new Set<string>();

/** Front-end errors go to POST {api}/error/errsave as form fields url and content, by beacon if available. */
export function reportError(level: ReportLevel, message: string, detail: Record<string, unknown> = {}): void {
  const content = JSON.stringify({ level, message, ...detail });
  if (sent.has(content) || sent.size > 50) return;
  sent.add(content);
  const url = `${site.value.api}/error/errsave`;
  const body = new URLSearchParams({ url: location.href, content });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
    void fetch(url, { method: 'POST', body, credentials: 'include', keepalive: true }).catch(() => undefined);
  } catch {
    // Reporting must never throw into the caller.
  }
}
