import { describe, expect, it } from 'vitest';
import { appReminder } from './app-reminder';

const reminder = {
  saleKind: 'coupon' as const,
  saleId: 'id-terbatas',
  name: 'Kupon kilat Rp50.000',
  remindAt: 1_800_000_000_000,
  link: '/id/product/redmi-a5/',
};
const page = (bridge?: unknown) => ({ location: { origin: 'https://store.example' }, storeAppBridge: bridge }) as never;

describe("the app's own sale reminder", () => {
  it('is set through the bridge in the app when the bridge offers reminders', () => {
    const set: unknown[] = [];
    expect(appReminder(reminder, true, page({ addReminder: (r: unknown) => set.push(r) }))).toBe(true);
    expect(set).toEqual([
      {
        id: 'sale-coupon-id-terbatas',
        title: 'Kupon kilat Rp50.000',
        at: 1_800_000_000_000,
        url: 'https://store.example/id/product/redmi-a5/',
      },
    ]);
  });

  it('is not set on the web, with no bridge, a bridge without reminders, or one that throws', () => {
    const addReminder = () => {
      throw new Error('not now');
    };
    expect(appReminder(reminder, false, page({ addReminder: () => undefined }))).toBe(false);
    expect(appReminder(reminder, true, page())).toBe(false);
    expect(appReminder(reminder, true, page({ installedApps: () => [] }))).toBe(false);
    expect(appReminder(reminder, true, page({ addReminder }))).toBe(false);
  });
});
