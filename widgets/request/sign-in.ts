import { site } from '../state/site';

/**
 * The callback to the current page: a path when the API is on this origin (the server accepts same-origin
 * paths, not absolute URLs of unknown origins), else the absolute URL.
 */
export function currentPageCallback(api = site.value.api): string {
  return api.startsWith('/') && !api.startsWith('//')
    ? location.pathname + location.search + location.hash
    : location.href;
}

/** Sign-in on the API's login page with a callback to the current page; scene=register for sign-up. */
export function signInUrl(redirectUrl = currentPageCallback(), register = false): string {
  const q = new URLSearchParams({ redirectUrl });
  if (register) q.set('scene', 'register');
  return `${site.value.api}/site/login?${q.toString()}`;
}

/** Where sign-out lands: the storefront home, as a path when the API is on this origin. */
export function signOutLanding(): string {
  return site.value.api.startsWith('/') ? `/${site.value.urlLocal}/` : `${location.origin}/${site.value.urlLocal}/`;
}

/** The sign-out endpoint. Only a POST signs out, so it is the action of a form, never a link. */
export function signOutAction(): string {
  return `${site.value.api}/site/logout`;
}

/** Sends the user to sign-in; inside the app webview the app's login bridge is used when present. */
export function goToSignIn(): void {
  const bridge = (window as { XiaomiAppBridge?: { login?: () => void } }).XiaomiAppBridge;
  if (site.value.app !== 'web' && typeof bridge?.login === 'function') {
    bridge.login();
    return;
  }
  location.assign(signInUrl());
}
