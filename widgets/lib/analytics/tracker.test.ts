import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsBatch } from '../../../server/schemas/analytics';
import { storedConsent } from '../../state/consent';
import { site } from '../../state/site';
import { FLUSH_MS } from './batcher';
import { EXPOSURE_MS } from './exposures';
import { installFakePage, FakeElement, FakeIntersectionObserver, type FakePage } from './testing/fake-page';
import { carryOnLeave, deliverTo, pageShown, track } from './track';
import { startTracker, stopTracker } from './tracker';

// web-vitals observes the real browser; here its callbacks are taken and called by hand.
const vitals = vi.hoisted(() => ({}) as Record<string, (metric: { name: string; value: number }) => void>);
vi.mock('web-vitals', () => ({
  onLCP: (cb: never) => (vitals.LCP = cb),
  onINP: (cb: never) => (vitals.INP = cb),
  onCLS: (cb: never) => (vitals.CLS = cb),
  onTTFB: (cb: never) => (vitals.TTFB = cb),
}));

const noApp = () => Promise.resolve(null);
let page: FakePage;
const sent = (): AnalyticsBatch['events'] => page.beacons().flatMap((b) => b.batch.events);
const kinds = () => sent().map((e) => e.kind);

beforeEach(() => {
  vi.useFakeTimers();
  page = installFakePage({ pageType: 'product', release: 'r-20260102T030405678Z-ab12' });
  site.value = { ...site.value, api: '/api/id', app: 'web', cookiePolicyLevel: 'high' };
  storedConsent.value = '0,1,2,3:';
  pageShown();
});
afterEach(() => {
  stopTracker();
  vi.useRealTimers();
});

