import { site } from '../state/site';

export type ReportLevel = 'warning' | 'error';

/** Keeps a burst of identical errors from flooding the endpoint. */
const sent = new Set<string>();

/**
 * The release the page was built by (`<html data-release>`), so the console shows which release an error came
 * with; undefined on a page without it (a development build, an older page).
 */
function pageRelease(): string | undefined {
  const release = typeof document === 'undefined' ? undefined : document.documentElement.dataset['release'];
  return release ? release.slice(0, 64) : undefined;
}

/**
 * Front-end errors go to POST {api}/error/errsave as form fields url and content (and release when the page names
 * it), by beacon if available.
 */
export function reportError(level: ReportLevel, message: string, detail: Record<string, unknown> = {}): void {
  const content = JSON.stringify({ level, message, ...detail });
  if (sent.has(content) || sent.size > 50) return;
  sent.add(content);
  const url = `${site.value.api}/error/errsave`;
  const body = new URLSearchParams({ url: location.href, content });
  const release = pageRelease();
  if (release) body.set('release', release);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
    void fetch(url, { method: 'POST', body, credentials: 'include', keepalive: true }).catch(() => undefined);
  } catch {
    // Reporting must never throw into the caller.
  }
}
