/** Resolves a path against a throw-away origin, which also percent-encodes every non-ASCII character. */
function normalisedPath(path: string): string {
  const url = new URL(path, 'http://redirect.invalid');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The place to send a browser after sign-in: a same-origin path or URL, or a URL on one of the configured site
 * origins. Anything else (other hosts, `//evil`, `/\evil`, javascript:) falls back to the storefront home: no
 * open redirect. The result is always ASCII (non-Latin-1 paths such as `/id/🍎` come back percent-encoded), so it
 * can go into a Location header.
 * @example safeRedirect('https://evil.example/', new Set(), 'id') // '/id/'
 */
export function safeRedirect(
  target: string | undefined,
  allowedOrigins: ReadonlySet<string>,
  urlLocal: string,
  ownOrigin?: string,
): string {
  const home = `/${urlLocal}/`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a redirect target are refused
  if (!target || target.length > 2048 || /[\u0000-\u001f\u007f\\]/.test(target)) return home;
  try {
    if (target.startsWith('/')) {
      if (target.startsWith('//')) return home;
      const path = normalisedPath(target);
      // Dot segments can collapse into a protocol-relative path (`/a/../..//evil`).
      return path.startsWith('//') ? home : path;
    }
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