describe('the tracker', () => {
  it("sends a page left before its tracker came in the next page's batches, in the left page's name", async () => {
    deliverTo(null);
    track({ kind: 'add_to_cart', target: 'redmi-note-14', value: 3_499_000, currency: 'IDR', quantity: 1 });
    carryOnLeave();
    deliverTo(null); // the next page starts with nothing waiting in memory
    // The cart page is left too before its tracker came: both wait.
    const carried = page.storage.getItem('store_analytics_carry');
    page = installFakePage({ pageType: 'widget-page-cart', path: '/id/cart/' });
    page.storage.setItem('store_analytics_carry', carried!);
    carryOnLeave();
    const both = page.storage.getItem('store_analytics_carry');
    page = installFakePage({ pageType: 'widget-page-checkout', path: '/id/checkout/' });
    page.storage.setItem('store_analytics_carry', both!);
    pageShown(); // a new page, not being left
    await startTracker(noApp);
    page.pagehide();
    const batches = page.beacons().map((b) => b.batch as AnalyticsBatch);
    expect(batches.map((b) => b.context.pageType).sort()).toEqual([
      'product',
      'widget-page-cart',
      'widget-page-checkout',
    ]);
    const left = batches.find((b) => b.context.pageType === 'product')!;
    expect(left.events.map((e) => [e.kind, e.path])).toEqual([
      ['page_view', '/id/product/redmi-note-14/'],
      ['add_to_cart', '/id/product/redmi-note-14/'],
    ]);
    expect(left.context.release).toBe('r-20260102T030405678Z-ab12');
    expect(batches.find((b) => b.context.pageType === 'widget-page-cart')!.events.map((e) => e.path)).toEqual([
      '/id/cart/',
    ]);
    expect(page.storage.getItem('store_analytics_carry')).toBeNull();
  });

  it('keeps the twenty most recent left pages when a shopper runs through more before any tracker came', () => {
    deliverTo(null);
    for (let i = 0; i < 21; i++) {
      page.document.documentElement.dataset['pageType'] = `page-${i}`;
      carryOnLeave();
    }
    const carried = JSON.parse(page.storage.getItem('store_analytics_carry')!) as { pageType: string }[];
    expect(carried.map((c) => c.pageType)).toEqual(Array.from({ length: 20 }, (_, i) => `page-${i + 1}`));
  });

  it('leaves the carry for the next page when the page is left while its tracker starts', async () => {
    deliverTo(null);
    track({ kind: 'search', query: 'qzxv', results: 0 });
    carryOnLeave();
    deliverTo(null);
    pageShown(); // the next page
    const starting = startTracker(noApp);
    carryOnLeave(); // ...is left before its tracker finished starting
    await starting;
    const carried = JSON.parse(page.storage.getItem('store_analytics_carry')!) as { events: { kind: string }[] }[];
    expect(carried.flatMap((c) => c.events.map((e) => e.kind))).toEqual(['page_view', 'search', 'page_view']);
    expect(page.beacons()).toEqual([]);
  });

  it('hands nothing over without consent', () => {
    storedConsent.value = '0:';
    carryOnLeave();
    expect(page.storage.getItem('store_analytics_carry')).toBeNull();
  });

  it('reports the page view with the page’s context, then what islands reported while it loaded', async () => {
    track({ kind: 'search', query: 'redmi', results: 3 });
    await startTracker(noApp);
    page.pagehide();
    const [batch] = page.beacons().map((b) => b.batch as AnalyticsBatch);
    expect(batch!.events.map((e) => e.kind)).toEqual(['page_view', 'search']);
    expect(batch!.events[0]).toMatchObject({ path: '/id/product/redmi-note-14/' });
    expect(batch!.context).toMatchObject({
      lang: 'id-ID',
      pageType: 'product',
      release: 'r-20260102T030405678Z-ab12',
      device: 'desktop',
      app: 'web',
      channel: 'Direct',
    });
    expect(batch!.context.visitId).toMatch(/^[\w.:-]{1,64}$/);
  });

  it('keeps one visit id per tab, in sessionStorage, and removes it when consent is withdrawn', async () => {
    await startTracker(noApp);
    const visit = JSON.parse(page.storage.getItem('store_visit')!);
    stopTracker();
    expect(page.storage.items.size).toBe(0);
    await startTracker(noApp);
    expect(JSON.parse(page.storage.getItem('store_visit')!).id).not.toBe(visit.id);
  });

  it('counts clicks on [data-track] elements by one delegated listener', async () => {
    await startTracker(noApp);
    const icon = new FakeElement();
    const button = new FakeElement({ 'data-track': 'add-to-cart' }).append(icon);
    page.add(new FakeElement().append(button), new FakeElement());
    page.click(icon);
    page.click(page.body.children[1]!);
    page.pagehide();
    expect(sent().filter((e) => e.kind === 'click')).toEqual([
      expect.objectContaining({ kind: 'click', target: 'add-to-cart' }),
    ]);
  });

  it('maps web-vitals’ measurements to web_vital events, sent when the page is hidden', async () => {
    await startTracker(noApp);
    vitals.TTFB!({ name: 'TTFB', value: 181.4 });
    vitals.LCP!({ name: 'LCP', value: 1234.56 });
    vitals.INP!({ name: 'INP', value: 96 });
    vitals.CLS!({ name: 'CLS', value: 0.123456 });
    page.hide();
    expect(sent().filter((e) => e.kind === 'web_vital')).toEqual([
      expect.objectContaining({ target: 'TTFB', metric: 'TTFB', metricValue: 181 }),
      expect.objectContaining({ metric: 'LCP', metricValue: 1235 }),
      expect.objectContaining({ metric: 'INP', metricValue: 96 }),
      expect.objectContaining({ metric: 'CLS', metricValue: 0.1235 }),
    ]);
  });

  it('asks the app bridge for its ids inside the app, and keeps only well-formed ones', async () => {
    site.value = { ...site.value, app: 'app' };
    await startTracker(() => Promise.resolve({ instanceId: 'inst-1', sessionId: 'sess:2' }));
    page.pagehide();
    expect(page.beacons()[0]!.batch).toMatchObject({
      consent: 'app',
      context: { app: 'app', instanceId: 'inst-1', appSessionId: 'sess:2' },
    });
    stopTracker();
    await startTracker(() => Promise.resolve({ instanceId: 'has space', sessionId: 's' }));
    page.pagehide();
    expect(page.beacons()[1]!.batch.context.instanceId).toBeUndefined();
  });

  it('reports the device class by the layout’s breakpoints', async () => {
    for (const [width, device] of [
      [375, 'mobile'],
      [720, 'mobile'],
      [721, 'tablet'],
      [1024, 'tablet'],
      [1025, 'desktop'],
    ] as const) {
      stopTracker();
      Object.assign(globalThis, { innerWidth: width });
      await startTracker(noApp);
      page.pagehide();
      expect(page.beacons().at(-1)!.batch.context.device, String(width)).toBe(device);
    }
  });
});

