import { expect, test } from '@playwright/test';
import { host, mounted, preConsent } from './helpers';

test.describe('search (suggestList)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the header search suggests products as a combobox and opens the chosen one', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/');
    const input = host(page, 'search').locator('input[type="search"]');
    await input.click();
    await mounted(page, 'search');
    // On a busy host a pause between keys can let a list for "red" or "redm" show first: wait for the last one.
    const lastList = page.waitForResponse(
      (res) => res.url().includes('/suggestList') && new URL(res.url()).searchParams.get('keyword') === 'redmi',
    );
    await input.pressSequentially('redmi', { delay: 30 });
    await lastList;
    const options = page.locator('[role="listbox"] [role="option"]');
    await expect(options.first()).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const href = await options.first().locator('a').getAttribute('href');
    await input.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
  });

  test('the search page shows live results for a typed keyword', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/search/?keyword=redmi');
    await mounted(page, 'search', page.locator(`store-widget[name="search"][props*='"mode":"page"']`));
    const results = page.getByTestId('search-results');
    await expect(results.locator('li').first()).toBeVisible();
    await expect(results.locator('li').first()).toContainText(/redmi/i);
  });
});
