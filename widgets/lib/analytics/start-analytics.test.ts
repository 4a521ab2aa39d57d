import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedConsent } from '../../state/consent';
import { site } from '../../state/site';
import { startAnalytics } from './start-analytics';
import { installFakePage, type FakePage } from './testing/fake-page';
import { track } from './track';
import { stopTracker } from './tracker';

// The real tracker, watched: whether its chunk is started at all is what a declining shopper depends on.
const spies = vi.hoisted(() => ({ loads: 0, start: 0, started: 0, stop: 0 }));
vi.mock('./tracker', async (importOriginal) => {
  const real = await importOriginal<typeof import('./tracker')>();
  return {
    startTracker: (...args: Parameters<typeof real.startTracker>) => {
      spies.start++;
      return real.startTracker(...args).then(() => void spies.started++);
    },
    stopTracker: () => {
      spies.stop++;
      real.stopTracker();
    },
  };
});
vi.mock('web-vitals', () => ({ onLCP: () => {}, onINP: () => {}, onCLS: () => {}, onTTFB: () => {} }));

/** Gives a tracker chunk that may have been asked for the time to load and start. */
const settle = async () => {
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 50));
};
/** Waits for the tracker to have started. */
const started = () => vi.waitFor(() => expect(spies.started).toBe(1));

let page: FakePage;
let stopFollowing: () => void = () => {};
beforeEach(() => {
  Object.assign(spies, { loads: 0, start: 0, started: 0, stop: 0 });
  page = installFakePage();
});
afterEach(() => {
  stopFollowing();
  stopTracker();
});

/** The tracker's chunk, counted. */
const loadTracker = () => {
  spies.loads++;
  return import('./tracker');
};

/** The runtime's start, the page's load, and its first idle period. */
async function openPage() {
  stopFollowing = startAnalytics(loadTracker);
  page.load();
  page.runIdle();
  await settle();
}

describe('a shopper who declined analytics', () => {
  beforeEach(() => {
    site.value = { ...site.value, api: '/api/de', app: 'web', cookiePolicyLevel: 'high' };
    storedConsent.value = '0,1,2:';
  });

  it('never loads the tracker, and causes no request to the collector and nothing stored', async () => {
    await openPage();
    track({ kind: 'add_to_cart', target: 'x', value: 100, currency: 'EUR', quantity: 1 });
    page.hide();
    page.pagehide();
    await settle();
    expect(spies.loads).toBe(0);
    expect(spies.start).toBe(0);
    expect(page.sendBeacon).not.toHaveBeenCalled();
    expect(page.fetch).not.toHaveBeenCalled();
    expect(page.storage.items.size).toBe(0);
  });

  it('who accepts later on the page starts it then', async () => {
    await openPage();
    storedConsent.value = '0,3:';
    await started();
    page.pagehide();
    expect(page.beacons()[0]!.batch).toMatchObject({ consent: '0,3:', events: [{ kind: 'page_view' }] });
  });
});

describe('with consent', () => {
  beforeEach(() => {
    site.value = { ...site.value, api: '/api/id', app: 'web', cookiePolicyLevel: 'high' };
    storedConsent.value = '0,1,2,3:';
  });

  it('loads the tracker only after the load event and an idle period', async () => {
    stopFollowing = startAnalytics(loadTracker);
    await settle();
    expect(spies.loads).toBe(0);
    page.load();
    await settle();
    expect(spies.loads).toBe(0);
    page.runIdle();
    await started();
    expect(spies.loads).toBe(1);
  });

  it('stops at once when consent is withdrawn: the queue goes, nothing more is sent, no visit id stays', async () => {
    await openPage();
    await started();
    track({ kind: 'click', target: 'a' });
    expect(page.storage.items.size).toBe(1);
    storedConsent.value = '0,1:';
    await vi.waitFor(() => expect(spies.stop).toBe(1));
    track({ kind: 'click', target: 'b' });
    page.hide();
    page.pagehide();
    expect(page.sendBeacon).not.toHaveBeenCalled();
    expect(page.storage.items.size).toBe(0);
  });

  it('drops what islands reported before the tracker loaded when consent goes first', async () => {
    stopFollowing = startAnalytics(loadTracker);
    track({ kind: 'search', query: 'poco', results: 2 });
    storedConsent.value = '0:';
    storedConsent.value = '0,3:';
    page.load();
    page.runIdle();
    await started();
    page.pagehide();
    expect(page.beacons()[0]!.batch.events.map((e: { kind: string }) => e.kind)).toEqual(['page_view']);
  });
});
