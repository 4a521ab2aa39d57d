/**
 * The storefront service worker: installed from the islands runtime, scoped to its storefront,
 * shows the storefront's offline page in its language, keeps static pages for offline use, and never stores or
 * answers from a cache anything personal: API answers, the cart, checkout, payment or user pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loadTranslations } from '../../../content/load';
import { publishRelease } from '../../../plugins/storefront-pages/build-plan/publish';
import { getStorefront } from '../../../region-config';
import { mounted, preConsent, productInStock, signUp } from '../widgets/helpers';

/** A UI string of a catalogue as the build used it. */
function catalogueString(i18n: string, key: string): string {
  const value = loadTranslations()[i18n]?.[key];
  if (!value) throw new Error(`no ${key} in the ${i18n} catalogue`);
  return value;
}

/** Waits until the storefront's worker is active and controls the page (it claims open pages when it activates). */
async function controlledBy(page: Page): Promise<{ scope: string; script: string }> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 20_000,
  });
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? '' };
  });
}

/** Every URL in every cache of the origin, by cache name. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((request) => request.url);
    }
    return out;
  });
}

test.describe('storefront service worker', () => {
  test.describe.configure({ timeout: 60_000 });

  for (const urlLocal of ['id', 'ae-ar']) {
    test(`${urlLocal}: installs for its storefront only, keeps visited pages, shows its own offline page`, async ({
      page,
      context,
      baseURL,
    }) => {
      const storefront = getStorefront(urlLocal);
      if (!storefront) throw new Error(`no storefront ${urlLocal}`);
      await preConsent(context);
      await page.goto(`/${urlLocal}/support/`);
      const registration = await controlledBy(page);
      expect(registration.scope).toBe(`${baseURL}/${urlLocal}/`);
      expect(registration.script).toBe(`${baseURL}/${urlLocal}/service-worker.js`);
      // A page loaded while the worker is in control goes into the page cache (network first).
      await page.goto(`/${urlLocal}/`);
      const homeTitle = await page.title();

      await context.setOffline(true);
      // A page never visited: the storefront's offline page, in its language and direction, at the asked address.
      await page.goto(`/${urlLocal}/product-list/`);
      const offline = page.getByTestId('offline-page');
      await expect(offline).toBeVisible();
      const title = catalogueString(storefront.i18n, 'page.offline.title');
      expect(title).not.toBe(catalogueString('en', 'page.offline.title'));
      await expect(offline.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(offline).toContainText(catalogueString(storefront.i18n, 'offline.message'));
      await expect(page.locator('html')).toHaveAttribute('lang', storefront.lang);
      await expect(page.locator('html')).toHaveAttribute('dir', storefront.dir);
      expect(new URL(page.url()).pathname).toBe(`/${urlLocal}/product-list/`);
      // Its islands are precached: the header still works offline. And the page is accessible.
      await mounted(page, 'mega-menu');
      const axe = await new AxeBuilder({ page }).include('main').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // A page visited before is still there offline.
      await page.goto(`/${urlLocal}/`);
      await expect(page).toHaveTitle(homeTitle);
      await expect(page.getByTestId('offline-page')).toHaveCount(0);

      // Back online, the same address shows the real page: nothing traps the shopper on the offline page.
      await context.setOffline(false);
      await page.goto(`/${urlLocal}/product-list/`);
      await expect(page.getByTestId('offline-page')).toHaveCount(0);
      await expect(page.locator('h1')).not.toHaveText(title);
    });
  }

  test('in the app webview, the worker of the app shell shows the app variant of the offline page', async ({
    page,
    context,
    baseURL,
  }) => {
    await preConsent(context);
    await page.goto('/id/app/cart/');
    const registration = await controlledBy(page);
    expect(registration.script).toBe(`${baseURL}/id/service-worker.js?shell=app`);
    await context.setOffline(true);
    await page.goto('/id/app/support/faq/');
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await expect(page.getByTestId('offline-page').getByRole('heading', { level: 1 })).toHaveText(
      catalogueString('id', 'page.offline.title'),
    );
    // No site header or footer inside the app.
    await expect(page.locator('store-widget[name="mega-menu"]')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await context.setOffline(false);
  });

  test('the cart count is never stale after going back online; the cart page is never answered from a cache', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto(`/id/product/${productInStock('id')}/`);
    await controlledBy(page);
    await mounted(page, 'add-to-cart');
    const added = page.waitForRequest(
      (r) =>
        /\/api\/id\/cart(\/add)?$/.test(new URL(r.url()).pathname) &&
        r.method() === 'POST' &&
        (r.postData() ?? '').includes('commodityId'),
    );
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    const commodityId = String(((await added).postDataJSON() as { commodityId: string | number }).commodityId);
    const badge = page.getByTestId('cart-count').locator('.cart-count__badge');
    await expect(badge).toHaveText('1');
    // The cart page and the home page are both visited online while the worker is in control.
    await page.goto('/id/cart/');
    await mounted(page, 'cart');
    await page.goto('/id/');
    await expect(badge).toHaveText('1');
    await page.waitForLoadState('networkidle');

    // The connection drops while the page is open, and meanwhile the cart changes elsewhere (another device of
    // the same shopper, through the same cart cookie).
    await context.setOffline(true);
    const other = await page.request.post('/api/id/cart/add', {
      data: { commodityId, quantity: 1 },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(other.ok(), await other.text()).toBe(true);
    // Back online, the open page shows the current count without a reload.
    await context.setOffline(false);
    await expect(badge).toHaveText('2', { timeout: 10_000 });

    // Offline, the cart is not shown from a cache (it was visited): the offline page says so instead.
    await context.setOffline(true);
    await page.goto('/id/cart/');
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await expect(page.getByTestId('cart')).toHaveCount(0);
    await page.goto('/id/');
    await expect(page.getByTestId('offline-page')).toHaveCount(0);

    // Online again, every page comes from the network, the cart included.
    await context.setOffline(false);
    await page.goto('/id/cart/');
    await mounted(page, 'cart');
    await expect(page.getByTestId('cart').locator('.cart__item input[type="number"]')).toHaveValue('2');
    await expect(badge).toHaveText('2');
  });

  test('no API answer and no private page is ever in a cache; the islands and the offline page are precached', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Offline tester');
    await page.goto(`/id/product/${productInStock('id')}/`);
    await controlledBy(page);
    await mounted(page, 'add-to-cart');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('cart-count').locator('.cart-count__badge')).toHaveText('1');
    // Signed-in pages whose islands read the shopper's own data, and static pages, all with API calls.
    for (const path of [
      '/id/cart/',
      '/id/checkout/',
      '/id/user/',
      '/id/user/address/',
      '/id/support/',
      '/id/search/?keyword=redmi',
    ]) {
      const apiCall = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/id/'));
      await page.goto(path);
      await apiCall;
    }
    await page.waitForLoadState('networkidle');
    const caches = await cachedUrls(page);
    const all = Object.values(caches)
      .flat()
      .map((url) => new URL(url));
    const paths = all.map((url) => url.pathname);
    expect(
      all.filter((url) => url.pathname.startsWith('/api/')),
      JSON.stringify(caches, null, 1),
    ).toEqual([]);
    for (const privatePath of ['/id/cart/', '/id/checkout/', '/id/user/', '/id/user/address/'])
      expect(paths).not.toContain(privatePath);
    expect(paths).toContain('/id/support/');
    expect(paths).toContain('/id/offline/');
    expect(paths.some((p) => /^\/_widgets\/runtime\.[0-9a-f]{8}\.js$/.test(p))).toBe(true);
    expect(paths.some((p) => /^\/_widgets\/mega-menu\.[0-9a-f]{8}\.js$/.test(p))).toBe(true);
    // Islands that only draw a shopper's own data are not precached: their pages are never answered offline.
    expect(paths.some((p) => /^\/_widgets\/checkout\.[0-9a-f]{8}\.js$/.test(p))).toBe(false);
  });

  test('a new build takes over open pages at once, without waiting for them to close', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/support/');
    await controlledBy(page);
    await page.evaluate(() => {
      (window as unknown as { controllerChanges: number }).controllerChanges = 0;
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => (window as unknown as { controllerChanges: number }).controllerChanges++,
      );
    });
    // A release with a new worker (any byte differs): a comment in the built worker, published as the server's
    // next release while the page is open, and taken out (and published) afterwards, so the worker behaves as
    // built throughout. Each run removes only its own comment, so parallel runs do not undo each other's release.
    const file = path.resolve('public/id/service-worker.js');
    const marker = `\n// release ${Date.now()}-${Math.random().toString(36).slice(2)}\n`;
    try {
      fs.appendFileSync(file, marker);
      // The build compresses the worker too; a release rewrites those siblings, so this one drops them.
      for (const sibling of [`${file}.br`, `${file}.gz`]) fs.rmSync(sibling, { force: true });
      await publishRelease();
      // The next update check (browsers make one on every navigation; the script is never taken from the HTTP cache).
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      await page.waitForFunction(
        () => (window as unknown as { controllerChanges: number }).controllerChanges > 0,
        undefined,
        { timeout: 20_000 },
      );
      await controlledBy(page);
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return {
          waiting: registration.waiting !== null,
          active: registration.active?.state,
          controlled: navigator.serviceWorker.controller?.state,
        };
      });
      expect(state).toEqual({ waiting: false, active: 'activated', controlled: 'activated' });
    } finally {
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(marker, ''));
      await publishRelease();
    }
    // The page is still served and its islands still mount under the new worker.
    await page.goto('/id/support/');
    await mounted(page, 'mega-menu');
  });

  test('the worker script is revalidated on every check and may not control more than its storefront', async ({
    request,
  }) => {
    const res = await request.get('/id/service-worker.js');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/javascript/);
    expect(res.headers()['cache-control']).toBe('no-cache');
    expect(res.headers()['service-worker-allowed']).toBe('/id/');
    const source = await res.text();
    // Workbox is bundled in (no script from a CDN) and the storefront's own config is filled in.
    expect(source).not.toMatch(
      /importScripts|storage\.googleapis|__STOREFRONT_SERVICE_WORKER_CONFIG__|self\.__WB_MANIFEST/,
    );
    expect(source).toContain('\\"url\\":\\"/id/offline/\\"');
    expect(source).toContain('\\"url\\":\\"/id/app/offline/\\"');
    const arabic = await request.get('/ae-ar/service-worker.js');
    expect(await arabic.text()).toContain('\\"scope\\":\\"/ae-ar/\\"');
  });
});
