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
