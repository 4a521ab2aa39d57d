import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { site } from '../state/site';
import { storedConsent } from '../state/consent';
import { readCookie, writeCookie, removeDisallowedCookies } from './cookies';
import { CONSENT_COOKIE, LANGUAGE_COOKIE, TRACKING_COOKIE } from './cookie-names';

// A minimal cookie jar standing in for document.cookie (no DOM library is installed).
function installJar() {
  const jar = new Map<string, string>();
  const doc = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      if (attrs.some((a) => a.trim() === 'max-age=0')) jar.delete(name);
      else jar.set(name, pair!.slice(i + 1));
    },
  };
  Object.assign(globalThis, { document: doc, location: { protocol: 'http:' } });
  return jar;
}

describe('cookie helper refuses cookies of categories not allowed', () => {
  let jar: Map<string, string>;
  beforeEach(() => {
    jar = installJar();
    storedConsent.value = null;
  });
  afterEach(() => {
    site.value = { ...site.value, cookiePolicyLevel: 'low', app: 'web' };
  });

  it('writes anything known at level low by default', () => {
    site.value = { ...site.value, cookiePolicyLevel: 'low', app: 'web' };
    expect(writeCookie(TRACKING_COOKIE, 'a')).toBe(true);
    expect(writeCookie(LANGUAGE_COOKIE, 'de-DE')).toBe(true);
    expect(readCookie(LANGUAGE_COOKIE)).toBe('de-DE');
  });

  it('writes only required cookies at level high until the user chooses', () => {
    site.value = { ...site.value, cookiePolicyLevel: 'high', app: 'web' };
    expect(writeCookie(TRACKING_COOKIE, 'a')).toBe(false);
    expect(writeCookie(LANGUAGE_COOKIE, 'de-DE')).toBe(false);
    expect(writeCookie(CONSENT_COOKIE, '0,1:')).toBe(true);
    expect(jar.has(TRACKING_COOKIE)).toBe(false);
    storedConsent.value = '0,1:';
    expect(writeCookie(LANGUAGE_COOKIE, 'de-DE')).toBe(true);
    expect(writeCookie(TRACKING_COOKIE, 'a')).toBe(false);
  });

  it('allows every category inside the app webview', () => {
    site.value = { ...site.value, cookiePolicyLevel: 'high', app: 'ios' };
    expect(writeCookie(TRACKING_COOKIE, 'a')).toBe(true);
  });

  it('refuses unknown cookie names', () => {
    expect(writeCookie('something_new', 'x')).toBe(false);
  });

  it('removes cookies whose category was revoked', () => {
    site.value = { ...site.value, cookiePolicyLevel: 'low', app: 'web' };
    writeCookie(TRACKING_COOKIE, 'a');
    writeCookie(LANGUAGE_COOKIE, 'x');
    storedConsent.value = '0,1:';
    removeDisallowedCookies();
    expect(jar.has(TRACKING_COOKIE)).toBe(false);
    expect(jar.has(LANGUAGE_COOKIE)).toBe(true);
  });
});
