import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mapPlaceOf, routeAppLinkClick, type LinkClick } from './app-links';
import { browserPage, fakePage } from './fake-app-host';
import { installAppBridge } from './install';

/** A link as the click handler sees it: its attributes, its text, and `closest` finding itself. */
function link(attributes: Record<string, string>, text = 'Link') {
  const el = {
    textContent: text,
    getAttribute: (name: string) => attributes[name] ?? null,
    hasAttribute: (name: string) => name in attributes,
    closest: (selector: string) => (selector === 'a[href]' && 'href' in attributes ? el : null),
  };
  return el;
}

function click(target: unknown, extra: Partial<LinkClick> = {}) {
  const e = {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target: target as EventTarget,
    preventDefault() {
      e.defaultPrevented = true;
    },
    ...extra,
  };
  return e;
}

const storeMapLink = link({
  href: 'https://www.openstreetmap.org/?mlat=-6.19&mlon=106.82#map=17/-6.19/106.82',
  target: '_blank',
  'data-map-lat': '-6.19',
  'data-map-lng': '106.82',
  'data-map-name': 'Xiaomi Store Grand Indonesia',
  'data-map-address': 'Jl. M.H. Thamrin No. 1, 10310 Jakarta',
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('links inside the app', () => {
  const app = () =>
    fakePage({ path: '/id/app/store/', replies: { openMaps: { value: true }, openWebview: { value: true } } });

  it("open a store's map link in the app's maps with the link's place", async () => {
    const page = app();
    const e = click(storeMapLink);
    expect(routeAppLinkClick(e, page.w)).toBe('maps');
    expect(e.defaultPrevented).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(page.posted.map((m) => [m.call, m.args])).toEqual([
      [
        'openMaps',
        {
          lat: -6.19,
          lng: 106.82,
          name: 'Xiaomi Store Grand Indonesia',
          address: 'Jl. M.H. Thamrin No. 1, 10310 Jakarta',
        },
      ],
    ]);
  });

  it('open other sites in a new webview of the app, titled by the link', async () => {
    const page = app();
    const e = click(link({ href: 'https://www.example.org/terms', target: '_blank' }, ' Terms of the bank '));
    expect(routeAppLinkClick(e, page.w)).toBe('webview');
    expect(e.defaultPrevented).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(page.posted.map((m) => m.args)).toEqual([
      { url: 'https://www.example.org/terms', title: 'Terms of the bank' },
    ]);
  });

  it("keep this store's pages in the webview: the link's own way, or this tab for a new-window link", () => {
    const page = app();
    const plain = click(link({ href: '/id/app/cart/' }));
    expect(routeAppLinkClick(plain, page.w)).toBeNull();
    expect(plain.defaultPrevented).toBe(false);
    const newWindow = click(link({ href: '/id/support/faq/', target: '_blank' }));
    expect(routeAppLinkClick(newWindow, page.w)).toBe('same-webview');
    expect(page.assigned).toEqual(['https://store.example/id/support/faq/']);
    expect(page.posted).toEqual([]);
  });

  it('leave alone phone and mail links, downloads, modified clicks, clicks an island took, and non-links', () => {
    const page = app();
    const cases = [
      click(link({ href: 'tel:+622123580123' })),
      click(link({ href: 'mailto:help@example.org' })),
      click(link({ href: 'https://www.example.org/a.pdf', download: '' })),
      click(link({ href: 'https://www.example.org/' }), { ctrlKey: true }),
      click(link({ href: 'https://www.example.org/' }), { button: 1 }),
      click(storeMapLink, { defaultPrevented: true }),
      click({ closest: () => null }),
      click(null),
    ];
    expect(cases.map((e) => routeAppLinkClick(e, page.w))).toEqual(cases.map(() => null));
    expect(page.posted).toEqual([]);
  });

  it('leave the link its own way when the app is too old for the call or has no bridge', () => {
    for (const page of [fakePage({ version: '3.16.0' }), browserPage({}, '/id/app/store/')]) {
      expect(routeAppLinkClick(click(storeMapLink), page.w)).toBeNull();
      expect(routeAppLinkClick(click(link({ href: 'https://www.example.org/' })), page.w)).toBeNull();
      expect(page.posted).toEqual([]);
    }
  });

  it('read a place only from coordinates that are coordinates', () => {
    expect(mapPlaceOf(link({ href: '#', 'data-map-lat': '91', 'data-map-lng': '0' }) as never)).toBeNull();
    expect(mapPlaceOf(link({ href: '#', 'data-map-lat': '', 'data-map-lng': '0' }) as never)).toBeNull();
    expect(mapPlaceOf(link({ href: '#', 'data-map-lat': '0', 'data-map-lng': '-180' }) as never)).toEqual({
      lat: 0,
      lng: -180,
      name: '',
    });
  });
});

describe('the install in the app', () => {
  it('listens to clicks and answers the back press only inside the app', () => {
    const listeners: string[] = [];
    const document = {
      addEventListener: (type: string) => listeners.push(type),
      removeEventListener: (type: string) => listeners.splice(listeners.indexOf(type), 1),
    };
    const inApp = fakePage({ extra: { document } });
    const remove = installAppBridge(inApp.w);
    expect(listeners).toEqual(['click']);
    expect(typeof (inApp.w as unknown as { __storeAppBackPress?: unknown }).__storeAppBackPress).toBe('function');
    remove();
    expect(listeners).toEqual([]);
    const browser = browserPage({ document });
    installAppBridge(browser.w);
    expect(listeners).toEqual([]);
    expect((browser.w as unknown as { __storeAppBackPress?: unknown }).__storeAppBackPress).toBeUndefined();
  });
});
