/**
 * Links: anything outside the company's own domains opens in a new window; internal links get a trailing
 * slash, except tracking hosts, app webviews, .html/file-like links and external URLs. Pure, so it is tested alone.
 */

/** The company's own registrable domains (and the community host, which lives under mi.com). */
export const OWN_DOMAINS: readonly string[] = ['mi.com', 'xiaomi.com', 'xiaomi.net', 'poco.net'];

/** Own hosts that redirect for click tracking: their paths are opaque, so nothing is appended. */
export const TRACKING_HOSTS: readonly string[] = ['c.mi.com', 'click.mi.com', 'track.mi.com'];

export interface LinkInfo {
  href: string;
  external: boolean;
}

function hostIsOwn(host: string, extraHosts: readonly string[]): boolean {
  const h = host.toLowerCase();
  return extraHosts.includes(h) || OWN_DOMAINS.some((domain) => h === domain || h.endsWith(`.${domain}`));
}

/** Adds '/' to the path part of a URL, keeping query and hash; file-like last segments (x.html, a.pdf) stay. */
export function withTrailingSlash(url: string): string {
  const match = /^([^?#]*)(.*)$/.exec(url);
  const path = match?.[1] ?? url;
  const rest = match?.[2] ?? '';
  if (path === '' || path.endsWith('/')) return url;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (/\.[a-z0-9]{1,5}$/i.test(lastSegment)) return url;
  return `${path}/${rest}`;
}

/**
 * Classifies a link and returns the href to render.
 * @example resolveLink('/id/cart') // { href: '/id/cart/', external: false }
 * @example resolveLink('https://example.org/x') // { href: 'https://example.org/x', external: true }
 */
export function resolveLink(href: string, extraHosts: readonly string[] = []): LinkInfo {
  const trimmed = href.trim();
  // Same-page anchors, mail, phone and app-webview schemes: leave untouched, same window.
  if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('?')) return { href: trimmed, external: false };
  if (trimmed.startsWith('//') || /^https?:\/\//i.test(trimmed)) {
    let url: URL;
    try {
      url = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
    } catch {
      return { href: trimmed, external: true };
    }
    if (!hostIsOwn(url.hostname, extraHosts)) return { href: trimmed, external: true };
    if (TRACKING_HOSTS.includes(url.hostname.toLowerCase())) return { href: trimmed, external: false };
    const origin = trimmed.slice(0, trimmed.indexOf(url.host) + url.host.length);
    return { href: origin + withTrailingSlash(trimmed.slice(origin.length) || '/'), external: false };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return { href: trimmed, external: false }; // mailto:, tel:, app schemes
  return { href: withTrailingSlash(trimmed), external: false };
}
