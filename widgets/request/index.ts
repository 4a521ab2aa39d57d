import { reportError } from './errsave';
import { createRequest } from './request';
import { goToSignIn } from './sign-in';

/** Pages under /{prefix}/business (also in the app webviews) buy for a company: every call says flow=company. */
export function businessFlowParams(path = location.pathname): Record<string, string> {
  return /^\/[a-z]{2}(-[a-z]{2})?\/((app|ios)\/)?business(\/|$)/.test(path) ? { flow: 'company' } : {};
}

/** The request function every widget uses. */
export const request = createRequest({
  commonParams: () => businessFlowParams(),
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
