import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appReminder } from './app-reminder';
import { browserPage, fakePage, type FakeReply } from './app-bridge/fake-app-host';

const reminder = {
  saleKind: 'coupon' as const,
  saleId: 'id-terbatas',
  name: 'Kupon kilat Rp50.000',
  remindAt: 1_800_000_000_000,
  link: '/id/product/redmi-a5/',
};
const inApp = (reply?: FakeReply, version = '3.18.0') =>
  fakePage({ platform: 'android', version, replies: reply ? { setSaleReminder: reply } : {} });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function settled(p: Promise<boolean>): Promise<boolean> {
  await vi.advanceTimersByTimeAsync(20_000);
  return p;
}

describe("the app's own sale reminder", () => {
  it('is set through the bridge in the app when the app has reminders', async () => {
    const page = inApp({ value: true });
    expect(await settled(appReminder(reminder, page.w))).toBe(true);
    expect(page.posted.map((m) => [m.call, m.args])).toEqual([
      [
        'setSaleReminder',
        {
          id: 'sale-coupon-id-terbatas',
          title: 'Kupon kilat Rp50.000',
          at: 1_800_000_000_000,
          url: 'https://store.example/id/product/redmi-a5/',
        },
      ],
    ]);
  });

  it('is not set on the web, without a bridge, in an app without reminders or too old, or failing', async () => {
    expect(await settled(appReminder(reminder, browserPage().w))).toBe(false);
    expect(await settled(appReminder(reminder, browserPage({}, '/id/app/').w))).toBe(false);
    expect(await settled(appReminder(reminder, inApp(undefined).w))).toBe(false); // answers 'unsupported'
    const old = inApp({ value: true }, '3.16.2');
    expect(await settled(appReminder(reminder, old.w))).toBe(false);
    expect(old.posted).toEqual([]);
    expect(await settled(appReminder(reminder, inApp('throw').w))).toBe(false);
    expect(await settled(appReminder(reminder, inApp('silent').w))).toBe(false);
    // The shopper refused the app's notifications.
    expect(await settled(appReminder(reminder, inApp({ value: false }).w))).toBe(false);
  });
});
