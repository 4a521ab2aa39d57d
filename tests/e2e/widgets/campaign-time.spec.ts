import { expect, test, type APIRequestContext } from '@playwright/test';
import { mounted, preConsent, productInStock, signUp } from './helpers';
import { E2E_OPS_TOKEN } from '../ops-token';

const json = { Accept: 'application/json' };
const ops = { ...json, authorization: `Bearer ${E2E_OPS_TOKEN}` };
/** The /id flash coupon of content/tools/build-coupons.ts (no other browser test uses it). */
const FLASH = { couponId: 'id-terbatas', code: 'KILAT50' };
const COUPON_NOT_STARTED = 34007;
const COUPON_EXPIRED = 34005;

/** Moves the coupon's window as an operator would: opening `startsInMs` from the server's now, for `openMs`. */
async function couponWindow(
  request: APIRequestContext,
  startsInMs: number,
  openMs: number,
): Promise<{ startsAt: number; endsAt: number }> {
  const probe = await request.get('/api/health');
  const serverNow = Number(probe.headers()['x-server-time']);
  expect(serverNow).toBeGreaterThan(0);
  const startsAt = serverNow + startsInMs;
  const endsAt = startsAt + openMs;
  const r = await request.post('/api/ops/coupon/window', {
    data: {
      couponId: FLASH.couponId,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
    },
    headers: ops,
  });
  expect((await r.json()).errno, await r.text()).toBe(0);
  return { startsAt, endsAt };
}

const claim = async (request: APIRequestContext) =>
  (await (await request.post('/api/id/coupon/claim', { data: { code: FLASH.code }, headers: json })).json())
    .errno as number;

test.describe('campaign states on the server clock, without a rebuild', () => {
  test('id: a flash coupon counts down, turns claimable at zero, then ends; the server refuses outside it', async ({
    page,
    context,
  }) => {
    // The device clock is two hours fast: only the server's time (X-Server-Time) can put the window right.
    await page.addInitScript(() => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + 2 * 3600_000;
    });
    await preConsent(context);
    await signUp(page, 'id', 'Kilat');
    const { endsAt } = await couponWindow(page.request, 8_000, 5_000);

    await page.goto(`/id/product/${productInStock('id')}/`);
    await mounted(page, 'add-to-cart');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const offer = page.getByTestId('product-coupons').locator(`[data-coupon="${FLASH.couponId}"]`);
    await expect(offer).toHaveAttribute('data-phase', 'upcoming');
    await expect(offer.getByTestId('coupon-starts-in')).toContainText(/00:00:00:0\d/);
    await expect(offer.getByTestId('coupon-claim')).toBeDisabled();
    expect(await claim(page.request)).toBe(COUPON_NOT_STARTED);

    // Zero: the same page turns live and the coupon can be claimed.
    await expect(offer).toHaveAttribute('data-phase', 'live', { timeout: 10_000 });
    await expect(offer.getByTestId('coupon-claim')).toBeEnabled();
    await offer.getByTestId('coupon-claim').click();
    await expect(offer.locator('[role="status"]')).not.toBeEmpty();
    const mine = (await (await page.request.get('/api/id/coupon/mine', { headers: json })).json()).data.coupons as {
      coupon_id: string;
      state: string;
    }[];
    expect(mine.find((c) => c.coupon_id === FLASH.couponId)?.state).toBe('claimed');

    // The end: the page shows it ended and offers no claim; the server refuses from that instant.
    await expect(offer).toHaveAttribute('data-phase', 'ended', { timeout: 10_000 });
    await expect(offer.getByTestId('coupon-ended')).toBeVisible();
    await expect(offer.getByTestId('coupon-claim')).toHaveCount(0);
    expect(Number((await page.request.get('/api/health')).headers()['x-server-time'])).toBeGreaterThanOrEqual(endsAt);
    expect(await claim(page.request)).toBe(COUPON_EXPIRED);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('id: an event page carries its window as dates; the countdown island works out the phase', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto('/id/event/new-year-2027/');
    // The window of content/tools/build-pages.ts; which phase it is in depends on the day the test runs.
    const [start, end] = [Date.parse('2027-01-01T00:00:00Z'), Date.parse('2027-01-08T00:00:00Z')];
    const now = Date.now();
    await mounted(page, 'countdown');
    const countdown = page.getByTestId('countdown');
    await expect(countdown).toHaveAttribute('data-phase', now < start ? 'upcoming' : now < end ? 'live' : 'ended');
    if (now < end) await expect(countdown.locator('.countdown__digits')).toHaveText(/^\d\d:\d\d:\d\d:\d\d$/);
  });
});
