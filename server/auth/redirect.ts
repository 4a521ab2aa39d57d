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
    if ((url.protocol === 'https:' || url.protocol === 'http:') && (allowedOrigins.has(url.origin) || url.origin === ownOrigin)) return url.href;
  } catch {
    // not a URL: fall through to home
  }
  return home;
}
