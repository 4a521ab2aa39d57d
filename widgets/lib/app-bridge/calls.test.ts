import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApp, isVersionTooLow, readiness } from './call';
import { CALL_RULES } from './contract';
import { browserPage, fakePage } from './fake-app-host';
import { ids } from './ids';
import { locationPermission } from './location-permission';
import { login } from './login';
import { openMaps } from './open-maps';
import { openWebview } from './open-webview';
import { setSaleReminder } from './sale-reminder';
import { linePay, weChatInstalled } from './wallets';
import { site } from '../../state/site';

const jakarta = { lat: -6.19, lng: 106.82, name: 'Xiaomi Service Centre Thamrin', address: 'Jl. Thamrin 1, Jakarta' };
const reminder = { id: 'sale-coupon-7', title: 'Kupon kilat', at: 1_800_000_000_000, url: 'https://store.example/id/' };

beforeEach(() => {
  vi.useFakeTimers();
  // The web sign-in's callback is read from the page's location.
  vi.stubGlobal('location', {
    pathname: '/id/app/cart/',
    search: '',
    hash: '',
    href: 'https://store.example/id/app/cart/',
  });
  site.value = { ...site.value, api: '/api/id', urlLocal: 'id' };
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs a call to its end, the fake app's answer and the page's timers included. */
async function settle<T>(promise: Promise<T>, ms = 20_000): Promise<T> {
  await vi.advanceTimersByTimeAsync(ms);
  return promise;
}

describe('a call the app answers', () => {
  it('posts one JSON message with an id and takes the answer, on iOS and on Android', async () => {
    for (const platform of ['ios', 'android'] as const) {
      const page = fakePage({ platform, replies: { ids: { value: { instanceId: 'inst-1', sessionId: 's-9' } } } });
      expect(await settle(ids(page.w))).toEqual({ instanceId: 'inst-1', sessionId: 's-9' });
      expect(page.posted).toEqual([{ v: 1, id: expect.stringMatching(/^sab-/), call: 'ids', args: {} }]);
      expect(page.delivered).toEqual([true]);
    }
  });

  it('answers each call its typed value', async () => {
    const page = fakePage({
      replies: {
        login: { value: true },
        locationPermission: { value: 'granted' },
        openMaps: { value: true },
        weChatInstalled: { value: true },
        'linePay.installed': { value: false },
        'linePay.launch': { value: true },
        openWebview: { value: true },
        setSaleReminder: { value: true },
      },
    });
    expect(await settle(login(page.w))).toBe('app');
    expect(await settle(locationPermission(page.w))).toBe('granted');
    expect(await settle(openMaps(jakarta, page.w))).toBe('app');
    expect(await settle(weChatInstalled(page.w))).toBe(true);
    expect(await settle(linePay.installed(page.w))).toBe(false);
    expect(await settle(linePay.launch('https://sandbox-web-pay.line.me/x', page.w))).toBe('app');
    expect(await settle(openWebview('https://www.example.org/', { title: '  Example  ' }, page.w))).toBe('app');
    expect(await settle(setSaleReminder(reminder, page.w))).toBe(true);
    expect(page.posted.map((m) => [m.call, m.args])).toEqual([
      ['login', {}],
      ['locationPermission', {}],
      ['openMaps', jakarta],
      ['weChatInstalled', {}],
      ['linePay.installed', {}],
      ['linePay.launch', { url: 'https://sandbox-web-pay.line.me/x' }],
      ['openWebview', { url: 'https://www.example.org/', title: 'Example' }],
      ['setSaleReminder', reminder],
    ]);
    // The app did the work: nothing opened or navigated here.
    expect(page.opened).toEqual([]);
    expect(page.assigned).toEqual([]);
  });
});

describe('an app that does not answer as it should', () => {
  it('answering late: the page gave up at the timeout, took its fallback, and tells the app so', async () => {
    const page = fakePage({ replies: { openMaps: { value: true, afterMs: CALL_RULES.openMaps.timeoutMs + 500 } } });
    const opening = openMaps(jakarta, page.w);
    await vi.advanceTimersByTimeAsync(CALL_RULES.openMaps.timeoutMs);
    expect(await opening).toBe('browser');
    expect(page.opened).toEqual(['https://www.openstreetmap.org/?mlat=-6.19&mlon=106.82#map=17/-6.19/106.82']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.delivered).toEqual([false]);
  });

  it('never answering: each call takes its fallback after its own timeout', async () => {
    const page = fakePage({
      replies: { ids: 'silent', weChatInstalled: 'silent', login: 'silent', setSaleReminder: 'silent' },
    });
    const asked = ids(page.w);
    await vi.advanceTimersByTimeAsync(CALL_RULES.ids.timeoutMs - 1);
    let done = false;
    void asked.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await asked).toBeNull();
    expect(await settle(weChatInstalled(page.w))).toBe(false);
    expect(await settle(setSaleReminder(reminder, page.w))).toBe(false);
    expect(await settle(login(page.w))).toBe('web');
    expect(page.assigned).toEqual(['/api/id/site/login?redirectUrl=%2Fid%2Fapp%2Fcart%2F']);
  });

  it('throwing when the page posts: the fallback at once, no timer left', async () => {
    const page = fakePage({ replies: { openWebview: 'throw', 'linePay.installed': 'throw' } });
    expect(await openWebview('https://www.example.org/', {}, page.w)).toBe('browser');
    expect(page.opened).toEqual(['https://www.example.org/']);
    expect(await linePay.installed(page.w)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answering an error, "unsupported", or an answer of the wrong shape: the fallback', async () => {
    const page = fakePage({
      replies: {
        locationPermission: { value: 'maybe' },
        ids: { value: { instanceId: 'x y z <script>', sessionId: 's' } },
        weChatInstalled: { error: 'no-permission' },
      },
    });
    expect(await settle(callApp('locationPermission', {}, page.w))).toEqual({ kind: 'fallback', reason: 'bad-answer' });
    expect(await settle(callApp('ids', {}, page.w))).toEqual({ kind: 'fallback', reason: 'bad-answer' });
    expect(await settle(callApp('weChatInstalled', {}, page.w))).toEqual({ kind: 'fallback', reason: 'app-error' });
    expect(await settle(callApp('openMaps', jakarta, page.w))).toEqual({ kind: 'fallback', reason: 'unsupported' });
  });

  it('ignores an answer for an id it never posted, and one that is not JSON', async () => {
    const page = fakePage({ platform: 'android', replies: { ids: 'silent' } });
    const asked = ids(page.w);
    const answer = (page.w as unknown as { __storeAppBridgeAnswer: (id: unknown, a: unknown) => boolean })
      .__storeAppBridgeAnswer;
    expect(answer('sab-unknown', { ok: true, value: {} })).toBe(false);
    expect(answer(page.posted[0]?.id, '{not json')).toBe(true);
    expect(await asked).toBeNull();
  });
});

describe('an app older than a call', () => {
  const old = (platform: 'ios' | 'android') =>
    fakePage({ platform, version: '3.16.9', replies: { openMaps: { value: true }, login: { value: true } } });

  it('refuses the calls of 3.17.0 with version-too-low and the app store page, without posting', async () => {
    const page = old('ios');
    const refusal = await openMaps(jakarta, page.w);
    expect(refusal).toEqual({
      kind: 'version-too-low',
      platform: 'ios',
      needs: '3.17.0',
      running: '3.16.9',
      storeUrl: expect.stringMatching(/^https:\/\/apps\.apple\.com\//),
    });
    expect(isVersionTooLow(await linePay.installed(page.w))).toBe(true);
    expect(isVersionTooLow(await linePay.launch('https://pay.example/', page.w))).toBe(true);
    expect(isVersionTooLow(await openWebview('https://www.example.org/', {}, page.w))).toBe(true);
    expect(isVersionTooLow(await setSaleReminder(reminder, page.w))).toBe(true);
    expect(page.posted).toEqual([]);
    expect(page.opened).toEqual([]);
    const android = await openMaps(jakarta, old('android').w);
    expect(android).toMatchObject({ platform: 'android', storeUrl: expect.stringContaining('play.google.com') });
  });

  it('still makes the calls every bridge has', async () => {
    const page = old('ios');
    expect(await settle(login(page.w))).toBe('app');
    expect(readiness('ids', page.w).kind).toBe('ready');
  });

  it('asks an app of unknown version, which says unsupported when it lacks the call', async () => {
    const page = fakePage({ platform: 'ios', version: null, replies: {} });
    expect(await settle(callApp('openMaps', jakarta, page.w))).toEqual({ kind: 'fallback', reason: 'unsupported' });
    expect(page.posted.map((m) => m.call)).toEqual(['openMaps']);
  });
});

describe('in a browser', () => {
  it('every call takes the browser way at once, without a timer', async () => {
    const page = browserPage({
      navigator: { userAgent: 'Mozilla/5.0', permissions: { query: async () => ({ state: 'denied' }) } },
    });
    expect(await login(page.w)).toBe('web');
    expect(page.assigned).toEqual(['/api/id/site/login?redirectUrl=%2Fid%2Fapp%2Fcart%2F']);
    expect(await locationPermission(page.w)).toBe('denied');
    expect(await openMaps(jakarta, page.w)).toBe('browser');
    expect(await ids(page.w)).toBeNull();
    expect(await weChatInstalled(page.w)).toBe(false);
    expect(await linePay.installed(page.w)).toBe(false);
    expect(await linePay.launch('https://pay.example/line', page.w)).toBe('browser');
    expect(await openWebview('https://www.example.org/', { title: 'x' }, page.w)).toBe('browser');
    expect(await setSaleReminder(reminder, page.w)).toBe(false);
    expect(page.opened).toEqual([
      'https://www.openstreetmap.org/?mlat=-6.19&mlon=106.82#map=17/-6.19/106.82',
      'https://pay.example/line',
      'https://www.example.org/',
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the location permission from the Permissions API, else from whether geolocation exists', async () => {
    const granted = browserPage({ navigator: { permissions: { query: async () => ({ state: 'granted' }) } } });
    expect(await locationPermission(granted.w)).toBe('granted');
    const noApi = browserPage({ navigator: { geolocation: {} } });
    expect(await locationPermission(noApi.w)).toBe('prompt');
    const throwing = browserPage({
      navigator: {
        geolocation: {},
        permissions: {
          query: async () => {
            throw new TypeError('geolocation is not a valid permission name');
          },
        },
      },
    });
    expect(await locationPermission(throwing.w)).toBe('prompt');
    expect(await locationPermission(browserPage({ navigator: {} }).w)).toBe('denied');
  });

  it('opens in this tab when the new tab is blocked', async () => {
    const page = browserPage({ open: () => null });
    expect(await openWebview('https://www.example.org/', {}, page.w)).toBe('browser');
    expect(page.assigned).toEqual(['https://www.example.org/']);
  });

  it('an app page opened in a browser (the /app path, no bridge) goes the browser way too', async () => {
    const page = browserPage({}, '/id/app/support/');
    expect(readiness('openMaps', page.w)).toEqual({ kind: 'fallback', reason: 'no-bridge' });
    expect(await openMaps(jakarta, page.w)).toBe('browser');
  });
});
