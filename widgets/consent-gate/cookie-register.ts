import { APP_BANNER_CLOSED_DAYS, APP_BANNER_COOKIE, COOKIE_CATEGORY } from './cookie-names';
import { CATEGORY, type Category } from './categories';

/** How long a cookie lives: minutes, days, or until the browser closes. */
export type CookieLifetime = { days: number } | { minutes: number } | 'session';

/**
 * The cookies the API sets (server/auth/cookies.ts), with their lifetimes. They carry the sign-in, the cart and the
 * sign-in checks, so they are all required; the browser never writes them (most are HttpOnly), which is why they
 * are not in COOKIE_CATEGORY. A test compares this list with the server's cookie names and lifetimes.
 */
export const SERVER_COOKIES: Readonly<Record<string, CookieLifetime>> = {
  serviceToken: { days: 30 },
  userId: { days: 30 },
  cUserId: { days: 30 },
  cartId: { days: 30 },
  deviceId: { days: 365 },
  signInBrowser: { minutes: 15 },
};

/** The lifetime each browser-written cookie of COOKIE_CATEGORY is given where it is written. */
export const BROWSER_COOKIE_LIFETIMES: Readonly<Record<string, CookieLifetime>> = {
  cookie_preference: { days: 365 },
  lang: { days: 365 },
  utm_params: { days: 30 },
  session_source: 'session',
  store_choice: { days: 365 },
  [APP_BANNER_COOKIE]: { days: APP_BANNER_CLOSED_DAYS },
};

export interface RegisteredCookie {
  name: string;
  category: Category;
  lifetime: CookieLifetime;
  setBy: 'server' | 'browser';
}

/**
 * Every cookie the store sets, by category then name: the cookie policy's table is generated from it, so the policy
 * cannot list a cookie the store does not set or leave out one it does.
 */
export function cookieRegister(): RegisteredCookie[] {
  const server = Object.entries(SERVER_COOKIES).map(([name, lifetime]) => ({
    name,
    category: CATEGORY.required as Category,
    lifetime,
    setBy: 'server' as const,
  }));
  const browser = Object.entries(COOKIE_CATEGORY).map(([name, category]) => ({
    name,
    category,
    lifetime: BROWSER_COOKIE_LIFETIMES[name] ?? 'session',
    setBy: 'browser' as const,
  }));
  return [...server, ...browser].sort((a, b) => a.category - b.category || a.name.localeCompare(b.name));
}
