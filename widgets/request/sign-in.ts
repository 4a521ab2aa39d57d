import { site } from '../state/site';
import { appTransport } from '../lib/app-bridge/presence';
import { signInUrl } from './sign-in-url';

export { currentPageCallback, signInUrl } from './sign-in-url';

/** Where sign-out lands: the storefront home, as a path when the API is on this origin. */
export function signOutLanding(): string {
  return site.value.api.startsWith('/') ? `/${site.value.urlLocal}/` : `${location.origin}/${site.value.urlLocal}/`;
}

/** The sign-out endpoint. Only a POST signs out, so it is the action of a form, never a link. */
export function signOutAction(): string {
  return `${site.value.api}/site/logout`;
}

/**
 * Sends the user to sign-in: in the store app the app's own sign-in through the app bridge (which falls back to the
 * web sign-in when the app does not answer), else the web sign-in with a callback to this page. The bridge's code
 * loads only in an app that injected it, so the islands' core stays as small for browsers.
 */
export function goToSignIn(): void {
  if (!appTransport()) {
    location.assign(signInUrl());
    return;
  }
  void import(/* webpackChunkName: "app-bridge-login" */ '../lib/app-bridge/login').then(
    (bridge) => bridge.login(),
    () => location.assign(signInUrl()),
  );
}
