import { expect, test, type Page } from '@playwright/test';
import { mounted, preConsent } from './helpers';

/**
 * The store app around its webview, as docs/app-bridge.md describes it: the Android bridge object, answering the
 * calls listed in `answers` (else 'unsupported') and keeping every message it got in `window.__appGot` for the test.
 */
function fakeAndroidApp(answers: Record<string, unknown>): void {
  const w = window as unknown as {
    StoreAppBridge: unknown;
    __appGot: { call: string; args: unknown }[];
    __storeAppBridgeAnswer?: (id: string, answer: string) => boolean;
  };
  w.__appGot = [];
  w.StoreAppBridge = {
    postMessage(json: string) {
      const message = JSON.parse(json) as { id: string; call: string; args: unknown };
      w.__appGot.push({ call: message.call, args: message.args });
      const answer =
        message.call in answers ? { ok: true, value: answers[message.call] } : { ok: false, error: 'unsupported' };
      setTimeout(() => w.__storeAppBridgeAnswer?.(message.id, JSON.stringify(answer)), 10);
    },
  };
}

/** The calls the page made of the app, but the ids analytics asks for whenever its tracker starts. */
const appGot = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __appGot: { call: string }[] }).__appGot.filter((message) => message.call !== 'ids'),
  );
const androidApp = (version: string) =>
  `Mozilla/5.0 (Linux; Android 14; 23127PN0CG; wv) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 ` +
  `StoreApp/${version} (android)`;

test.describe('inside the Android store app', () => {
  test.use({ userAgent: androidApp('3.18.0'), viewport: { width: 390, height: 844 } });

  test("id: a store's map link opens the app's maps; a link to another site opens the app's webview", async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.addInitScript(fakeAndroidApp, { openMaps: true, openWebview: true });
    await page.goto('/id/store/xiaomi-store/detail/');
    // The islands runtime has started, and, being in the app, has set up the back-press answer and the link routing.
    await expect
      .poll(() => page.evaluate(() => typeof (window as { __storeAppBackPress?: unknown }).__storeAppBackPress))
      .toBe('function');
    const mapLink = page.locator('a[data-map-lat]').first();
    const lat = Number(await mapLink.getAttribute('data-map-lat'));
    const name = await mapLink.getAttribute('data-map-name');
    await mapLink.click();
    await expect.poll(() => appGot(page)).toEqual([{ call: 'openMaps', args: expect.objectContaining({ lat, name }) }]);
    expect(page.context().pages()).toHaveLength(1);

    const away = page.locator('footer a[href^="http"]:not([href*="127.0.0.1"])').first();
    const href = await away.getAttribute('href');
    await away.click();
    await expect
      .poll(() => appGot(page))
      .toContainEqual({ call: 'openWebview', args: expect.objectContaining({ url: href }) });
    expect(new URL(page.url()).pathname).toBe('/id/store/xiaomi-store/detail/');
  });

  test("id/app: sign-in goes through the app's own sign-in, and the page stays", async ({ page, context }) => {
    await preConsent(context);
    await page.addInitScript(fakeAndroidApp, { login: true });
    await page.goto('/id/app/user/');
    await expect.poll(() => appGot(page)).toEqual([{ call: 'login', args: {} }]);
    await page.waitForTimeout(2000);
    expect(new URL(page.url()).pathname).toBe('/id/app/user/');
  });

  test('kr: the back press closes the submenu, then the slide menu, then leaves it to the app', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.addInitScript(fakeAndroidApp, {});
    await page.goto('/kr/');
    const menu = page.locator('[data-slide-menu]');
    await page.locator('[data-slide-toggle]').first().click();
    await expect(menu).toBeVisible();
    await menu.locator('[data-slide-open]').first().click();
    await expect(menu).toHaveAttribute('data-submenu-open', /.+/);
    const backPress = () =>
      page.evaluate(() => (window as { __storeAppBackPress?: () => string }).__storeAppBackPress?.());
    expect(await backPress()).toBe('handled');
    await expect(menu).not.toHaveAttribute('data-submenu-open');
    await expect(menu).toBeVisible();
    expect(await backPress()).toBe('handled');
    await expect(menu).toBeHidden();
    expect(await backPress()).toBe('not-handled');
  });
});

test.describe('inside an Android store app older than maps in its bridge', () => {
  test.use({ userAgent: androidApp('3.16.2') });

  test("id: the service centre's map link says to update the app, linking to Google Play", async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.addInitScript(fakeAndroidApp, { openMaps: true });
    await page.goto('/id/support/service-center/');
    await mounted(page, 'support-desk');
    const card = page.locator('[data-centre]').first();
    await card.getByRole('link', { name: 'Lihat di peta' }).click();
    const notice = card.getByTestId('app-version-too-low');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link')).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
    await expect(notice).toHaveAttribute('data-needs', '3.17.0');
    expect(await appGot(page)).toEqual([]);
    expect(page.context().pages()).toHaveLength(1);
  });
});
