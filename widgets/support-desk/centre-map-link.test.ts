import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { centreMapClick, centrePlace } from './centre-map-link';
import { browserPage, fakePage } from '../lib/app-bridge/fake-app-host';
import type { Centre } from '../request/support-api';

const centre = {
  name: 'Mi Service Centre Kuningan',
  address: 'Jl. Rasuna Said 5',
  postalCode: '12940',
  city: 'Jakarta',
  latitude: -6.22,
  longitude: 106.83,
} as Centre;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function click() {
  const e = { prevented: false, preventDefault: () => void (e.prevented = true) };
  return e;
}

describe("a service centre's map link", () => {
  it("opens the app's maps inside the app", async () => {
    const page = fakePage({ replies: { openMaps: { value: true } } });
    const e = click();
    const refusal = centreMapClick(e, centrePlace(centre), page.w);
    await vi.advanceTimersByTimeAsync(100);
    expect(await refusal).toBeNull();
    expect(e.prevented).toBe(true);
    expect(page.posted[0]?.args).toEqual({
      lat: -6.22,
      lng: 106.83,
      name: 'Mi Service Centre Kuningan',
      address: 'Jl. Rasuna Said 5, 12940 Jakarta',
    });
  });

  it('answers the refusal of an app too old for maps, for the island to show the update notice', async () => {
    const page = fakePage({ platform: 'ios', version: '3.16.1' });
    const e = click();
    expect(await centreMapClick(e, centrePlace(centre), page.w)).toMatchObject({
      kind: 'version-too-low',
      needs: '3.17.0',
      running: '3.16.1',
    });
    expect(e.prevented).toBe(true);
    expect(page.posted).toEqual([]);
  });

  it('leaves the link to open the map page in a browser', async () => {
    const e = click();
    expect(await centreMapClick(e, centrePlace(centre), browserPage().w)).toBeNull();
    expect(e.prevented).toBe(false);
  });
});
