/**
 * Pages that do what they say: run-time product and support search for keys no page was built for,
 * "no results" for nonsense, the comparison kept in the URL, the store finder and the spare-part prices.
 */
import { expect, test } from '@playwright/test';
import { mounted, preConsent } from './helpers';

test.describe('search and pages that do what they say (/id)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.beforeEach(async ({ context }) => preConsent(context));

  test('product search for a key not built in advance shows real matches, highlighted; typos still match', async ({
    page,
  }) => {
    await page.goto('/id/search/robot%20vacum/');
    await mounted(page, 'search', page.locator(`store-widget[name="search"][props*='"mode":"page"']`));
    await expect(page.locator('h1')).toContainText('robot vacum');
    const products = page.getByTestId('search-results-product');
    await expect(products.locator('li').first()).toBeVisible();
    const names = await products.locator('li h3').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    // Only robot vacuums, not the whole catalogue (the static /search/ page lists every product).
    for (const name of names) expect(name).toMatch(/Robot Vacuum/i);
    await expect(products.locator('li h3 mark').first()).toHaveText(/robot/i);
    // The store and help-centre groups (id searches all three types) are there too when they match.
    await page.goto('/id/search/jakarta/');
    await expect(page.getByTestId('search-results-store').locator('li').first()).toContainText('Jakarta');
  });

  test('a nonsense key says no results were found, and a key with markup stays text', async ({ page }) => {
    await page.goto('/id/search/qqxyzzy-wobble/');
    await mounted(page, 'search', page.locator(`store-widget[name="search"][props*='"mode":"page"']`));
    await expect(page.getByRole('status').filter({ hasText: 'qqxyzzy-wobble' })).toBeVisible();
    await expect(page.locator('[data-search-results]')).toHaveCount(0);
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await page.goto(`/id/search/${encodeURIComponent('<img src=x onerror=alert(1)>')}/`);
    await expect(page.locator('h1')).toContainText('<img src=x onerror=alert(1)>');
    await expect(page.getByRole('status').filter({ hasText: '<img src=x onerror=alert(1)>' })).toBeVisible();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await page.goto(`/id/search/${encodeURIComponent('<b>redmi</b>')}/`);
    await expect(page.getByTestId('search-results-product').locator('li').first()).toBeVisible();
    await expect(page.locator('h1')).toContainText('<b>redmi</b>');
    expect(await page.locator('h1 b, .search-live b').count()).toBe(0);
    await expect(page.getByTestId('search-results-product').locator('li h3 mark').first()).toHaveText('Redmi');
    expect(dialogs).toBe(0);
  });

  test('a search from the search page goes to /search/{key}/ with live results', async ({ page }) => {
    await page.goto('/id/search/');
    await mounted(page, 'search', page.locator(`store-widget[name="search"][props*='"mode":"page"']`));
    const input = page.locator('#search-page-input');
    await input.fill('powerbank 20000');
    await input.press('Enter');
    await page.waitForURL(/\/id\/search\/powerbank%2020000\/$/);
    const first = page.getByTestId('search-results-product').locator('li h3').first();
    await expect(first).toContainText(/Power Bank 20000/i);
  });

  test('support search for a key not built in advance lists only matching articles, or says none matched', async ({
    page,
  }) => {
    await page.goto('/id/support/search/baterai/');
    await mounted(page, 'search', page.locator(`store-widget[name="search"][props*='"mode":"support"']`));
    const support = page.getByTestId('search-results-support');
    await expect(support.locator('li').first()).toBeVisible();
    const titles = await support.locator('li h3').allTextContents();
    // Twelve articles and many FAQ exist; the battery ones are few.
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThan(8);
    await expect(support.locator('mark').first()).toHaveText(/baterai/i);
    await support.locator('li h3 a').first().click();
    await expect(page).toHaveURL(/\/id\/support\/(article|faq\/details)\/\d+\/$/);

    await page.goto('/id/support/search/zzqqxv/');
    await expect(page.getByRole('status').filter({ hasText: 'zzqqxv' })).toBeVisible();
    await expect(page.getByTestId('search-results-support')).toHaveCount(0);
  });

  test('compare: the shopper picks phones, the choice is kept in the URL and survives a reload', async ({ page }) => {
    await page.goto('/id/compare/');
    const widget = await mounted(page, 'compare');
    await widget.getByRole('combobox').selectOption('phones');
    const boxes = widget.getByRole('checkbox');
    const first = await boxes.nth(0).getAttribute('value');
    const second = await boxes.nth(2).getAttribute('value');
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    await expect(page).toHaveURL(new RegExp(`/id/compare/\\?ids=${first},${second}$`));
    const table = page.getByTestId('compare-table');
    await expect(table.locator('thead th')).toHaveCount(2);
    await expect(table.locator(`thead th[data-product-id="${first}"]`)).toBeVisible();
    await expect(table).toContainText('Rp');

    await page.reload();
    await mounted(page, 'compare');
    await expect(page.getByTestId('compare-table').locator('thead th')).toHaveCount(2);
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(2);

    // Another category starts a new choice; a shared link shows its products.
    await page.getByRole('combobox').selectOption('tablets');
    await expect(page).toHaveURL(/\/id\/compare\/$/);
    const tablets = page.getByRole('checkbox');
    const a = await tablets.nth(0).getAttribute('value');
    const b = await tablets.nth(1).getAttribute('value');
    await page.goto(`/id/compare/?ids=${a},${b}`);
    await expect(page.getByTestId('compare-table').locator('thead th')).toHaveCount(2);
    await expect(page.getByTestId('compare-table').locator(`thead th[data-product-id="${b}"]`)).toBeVisible();
  });

  test('the store finder lists stores with address, hours and a map link, filters them, and opens one store', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/id/store/xiaomi-store/detail/');
    const finder = await mounted(page, 'search', page.locator(`store-widget[name="search"][props*='"mode":"stores"']`));
    const stores = finder.locator('article.store');
    expect(await stores.count()).toBeGreaterThan(3);
    await expect(stores.first().locator('address')).toContainText('Jakarta');
    await expect(stores.first().locator('.store__hours tr')).toHaveCount(7);
    await expect(stores.first().getByRole('link', { name: 'Buka di peta' })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=-6\./,
    );
    await finder.getByRole('searchbox').fill('surabaya');
    await expect(finder.locator('li:visible article.store')).toHaveCount(1);
    await expect(finder.locator('li:visible article.store h3')).toContainText('Tunjungan');
    await finder.locator('li:visible article.store h3 a').click();
    await expect(page).toHaveURL(/\/id\/store\/xiaomi-store\/detail\/62003\/$/);
    await expect(page.locator('h1')).toHaveText('Xiaomi Store Tunjungan Plaza');
    await expect(page.locator('main address')).toContainText('Surabaya');
    // A store id that does not exist says so above the whole list.
    await page.goto('/id/store/xiaomi-store/detail/999999/');
    await expect(page.locator('.stores__not-found')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('spare-part prices: choosing a model shows its parts in rupiah and keeps the model in the URL', async ({
    page,
  }) => {
    await page.goto('/id/support/spare-parts-price/');
    const widget = await mounted(page, 'spare-parts');
    const select = widget.getByRole('combobox');
    const options = await select
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
    expect(options.length).toBeGreaterThan(5);
    const model = options[1]!;
    await select.selectOption(model);
    await expect(page).toHaveURL(new RegExp(`\\?model=${model}$`));
    await expect(widget.locator('section[data-model]:visible')).toHaveCount(1);
    const section = widget.locator(`section[data-model="${model}"]`);
    await expect(section.getByRole('row', { name: /Baterai/ })).toContainText('Rp');
    await page.reload();
    await expect(page.locator('section[data-model]:visible')).toHaveCount(1);
  });
});
