import { allowedCategories } from '../state/consent';
import { COOKIE_CATEGORY } from './cookie-names';

export interface CookieOptions {
  days?: number;
  path?: string;
  domain?: string;
}

/** Reads a cookie by name (undecoded values are returned raw). */
export function readCookie(name: string, source = document.cookie): string | null {
  for (const part of source.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      const raw = part.slice(i + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** Whether a cookie may be written now: known name and its category allowed. */
export function mayWriteCookie(name: string): boolean {
  const category = COOKIE_CATEGORY[name];
  return category !== undefined && allowedCategories.value.has(category);
}

/**
 * The only way widgets write cookies: refuses (returns false) when the cookie's category is not allowed.
 * @example writeCookie(LANGUAGE_COOKIE, 'de-DE', { days: 365 })
 */
export function writeCookie(name: string, value: string, opts: CookieOptions = {}): boolean {
  if (!mayWriteCookie(name)) return false;
  let cookie = `${name}=${encodeURIComponent(value)}; path=${opts.path ?? '/'}; SameSite=Lax`;
  if (opts.days !== undefined) cookie += `; max-age=${Math.round(opts.days * 86400)}`;
  if (opts.domain) cookie += `; domain=${opts.domain}`;
  if (location.protocol === 'https:') cookie += '; Secure';
  // biome-ignore lint/suspicious/noDocumentCookie: this is the one cookie writer, which checks consent first
  document.cookie = cookie;
  return true;
}

/** Removing is always allowed. */
export function removeCookie(name: string, opts: Pick<CookieOptions, 'path' | 'domain'> = {}): void {
  // biome-ignore lint/suspicious/noDocumentCookie: this is the one cookie writer (removing needs no consent)
  document.cookie = `${name}=; path=${opts.path ?? '/'}; max-age=0${opts.domain ? `; domain=${opts.domain}` : ''}`;
}

/** After a choice, delete the known cookies whose category is no longer allowed. */
export function removeDisallowedCookies(): void {
  for (const [name, category] of Object.entries(COOKIE_CATEGORY)) {
    if (!allowedCategories.value.has(category) && readCookie(name) !== null) removeCookie(name);
  }
}
