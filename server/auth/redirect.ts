/**
 * The place to send a browser after sign-in: a same-origin path or URL, or a URL on one of the configured site origins.
 * Anything else (other hosts, `//evil`, `/\evil`, javascript:) falls back to the storefront home: no open redirect.
 * @example safeRedirect('https://evil.example/', new Set(), 'id') // '/id/'
 */
export function safeRedirect(target: string | undefined, allowedOrigins: ReadonlySet<string>, urlLocal: string, ownOrigin?: string): string {
  const home = `/${urlLocal}/`;
  if (!target || target.length > 2048 || /[\u0000-\u001f\u007f\\]/.test(target)) return home;
  if (target.startsWith('/')) return target.startsWith('//') ? home : target;
  try {
    const url = new URL(target);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return home;
    if (allowedOrigins.has(url.origin)) return url.href;
    // The request's own origin comes from its Host header, which a client controls: keep only the path, so the
    // redirect stays on whatever host really served the page.
    if (url.origin === ownOrigin && !url.pathname.startsWith('//')) return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    // not a URL: fall through to home
  }
  return home;
}
