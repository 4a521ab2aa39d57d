import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { mounted } from './helpers';

/** Every request of the context to the analytics collector or for the tracker's code, as they happen. */
function watchAnalytics(context: BrowserContext): { collector: string[]; tracker: string[] } {
  const seen = { collector: [] as string[], tracker: [] as string[] };
  context.on('request', (request) => {
    const url = request.url();
    if (url.includes('/analytics/collect')) seen.collector.push(url);
    if (/\/analytics[.-][^/]*\.js/.test(url)) seen.tracker.push(url);
  });
  return seen;
}

/** A visit that would send every kind of event: pages, a search, a click on tracked elements, then the tab hides. */
async function browseAndLeave(page: Page): Promise<void> {
  await page.goto('/id/search/?keyword=redmi');
  await mounted(page, 'search', page.locator(`store-widget[name="search"][props*='"mode":"page"']`));
  await expect(page.getByTestId('search-results')).toBeVisible();
  await page.locator('[data-track]').first().hover();
  await page.mouse.wheel(0, 800);
  // Long enough for the load, the idle period, exposures and the 5-second batch timer.
  await page.waitForTimeout(7000);
  await page.goto('/id/');
  await page.waitForTimeout(3000);
  await page.close({ runBeforeUnload: true });
}

test.describe('analytics and consent', () => {
  test('a shopper who declines sends nothing to the collector, and later pages never load the tracker', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const seen = watchAnalytics(context);
    const page = await context.newPage();
    await page.goto('/id/');
    await mounted(page, 'consent');
    await page.getByTestId('consent-reject').click();
    await expect(page.getByTestId('consent-banner')).toBeHidden();
    // At the low level the tracker may have come before the answer (everything is allowed until one chooses), but
    // it holds its batches while the banner asks; once declined, no page fetches it again.
    seen.tracker.length = 0;
    await browseAndLeave(page);
    expect(seen.collector).toEqual([]);
    expect(seen.tracker).toEqual([]);
    await context.close();
  });

  test('at the high level (de) nothing is sent before the shopper chooses, nor after a withdrawal', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const seen = watchAnalytics(context);
    const page = await context.newPage();
    await page.goto('/de/');
    await mounted(page, 'consent');
    await page.waitForTimeout(6000);
    expect(seen.collector).toEqual([]);
    expect(seen.tracker).toEqual([]);

    // Accepting starts the tracker: the page view goes out (at the latest when the tab hides).
    await page.getByTestId('consent-accept').click();
    await expect.poll(() => seen.tracker.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.goto('/de/search/?keyword=redmi');
    await expect.poll(() => seen.collector.length, { timeout: 15_000 }).toBeGreaterThan(0);

    // Withdrawn (the stored choice becomes "required only"): from then on no batch leaves the store.
    await mounted(page, 'consent');
    await context.addCookies([{ name: 'cookie_preference', value: encodeURIComponent('0:'), url: 'http://127.0.0.1' }]);
    await page.reload();
    await mounted(page, 'consent');
    const before = seen.collector.length;
    await page.locator('[data-track]').first().hover();
    await page.waitForTimeout(7000);
    await page.close({ runBeforeUnload: true });
    expect(seen.collector.length).toBe(before);
    await context.close();
  });

  test('a consenting shopper is counted: the collector keeps the page view of the visit', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addCookies([
      { name: 'cookie_preference', value: encodeURIComponent('0,1,2,3:'), url: 'http://127.0.0.1' },
    ]);
    const page = await context.newPage();
    const answers: number[] = [];
    // A beacon sent as a page is left belongs to that page: listen on the context.
    context.on('response', async (response) => {
      if (!response.url().includes('/analytics/collect')) return;
      const body = (await response.json().catch(() => null)) as { errno: number } | null;
      answers.push(body?.errno ?? -1);
    });
    await page.goto('/id/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(3000);
    // Leaving the page flushes its batch by beacon; the next page's own view follows.
    await page.goto('/id/search/?keyword=redmi');
    await page.waitForTimeout(7000);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((errno) => errno === 0)).toBe(true);
    await context.close();
  });
});
