import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goToSignIn } from './sign-in';
import { browserPage, fakePage, type FakePage } from '../lib/app-bridge/fake-app-host';
import { site } from '../state/site';

/** Makes the fake page the global window and location that goToSignIn reads. */
function use(page: FakePage): FakePage {
  vi.stubGlobal('window', page.w);
  vi.stubGlobal('location', { ...page.w.location, search: '?from=cart', hash: '' });
  return page;
}

beforeEach(() => {
  vi.useFakeTimers();
  site.value = { ...site.value, api: '/api/id', urlLocal: 'id' };
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const assigned = () => (location as unknown as { assign: { mock?: unknown } }).assign;

describe('going to sign-in', () => {
  it('in a browser: the web sign-in with a callback to this page, at once', () => {
    const page = use(browserPage({}, '/id/cart/'));
    vi.stubGlobal('location', { ...page.w.location, search: '?from=cart', hash: '', assign: vi.fn() });
    goToSignIn();
    expect(assigned()).toHaveBeenCalledWith('/api/id/site/login?redirectUrl=%2Fid%2Fcart%2F%3Ffrom%3Dcart');
  });

  it("in the app: the app's own sign-in through the bridge, and the page stays", async () => {
    const page = use(fakePage({ path: '/id/app/cart/', replies: { login: { value: true } } }));
    goToSignIn();
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(page.posted.map((m) => m.call)).toEqual(['login']);
    expect(page.assigned).toEqual([]);
  });

  it('in an app that does not answer: the web sign-in after the timeout', async () => {
    const page = use(fakePage({ path: '/id/app/cart/', replies: { login: 'silent' } }));
    goToSignIn();
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(page.assigned).toEqual(['/api/id/site/login?redirectUrl=%2Fid%2Fapp%2Fcart%2F%3Ffrom%3Dcart']);
  });

  it('on an app page without the bridge: the web sign-in at once', () => {
    const page = use(browserPage({}, '/id/app/cart/'));
    vi.stubGlobal('location', { ...page.w.location, search: '', hash: '', assign: vi.fn() });
    goToSignIn();
    expect(assigned()).toHaveBeenCalledWith('/api/id/site/login?redirectUrl=%2Fid%2Fapp%2Fcart%2F');
  });
});