describe('withdrawing consent mid-visit', () => {
  it('drops the queue, stops watching and sends nothing more', async () => {
    await startTracker(noApp);
    const card = new FakeElement({ 'data-track-exposure': 'product:x' });
    page.add(card);
    track({ kind: 'click', target: 'x' });
    storedConsent.value = '0,1:';
    stopTracker();
    track({ kind: 'click', target: 'y' });
    page.click(new FakeElement({ 'data-track': 'z' }));
    page.intersect(card, 1);
    vi.advanceTimersByTime(FLUSH_MS * 2);
    page.hide();
    page.pagehide();
    expect(page.sendBeacon).not.toHaveBeenCalled();
    expect(page.fetch).not.toHaveBeenCalled();
    expect(page.storage.items.size).toBe(0);
    expect(page.listenerCount('click') + page.listenerCount('pagehide')).toBe(0);
  });

  it('sends nothing even before the tracker is stopped: the queue checks consent as it leaves', async () => {
    await startTracker(noApp);
    storedConsent.value = '0:';
    page.pagehide();
    expect(page.sendBeacon).not.toHaveBeenCalled();
  });
});

describe('exposures', () => {
  it('need the element at least half visible for one continuous second, and count once per element', async () => {
    await startTracker(noApp);
    const card = new FakeElement({ 'data-track-exposure': 'product:redmi-note-14' });
    page.add(card);
    page.intersect(card, 0.6);
    vi.advanceTimersByTime(EXPOSURE_MS - 100);
    page.intersect(card, 0.3); // scrolled half out: the second starts again
    vi.advanceTimersByTime(500);
    page.intersect(card, 0.5);
    vi.advanceTimersByTime(EXPOSURE_MS - 1);
    page.pagehide();
    expect(kinds()).not.toContain('exposure');
    vi.advanceTimersByTime(1);
    page.intersect(card, 1);
    vi.advanceTimersByTime(EXPOSURE_MS * 3);
    page.pagehide();
    expect(sent().filter((e) => e.kind === 'exposure')).toEqual([
      expect.objectContaining({ target: 'product:redmi-note-14' }),
    ]);
  });

  it('watch the elements present at the start and those islands add later, with threshold 0.5', async () => {
    const banner = new FakeElement({ 'data-track-exposure': 'banner:0' });
    page.add(banner);
    await startTracker(noApp);
    const result = new FakeElement({ 'data-track-exposure': 'product:poco-f7' });
    page.add(new FakeElement().append(result));
    page.intersect(banner, 0.7);
    page.intersect(result, 0.9);
    vi.advanceTimersByTime(EXPOSURE_MS);
    page.pagehide();
    expect(
      sent()
        .filter((e) => e.kind === 'exposure')
        .map((e) => e.target),
    ).toEqual(['banner:0', 'product:poco-f7']);
    expect(FakeIntersectionObserver.all.at(-1)!.options).toEqual({ threshold: 0.5 });
  });
});
