import { site } from '../state/site';

/**
 * A page of this storefront, kept inside the app webview (/id/app/…, /id/ios/…) when the shopper is in one, so
 * the purchase flow never drops them onto the site with its header and footer (the app webview variants).
 */
export function storePath(path: string): string {
  const app = site.value.app === 'web' ? '' : `${site.value.app}/`;
  return `/${site.value.urlLocal}/${app}${path.replace(/^\//, '')}`;
}

/**
 * The order a screen is about: `?orderId=`, or the last path segment of a client route (/payment-result/5100000001/).
 */
export function orderIdFromLocation(loc: Pick<Location, 'pathname' | 'search'> = location): string | null {
  const q = new URLSearchParams(loc.search).get('orderId');
  if (q && /^\d{1,18}$/.test(q)) return q;
  const last = loc.pathname.replace(/\/$/, '').split('/').pop() ?? '';
  return /^\d{6,18}$/.test(last) ? last : null;
}
