/**
 * Links inside the app: pages of this store stay in the webview (the /app and /ios paths keep the app's variant),
 * other sites open in a new webview of the app, and a map link (`data-map-lat`, `data-map-lng`, `data-map-name`,
 * `data-map-address`) opens the app's maps. One delegated click handler, installed only in the app; it decides at
 * once from the host and takes the click only when the app can do the job, else the link does what it always did.
 */
import { readiness } from './call';
import type { MapPlace } from './contract';
import type { BridgeWindow } from './host';
import { openMaps } from './open-maps';
import { openWebview } from './open-webview';

/** The parts of a click the handler reads. */
export type LinkClick = Pick<
  MouseEvent,
  'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target' | 'preventDefault'
>;

/** What the handler did with a click: nothing (the link's own way), or which way it took it. */
export type LinkRoute = 'maps' | 'webview' | 'same-webview' | null;

const number = (a: Element, name: string, limit: number): number | null => {
  const raw = a.getAttribute(name);
  const n = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/** The place of a map link, or null when the link is not one (or its coordinates are not coordinates). */
export function mapPlaceOf(a: Element): MapPlace | null {
  const lat = number(a, 'data-map-lat', 90);
  const lng = number(a, 'data-map-lng', 180);
  if (lat === null || lng === null) return null;
  const address = a.getAttribute('data-map-address')?.trim();
  return { lat, lng, name: a.getAttribute('data-map-name')?.trim() ?? '', ...(address ? { address } : {}) };
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const el = target as Partial<Element> | null;
  return typeof el?.closest === 'function' ? (el.closest('a[href]') as HTMLAnchorElement | null) : null;
}

/**
 * Routes one click on a link inside the app.
 * @example document.addEventListener('click', (e) => routeAppLinkClick(e))
 */
export function routeAppLinkClick(e: LinkClick, w: BridgeWindow = window): LinkRoute {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = linkOf(e.target);
  if (!a || a.hasAttribute('download')) return null;
  const place = mapPlaceOf(a);
  if (place && readiness('openMaps', w).kind === 'ready') {
    e.preventDefault();
    void openMaps(place, w);
    return 'maps';
  }
  let url: URL;
  try {
    url = new URL(a.getAttribute('href') ?? '', w.location.href);
  } catch {
    return null;
  }
  // mailto:, tel: and app schemes are the app's to handle as it always did.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.origin === w.location.origin) {
    // A new window of this store would leave the app's webview for the phone's browser.
    if (a.getAttribute('target') !== '_blank') return null;
    e.preventDefault();
    w.location.assign(url.href);
    return 'same-webview';
  }
  if (readiness('openWebview', w).kind !== 'ready') return null;
  e.preventDefault();
  void openWebview(url.href, { title: a.textContent ?? '' }, w);
  return 'webview';
}
