import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsContext, AnalyticsEvent } from '../../../server/schemas/analytics';
import { storedConsent } from '../../state/consent';
import { site } from '../../state/site';
import { BATCH_SIZE, createBatcher, FLUSH_MS, type Batcher } from './batcher';
import { installFakePage, type FakePage } from './testing/fake-page';

const context: AnalyticsContext = {
  visitId: 'v-1',
  lang: 'id-ID',
  pageType: 'product',
  release: '',
  device: 'desktop',
  app: 'web',
  channel: 'Direct',
};
const event = (i: number): AnalyticsEvent => ({
  kind: 'click',
  at: 1_700_000_000_000 + i,
  path: '/id/',
  target: `b${i}`,
});

let page: FakePage;
let batcher: Batcher;
beforeEach(() => {
  vi.useFakeTimers();
  page = installFakePage();
  site.value = { ...site.value, api: '/api/id', app: 'web', cookiePolicyLevel: 'high' };
  storedConsent.value = '0,1,2,3:';
  batcher = createBatcher(context);
});
afterEach(() => {
  batcher.stop();
  vi.useRealTimers();
});

describe('batches', () => {
  it('go by beacon to the collector as the batch the schema describes', () => {
    for (let i = 0; i < BATCH_SIZE; i++) batcher.add(event(i));
    expect(page.sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = page.sendBeacon.mock.calls[0]!;
    expect(url).toBe('/api/id/analytics/collect');
    expect(typeof body).toBe('string');
    expect(JSON.parse(body)).toEqual({
      consent: '0,1,2,3:',
      context,
      events: Array.from({ length: BATCH_SIZE }, (_, i) => event(i)),
    });
  });

  it('leave at 20 events, not before', () => {
    for (let i = 0; i < BATCH_SIZE - 1; i++) batcher.add(event(i));
    expect(page.sendBeacon).not.toHaveBeenCalled();
    batcher.add(event(99));
    expect(page.beacons().map((b) => b.batch.events.length)).toEqual([BATCH_SIZE]);
  });

  it('leave 5 s after the first event that waits', () => {
    batcher.add(event(1));
    vi.advanceTimersByTime(FLUSH_MS - 1);
    batcher.add(event(2));
    expect(page.sendBeacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(page.beacons().map((b) => b.batch.events.length)).toEqual([2]);
    // Nothing waits, nothing is sent.
    vi.advanceTimersByTime(FLUSH_MS * 3);
    expect(page.sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('leave when the page is hidden and when it is left', () => {
    batcher.add(event(1));
    page.hide();
    expect(page.beacons().map((b) => b.batch.events.length)).toEqual([1]);
    batcher.add(event(2));
    page.pagehide();
    expect(page.beacons().map((b) => b.batch.events.length)).toEqual([1, 1]);
  });

  it('fall back to fetch with keepalive when the browser refuses the beacon', () => {
    page.sendBeacon.mockReturnValue(false);
    batcher.add(event(1));
    page.pagehide();
    expect(page.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = page.fetch.mock.calls[0]!;
    expect(url).toBe('/api/id/analytics/collect');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(init.body)).events).toEqual([event(1)]);
  });

  it('say "app" for the consent inside the app', () => {
    site.value = { ...site.value, app: 'app' };
    batcher.add(event(1));
    page.pagehide();
    expect(page.beacons()[0]!.batch.consent).toBe('app');
  });
});

describe('while the consent banner still asks', () => {
  it('wait for the choice, and leave with it', () => {
    site.value = { ...site.value, cookiePolicyLevel: 'low' };
    storedConsent.value = null;
    for (let i = 0; i < BATCH_SIZE + 5; i++) batcher.add(event(i));
    vi.advanceTimersByTime(FLUSH_MS);
    expect(page.sendBeacon).not.toHaveBeenCalled();
    storedConsent.value = '0,3:';
    expect(page.beacons().map((b) => [b.batch.consent, b.batch.events.length])).toEqual([
      ['0,3:', BATCH_SIZE],
      ['0,3:', 5],
    ]);
  });

  it('are dropped when the shopper declines', () => {
    site.value = { ...site.value, cookiePolicyLevel: 'low' };
    storedConsent.value = null;
    batcher.add(event(1));
    storedConsent.value = '0,1:';
    page.pagehide();
    expect(page.sendBeacon).not.toHaveBeenCalled();
  });

  it('follow the store’s default when the page is left before the choice (low level: allowed)', () => {
    site.value = { ...site.value, cookiePolicyLevel: 'low' };
    storedConsent.value = null;
    batcher.add(event(1));
    page.pagehide();
    expect(page.beacons()[0]!.batch.consent).toBe('0,1,2,3:');
  });
});

describe('a stopped batcher', () => {
  it('drops what waits and sends nothing more', () => {
    batcher.add(event(1));
    batcher.stop();
    page.hide();
    page.pagehide();
    vi.advanceTimersByTime(FLUSH_MS * 2);
    expect(page.sendBeacon).not.toHaveBeenCalled();
    expect(page.listenerCount('pagehide') + page.listenerCount('visibilitychange')).toBe(0);
  });
});
