import type { ServiceWorkerConfig } from './config';

/**
 * How the worker treats a request, decided in one pure function so the rules can be unit-tested:
 * - `private-page`: a navigation to a shopper's own page (cart, checkout, payment, user, …): network only, the
 *   offline page when the network fails, never stored.
 * - `page`: a navigation to a static page: network first (short timeout), then the cached copy, then the offline page.
 * - `image`: a same-origin image: stale-while-revalidate in a bounded cache.
 * - `network`: everything else goes to the network untouched; above all every /api answer, which must never be
 *   stored (it is personal; the request layer fetches it with `cache: 'no-store'` too).
 * Precached files (the islands, the offline page) are answered before these rules are asked.
 */
export type RequestPolicy = 'private-page' | 'page' | 'image' | 'network';

export interface RequestFacts {
  url: URL;
  method: string;
  mode: string;
  destination: string;
}

/** The worker's own origin; cross-origin requests (chat vendors, payment providers) are never touched. */
export function policyFor(
  request: RequestFacts,
  origin: string,
  config: Pick<ServiceWorkerConfig, 'scope' | 'privatePrefixes'>,
): RequestPolicy {
  const { url } = request;
  if (request.method !== 'GET' || url.origin !== origin) return 'network';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'network';
  if (request.mode === 'navigate') {
    if (!url.pathname.startsWith(config.scope)) return 'network';
    return isPrivatePath(url.pathname, config.scope, config.privatePrefixes) ? 'private-page' : 'page';
  }
  if (request.destination === 'image') return 'image';
  return 'network';
}

/**
 * True when the page is one of the storefront's private pages, also in the apps' webviews: with the private prefix
 * 'cart/' in scope '/id/', '/id/cart/', '/id/cart' (before its redirect), '/id/app/cart/' and '/id/ios/cart/'.
 */
export function isPrivatePath(pathname: string, scope: string, privatePrefixes: readonly string[]): boolean {
  const inScope = `${decodePath(pathname).slice(scope.length)}/`.replace(/\/\/$/, '/');
  const page = inScope.replace(/^(app|ios)\//, '');
  return privatePrefixes.some((prefix) => page.startsWith(prefix));
}

/** '/id/%63art/' is the cart to the server, so it is the cart here too; a malformed escape stays as it is. */
function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * A response may be stored only when it is a whole, same-origin 200 that its server did not mark as personal
 * (`private`) or unstorable (`no-store`). Static pages are sent with `no-cache`, which allows storing.
 */
export function isStorable(response: {
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}): boolean {
  if (response.status !== 200 || response.type !== 'basic') return false;
  const cacheControl = (response.headers.get('Cache-Control') ?? '').toLowerCase();
  return !/\b(no-store|private)\b/.test(cacheControl);
}

/** Runtime cache names of one storefront; the version part changes when a cache's format does. */
export function runtimeCacheNames(scopeUrl: string): { pages: string; images: string } {
  return { pages: `store-pages-v1-${scopeUrl}`, images: `store-images-v1-${scopeUrl}` };
}

/** Caches this storefront's worker made under names it no longer uses (after an update): safe to delete. */
export function outdatedCaches(existing: readonly string[], scopeUrl: string, current: readonly string[]): string[] {
  return existing.filter(
    (name) =>
      name.startsWith('store-') &&
      name.endsWith(`-${scopeUrl}`) &&
      !name.includes('-precache-') &&
      !current.includes(name),
  );
}
