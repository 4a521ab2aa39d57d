import { signInUrl } from '../../request/sign-in-url';
import { callApp } from './call';
import type { BridgeWindow } from './host';

/**
 * Signs the shopper in: the app's own sign-in inside the app (the app sets the session and reloads the page after),
 * else, or when the app does not answer in time, the web sign-in with a callback to this page. Answers which it was.
 */
export async function login(w: BridgeWindow = window): Promise<'app' | 'web'> {
  const outcome = await callApp('login', {}, w);
  if (outcome.kind === 'app') return 'app';
  w.location.assign(signInUrl());
  return 'web';
}
