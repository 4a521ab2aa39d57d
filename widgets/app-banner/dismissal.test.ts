import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storedConsent } from '../state/consent';
import { site } from '../state/site';
import { bannerDismissed, dismissBanner } from './dismissal';

// document.cookie and sessionStorage stand-ins (no DOM library is installed).
function installBrowser() {
  const jar = new Map<string, string>();
  const tab = new Map<string, string>();
  const lines: string[] = [];
  const doc = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      lines.push(line);
      const pair = line.split(';')[0] ?? '';
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    },
  };
  const sessionStorage = {
    getItem: (key: string) => tab.get(key) ?? null,
    setItem: (key: string, value: string) => void tab.set(key, value),
  };
  Object.assign(globalThis, { document: doc, location: { protocol: 'https:' }, sessionStorage });
  return { jar, tab, lines };
}

describe('closing the app banner', () => {
  beforeEach(() => {
    storedConsent.value = null;
  });
  afterEach(() => {
    site.value = { ...site.value, cookiePolicyLevel: 'low', app: 'web' };
  });

  it('keeps it closed for a month in a functional cookie when the consent allows', () => {
    const { jar, tab, lines } = installBrowser();
    storedConsent.value = '0,1:';
    expect(bannerDismissed()).toBe(false);
    dismissBanner();
    expect(jar.get('app_banner_closed')).toBe('1');
    expect(lines[0]).toContain(`max-age=${30 * 86400}`);
    expect(tab.size).toBe(0);
    expect(bannerDismissed()).toBe(true);
  });

  it('keeps it closed for the tab only without functional consent', () => {
    const { jar, tab } = installBrowser();
    site.value = { ...site.value, cookiePolicyLevel: 'high', app: 'web' };
    storedConsent.value = '0,3:';
    dismissBanner();
    expect(jar.size).toBe(0);
    expect(tab.get('app_banner_closed')).toBe('1');
    expect(bannerDismissed()).toBe(true);
  });
});
