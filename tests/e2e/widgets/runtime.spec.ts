import { expect, test } from '@playwright/test';
import { COMPILE_HINT, ISLAND_CHUNK } from '../../../widgets/build/compile-hint';
import { host, mounted, preConsent } from './helpers';

test.describe('islands runtime', () => {
  test('a failing widget keeps its fallback, fires widget:error, is reported, and breaks nothing else', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.addInitScript(() => {
      (window as unknown as { widgetErrors: string[] }).widgetErrors = [];
      document.addEventListener('widget:error', (e) =>
        (window as unknown as { widgetErrors: string[] }).widgetErrors.push(
          (e as CustomEvent<{ name: string }>).detail.name,
        ),
      );
    });
    await page.route('**/_widgets/cart-count.*.js', (route) => route.abort());
    const report = page.waitForRequest((r) => r.url().endsWith('/api/id/error/errsave') && r.method() === 'POST');
    await page.goto('/id/');
    const cart = host(page, 'cart-count');
    await expect(cart).toHaveAttribute('data-state', 'error', { timeout: 10_000 });
    // The server fallback (a link to the cart) is still there and works.
    await expect(cart.locator('a[href*="cart"]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { widgetErrors: string[] }).widgetErrors)).toContain(
      'cart-count',
    );
    expect((await report).postData() ?? '').toContain('cart-count');
    // Other islands mount as usual.
    await mounted(page, 'header-user');
    await mounted(page, 'mega-menu');
  });

  test('a page loads only the islands it holds, and the runtime once', async ({ page, context }) => {
    await preConsent(context);
    const chunks: string[] = [];
    page.on('request', (r) => {
      const m = /\/_widgets\/([a-z-]+)\.[0-9a-f]{8}\.js$/.exec(r.url());
      if (m?.[1]) chunks.push(m[1]);
    });
    await page.goto('/id/');
    await mounted(page, 'header-user');
    await page.waitForLoadState('networkidle');
    expect(chunks.filter((c) => c === 'runtime')).toHaveLength(1);
    for (const absent of ['add-to-cart', 'cart', 'checkout', 'user-area']) expect(chunks).not.toContain(absent);
    const names = await page.locator('store-widget').evaluateAll((els) => els.map((e) => e.getAttribute('name')));
    // Shared chunks that are no island: the runtime, Preact, toasts, the utm cookie, the chat panel, and with
    // consent the analytics tracker and its channel classifier.
    const shared = ['runtime', 'preact', 'toast', 'tracking', 'store-chat-panel', 'analytics', 'traffic'];
    for (const c of chunks.filter((c) => !shared.includes(c))) {
      expect(names).toContain(c);
    }
  });

  test('every island chunk a page loads asks V8 to compile it while it streams; the service worker does not', async ({
    page,
    context,
    request,
  }) => {
    await preConsent(context);
    const chunks: string[] = [];
    page.on('response', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/_widgets/') && ISLAND_CHUNK.test(pathname.slice('/_widgets/'.length)))
        chunks.push(r.url());
    });
    await page.goto('/de/');
    await mounted(page, 'header-user');
    await page.waitForLoadState('networkidle');
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const url of chunks) expect((await (await request.get(url)).text()).split('\n', 1)[0], url).toBe(COMPILE_HINT);
    expect((await (await request.get('/de/service-worker.js')).text()).startsWith(COMPILE_HINT)).toBe(false);
  });
});
