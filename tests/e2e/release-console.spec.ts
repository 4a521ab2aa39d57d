import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mounted, preConsent, signUp } from './widgets/helpers';
import { E2E_RELEASE_MANAGER_EMAIL, E2E_RELEASE_MANAGER_PASSWORD } from './release-manager-password';
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from './staff-password';

const PRODUCTS = 'content/snapshots/catalogue/products.json';
const CONSOLE = '/de/releases/console/';

interface Envelope<T> {
  data: T;
  errno: number;
}

async function signIn(browser: Browser, email: string, password: string, next = CONSOLE): Promise<Page> {
  const context = await browser.newContext();
  await preConsent(context);
  const page = await context.newPage();
  await page.goto(`/api/de/site/login?redirectUrl=${encodeURIComponent(next)}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === next);
  return page;
}

const api = async <T>(page: Page, path: string): Promise<T> =>
  ((await (await page.request.get(`/api/de/releases${path}`)).json()) as Envelope<T>).data;

test.describe('the release console', () => {
  let original: string | undefined;
  test.afterAll(() => {
    if (original !== undefined) fs.writeFileSync(PRODUCTS, original);
  });

  test("a release manager sees de's pending price change, rebuilds de with progress, publishes and rolls back", async ({
    browser,
  }) => {
    test.setTimeout(8 * 60_000);
    const page = await signIn(browser, E2E_RELEASE_MANAGER_EMAIL, E2E_RELEASE_MANAGER_PASSWORD);
    await mounted(page, 'release-console');
    const row = page.getByTestId('release-row-de');
    await expect(row).toBeVisible();
    // The first look records what the served de was built from; then a price changes in the catalogue.
    expect((await api<{ known: boolean }>(page, '/diff?local=de')).known).toBe(true);
    const served = (
      await api<{ storefronts: { local: string; release_id: string }[] }>(page, '/status')
    ).storefronts.find((s) => s.local === 'de')!.release_id;
    original = fs.readFileSync(PRODUCTS, 'utf8');
    const catalogue = JSON.parse(original) as {
      products: {
        name: string;
        commodities: { offers: Record<string, { salePrice: number; marketPrice: number }> }[];
      }[];
    };
    const product = catalogue.products.find((p) => p.commodities[0]?.offers['de'])!;
    const offer = product.commodities[0]!.offers['de']!;
    offer.salePrice = Math.round((offer.salePrice - 10) * 100) / 100;
    fs.writeFileSync(PRODUCTS, `${JSON.stringify(catalogue, null, 2)}\n`);

    await row.getByTestId('release-diff-de').click();
    const diff = row.getByTestId('release-diff');
    await expect(diff).toContainText(product.name);
    await expect(diff).toContainText('→');

    await row.getByRole('checkbox').check();
    await page.getByTestId('release-note').fill('e2e: spring price for de');
    const started = Date.now();
    await page.getByTestId('release-rebuild').click();
    const panel = page.getByTestId('release-build');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('release-progress')).toBeVisible();
    await expect(panel.getByTestId('release-log')).toContainText('build #', { timeout: 30_000 });
    await expect
      .poll(async () => (await api<{ builds: { state: string }[] }>(page, '/builds?limit=1')).builds[0]?.state, {
        timeout: 6 * 60_000,
        intervals: [2000],
      })
      .toBe('published');
    console.log(`de rebuilt and published through the console in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await expect(panel.getByTestId('release-log')).toContainText('published as');
    const after = (
      await api<{ storefronts: { local: string; release_id: string; note: string }[] }>(page, '/status')
    ).storefronts.find((s) => s.local === 'de')!;
    expect(after.release_id).not.toBe(served);
    expect(after.note).toBe('e2e: spring price for de');
    expect((await api<{ diff: { same: boolean } }>(page, '/diff?local=de')).diff.same).toBe(true);

    // Roll de back to the release it served before, in one step.
    await page.reload();
    await mounted(page, 'release-console');
    await page.getByTestId('release-note').fill('e2e: back to the old price');
    await page.getByTestId('release-row-de').getByTestId('release-rollback-de').click();
    await expect
      .poll(
        async () =>
          (await api<{ storefronts: { local: string; release_id: string }[] }>(page, '/status')).storefronts.find(
            (s) => s.local === 'de',
          )!.release_id,
      )
      .toBe(served);
    const history = await api<{ events: { action: string; note: string }[] }>(page, '/history?local=de&limit=3');
    expect(history.events.map((e) => [e.action, e.note])).toEqual([
      ['rollback', 'e2e: back to the old price'],
      ['publish', 'e2e: spring price for de'],
      ['build', 'e2e: spring price for de'],
    ]);
  });

  test('a shopper and a support agent cannot open the console', async ({ browser }) => {
    const shopperContext = await browser.newContext();
    await preConsent(shopperContext);
    const shopper = await shopperContext.newPage();
    await shopper.goto('/de/');
    await signUp(shopper, 'de', 'Shopper');
    await shopper.goto(CONSOLE);
    await expect(shopper.getByTestId('release-console-refused')).toBeVisible();
    await expect(shopper.getByTestId('release-console')).toHaveCount(0);

    const staff = await signIn(browser, E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD);
    await expect(staff.getByTestId('release-console-refused')).toBeVisible();
    await expect(staff.getByTestId('release-console')).toHaveCount(0);
  });
});
