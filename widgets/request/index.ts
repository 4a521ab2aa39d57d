import { reportError } from './errsave';
import { createRequest } from './request';
import { goToSignIn } from './sign-in';

/** The request function every widget uses (§7/§8). */
export const request = createRequest({
  fetch: (input, init) => fetch(input, init),
  onNotLoggedIn: goToSignIn,
  report: reportError,
  // The toast UI is not part of the core bundle: load it only when a toast is due.
  toast: (text) => void import(/* webpackChunkName: "toast" */ '../lib/toast').then((m) => m.showToast(text)),
});

export { RequestError, NETWORK_ERRNO, networkErrorText } from './request-error';
export type { RequestOptions } from './request';
export { reportError } from './errsave';
export { signInUrl, signOutAction, signOutLanding, goToSignIn } from './sign-in';
export { serverNow } from './server-time';
export { jsonp } from './jsonp';
