import { expect, test, type Browser, type Page } from '@playwright/test';
import { jakarta, saveAddress } from './after-sale-helpers';
import { mounted, ownAddress, payByCard, preConsent, productInStock, signUp } from './helpers';
import { E2E_RELEASE_MANAGER_EMAIL, E2E_RELEASE_MANAGER_PASSWORD } from '../release-manager-password';

const CONSOLE = '/de/releases/console/';

/** The release manager in a browser of their own, on the release dashboard. */
async function releaseConsole(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await preConsent(context);
  const page = await context.newPage();
  await page.goto(`/api/de/site/login?redirectUrl=${encodeURIComponent(CONSOLE)}`);
  await page.locator('input[name="email"]').fill(E2E_RELEASE_MANAGER_EMAIL);
  await page.locator('input[name="password"]').fill(E2E_RELEASE_MANAGER_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === CONSOLE);
  await mounted(page, 'release-console');
  return page;
}

/** The cells of a breakdown table's row whose heading is `key`, by column position (visits, cart, checkout, paid). */
async function breakdownRow(page: Page, table: string, key: string): Promise<string[]> {
  const row = page
    .getByTestId(table)
    .locator('tbody tr')
    .filter({ has: page.locator('th', { hasText: key }) });
  await expect(row).toHaveCount(1);
  return row.locator('td').allInnerTexts();
}

test.describe('analytics: a visit in the dashboard', () => {
  test("a consenting shopper's campaign visit, search, cart, checkout and purchase appear in /id's funnel", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const campaign = `e2e-funnel-${Date.now().toString(36)}`;
    const context = await browser.newContext();
    await preConsent(context);
    const setup = await context.newPage();
    await signUp(setup, 'id', 'Penganalisis');
    await saveAddress(setup, 'id', ownAddress(jakarta()));
    await setup.close();

    // A new tab is a new visit: it lands from a paid search ad of the campaign.
    const page = await context.newPage();
    await page.goto(`/id/?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}`);
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    await page.goto('/id/search/?keyword=redmi');
    await mounted(page, 'search', page.locator(`store-widget[name="search"][props*='"mode":"page"']`));
    await expect(page.getByTestId('search-results')).toBeVisible();
    // A search that finds nothing (the dashboard's unit tests check how such searches are listed).
    const nothing = `qzxv${Date.now().toString(36)}`;
    await page.goto(`/id/search/?keyword=${nothing}`);
    await mounted(page, 'search', page.locator(`store-widget[name="search"][props*='"mode":"page"']`));
    await expect(page.locator('.search-live__none')).toBeVisible();
    await page.goto(`/id/product/${productInStock('id')}/`);
    await mounted(page, 'add-to-cart');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
    await page.goto('/id/cart/');
    await mounted(page, 'cart');
    await page.goto('/id/checkout/');
    await mounted(page, 'checkout');
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-place').click();
    await payByCard(page, 'Analis Data');
    expect(await page.getByTestId('result-order-id').textContent()).toBeTruthy();
    // Leaving the result page sends its last batch (the purchase) by beacon.
    await page.waitForTimeout(2500);
    await page.close({ runBeforeUnload: true });
    await context.close();

    const dashboard = await releaseConsole(browser);
    const panel = dashboard.getByTestId('analytics-panel');
    await panel.scrollIntoViewIfNeeded();
    await dashboard.getByTestId('analytics-storefront').selectOption('id');
    // The collector may still be storing the last beacons: ask again until the campaign's row has the paid visit. The
    // shopper never waits for a tracker: pages left before theirs came hand their events on.
    await expect
      .poll(
        async () => {
          await dashboard.getByTestId('analytics-show').click();
          await expect(dashboard.getByTestId('analytics-results')).toHaveAttribute('aria-busy', 'false');
          const row = dashboard.getByTestId('analytics-byCampaign').locator('tbody tr', { hasText: campaign });
          const steps =
            (await row.count()) === 1 ? (await row.locator('td').allInnerTexts()).slice(0, 4).join('|') : '';
          return steps;
        },
        { timeout: 30_000, intervals: [1000, 2000, 3000] },
      )
      .toBe('1|1|1|1');
    // The campaign came from a paid search ad.
    const [visits] = await breakdownRow(dashboard, 'analytics-byCampaign', campaign);
    expect(visits).toBe('1');
    await expect(dashboard.getByTestId('analytics-funnel')).toBeVisible();
    await expect(dashboard.getByTestId('analytics-empty-searches')).toBeVisible();
    await expect(dashboard.getByTestId('analytics-byChannel')).toContainText('Paid Search');
  });
});
