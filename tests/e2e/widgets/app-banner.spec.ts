import { expect, test, type Browser, type Page } from '@playwright/test';
import { IOS_TAB_BAR_OVERLAP_VERSION } from '../../../widgets/live-chat/ios-tab-bar';
import { cookie, host, preConsent } from './helpers';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; 23127PN0CG) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/126.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const banner = (page: Page) => page.getByTestId('app-banner');

/** A phone of `userAgent` whose shopper answered the consent banner (which goes first at the bottom). */
async function phone(browser: Browser, userAgent: string, consent = '0,1,2,3:') {
  const context = await browser.newContext({ ...PHONE, userAgent });
  await preConsent(context, consent);
  return context;
}

/** Every layout shift of the document, also those right after input (which CLS forgives, but none may happen). */
async function watchAllShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { allShifts: number };
    w.allShifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.allShifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shopper starts using the page: the banner's cue. */
async function scrollALittle(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollBy(0, 200));
}

test.describe('the app banner of the mobile web', () => {
  test('an Android phone on /id/ gets the banner once it scrolls, in Indonesian; closing it lasts', async ({
    browser,
  }) => {
    const context = await phone(browser, ANDROID);
    const page = await context.newPage();
    await watchAllShifts(page);
    await page.goto('/id/');
    await expect(host(page, 'app-banner')).toHaveAttribute('data-state', 'mounted', { timeout: 10_000 });
    // Nothing before the shopper uses the page: never the page's largest paint.
    await page.waitForTimeout(2_500);
    await expect(banner(page)).toBeHidden();
    await scrollALittle(page);
    await expect(banner(page)).toBeVisible({ timeout: 10_000 });
    await expect(banner(page)).toContainText('Aplikasi Xiaomi Store');
    await expect(page.getByTestId('app-banner-open')).toHaveText('Buka aplikasi');
    await expect(page.getByTestId('app-banner-open')).toHaveAttribute(
      'href',
      /^intent:\/\/home\?local=id#Intent;scheme=mistore;package=com\.mi\.global\.shop;S\.browser_fallback_url=https%3A%2F%2Fplay\.google\.com%2F/,
    );
    // An overlay: showing it moved nothing, and it leaves the chat launcher's corner free.
    expect(await page.evaluate(() => (window as unknown as { allShifts: number }).allShifts)).toBe(0);
    const card = (await banner(page).boundingBox())!;
    const launcher = (await page.locator('.chat-host').boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual(launcher.y);

    await page.getByTestId('app-banner-close').click();
    await expect(banner(page)).toBeHidden();
    expect(await cookie(context, 'app_banner_closed')).toBe('1');
    const asked: string[] = [];
    page.on('request', (request) => request.url().includes('/diversion') && asked.push(request.url()));
    await page.reload();
    await expect(host(page, 'app-banner')).toHaveAttribute('data-state', 'mounted', { timeout: 10_000 });
    await scrollALittle(page);
    await page.waitForTimeout(3_000);
    await expect(banner(page)).toBeHidden();
    expect(asked).toEqual([]);
    await context.close();
  });

  test('an iPhone gets the app’s own link; without functional consent closing lasts for the tab', async ({
    browser,
  }) => {
    const context = await phone(browser, IPHONE, '0:');
    const page = await context.newPage();
    await page.goto('/id/support/');
    await scrollALittle(page);
    await expect(banner(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('app-banner-open')).toHaveAttribute('href', 'mistore://home?local=id');
    await page.getByTestId('app-banner-close').click();
    expect(await cookie(context, 'app_banner_closed')).toBeNull();
    await page.reload();
    await scrollALittle(page);
    await page.waitForTimeout(3_000);
    await expect(banner(page)).toBeHidden();
    await context.close();
  });

  test('none in the apps’ webviews, and not even loaded on a desktop', async ({ browser }) => {
    const context = await phone(browser, `${ANDROID} StoreApp/3.18.0 (android)`);
    const page = await context.newPage();
    await page.goto('/id/app/');
    await expect(page.locator('store-widget[name="app-banner"]')).toHaveCount(0);
    // A web page opened inside the app (its user agent says so) does not offer the app either.
    await page.goto('/id/');
    await expect(host(page, 'app-banner')).toHaveAttribute('data-state', 'mounted', { timeout: 10_000 });
    await scrollALittle(page);
    await page.waitForTimeout(3_000);
    await expect(banner(page)).toBeHidden();
    await context.close();

    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await preConsent(desktop);
    const wide = await desktop.newPage();
    const chunks: string[] = [];
    wide.on('request', (request) => /app-banner/.test(request.url()) && chunks.push(request.url()));
    await wide.goto('/id/');
    await scrollALittle(wide);
    await wide.waitForTimeout(2_500);
    await expect(host(wide, 'app-banner')).not.toHaveAttribute('data-state', /./);
    expect(chunks).toEqual([]);
    await desktop.close();
  });
});

test.describe('the iOS app’s support tab', () => {
  for (const [version, raised] of [
    [IOS_TAB_BAR_OVERLAP_VERSION, true],
    ['3.18.0', false],
  ] as const) {
    test(`StoreApp/${version}: the chat launcher ${raised ? 'sits 83 px higher' : 'stays in its corner'}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ ...PHONE, userAgent: `${IPHONE} StoreApp/${version} (ios)` });
      const page = await context.newPage();
      await page.goto('/id/ios/support/');
      const launcher = page.locator('.chat-host');
      await expect(launcher).toHaveAttribute('data-state', 'mounted', { timeout: 10_000 });
      await expect(launcher).toBeVisible();
      const box = (await launcher.boundingBox())!;
      const gap = 844 - (box.y + box.height);
      expect(gap).toBe(raised ? 16 + 83 : 16);
      await context.close();
    });
  }

  test('the other support pages of the apps have the launcher in its corner', async ({ browser }) => {
    const context = await browser.newContext({
      ...PHONE,
      userAgent: `${IPHONE} StoreApp/${IOS_TAB_BAR_OVERLAP_VERSION} (ios)`,
    });
    const page = await context.newPage();
    await page.goto('/id/ios/support/phone/');
    const launcher = page.locator('.chat-host');
    await expect(launcher).toBeVisible();
    await expect(launcher).not.toHaveClass(/chat-host--above-tab-bar/);
    await context.close();
  });
});
