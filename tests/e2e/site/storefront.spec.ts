import { expect, test, type Page } from '@playwright/test';
import { articleTitle, faqArticleId, offeredProduct } from './fixtures';

async function headOf(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    hreflang: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
      l.getAttribute('hreflang'),
      l.getAttribute('href'),
    ]),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>,
    ),
    gatsbyScripts: [...document.querySelectorAll('script[src]')]
      .map((s) => s.getAttribute('src') ?? '')
      .filter((src) => !src.startsWith('/_widgets/')),
  }));
}

test.describe('static storefront pages', () => {
  test('Indonesian home: language, canonical, shell, no framework JavaScript', async ({ page }) => {
    const response = await page.goto('/id/');
    expect(response?.status()).toBe(200);
    const head = await headOf(page);
    expect(head.lang).toBe('id-ID');
    expect(head.dir).toBe('ltr');
    expect(head.canonical).toMatch(/\/id\/$/);
    // hreflang clusters span all storefronts and live in the sitemaps (seo.spec.ts), not in every page.
    expect(head.hreflang).toEqual([]);
    expect(head.jsonLd.some((j) => j['@type'] === 'Organization')).toBe(true);
    expect(head.gatsbyScripts).toEqual([]);
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer').first()).toContainText(`2010 - ${new Date().getFullYear()}`);
    await expect(page.locator('main h1')).toHaveCount(1);
  });

  test('Arabic storefront is right-to-left', async ({ page }) => {
    await page.goto('/ae-ar/');
    const head = await headOf(page);
    expect(head.lang).toBe('ar-AE');
    expect(head.dir).toBe('rtl');
  });

  test('product list shows cards with local prices and links to product pages', async ({ page }) => {
    const { product, price } = offeredProduct('id');
    await page.goto('/id/product-list/phones/');
    const link = page.locator(`main a[href="/id/product/${product.id}/"]`).first();
    await expect(link).toBeVisible();
    await expect(page.locator('main')).toContainText(price);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/id/product/${product.id}/$`));
  });

  test('product page: name, local price, Product JSON-LD with an Offer in IDR', async ({ page }) => {
    const { product, price, currency } = offeredProduct('id');
    await page.goto(`/id/product/${product.id}/`);
    await expect(page.locator('main h1')).toContainText(product.name);
    await expect(page.locator('main')).toContainText(price);
    const head = await headOf(page);
    const productLd = head.jsonLd.find((j) => j['@type'] === 'Product') as
      | { offers?: { priceCurrency: string }[] }
      | undefined;
    expect(productLd?.offers?.[0]?.priceCurrency).toBe(currency);
    expect(head.jsonLd.some((j) => j['@type'] === 'BreadcrumbList')).toBe(true);
    expect(head.canonical).toMatch(new RegExp(`/id/product/${product.id}/$`));
    await expect(page.locator('store-widget[name="add-to-cart"]')).toHaveCount(1);
  });

  test('German product page formats euros the German way', async ({ page }) => {
    const { product, price } = offeredProduct('de');
    await page.goto(`/de/product/${product.id}/`);
    expect(price).toMatch(/€/);
    await expect(page.locator('main')).toContainText(price);
    expect((await headOf(page)).lang).toBe('de-DE');
  });

  test("German phone page: the EU labels, on the page and in the menu's cards, are worded in German", async ({
    page,
  }) => {
    await page.goto('/de/product/xiaomi-15t/');
    const labels = page.locator('#product-labels').locator('..');
    await expect(labels).toContainText('EU-Energielabel');
    await expect(labels).toContainText('Produktdatenblatt');
    await expect(labels).toContainText(/Reparierbarkeitsklasse [A-E]/);
    await expect(
      labels
        .getByRole('img', { name: /^Reparierbarkeitsklasse [A-E]$/ })
        .or(labels.getByRole('link', { name: /^Reparierbarkeitsklasse [A-E]$/ }))
        .first(),
    ).toBeVisible();
    const english = await page.evaluate(
      () =>
        (document.body.innerHTML.match(/EU energy label|Product information sheet|Repairability class/g) ?? []).length,
    );
    expect(english, 'English label texts anywhere in the page, the header menu included').toBe(0);
  });

  test('support article and FAQ pages', async ({ page }) => {
    const articleId = faqArticleId();
    await page.goto(`/id/support/article/${articleId}/`);
    await expect(page.locator('main h1')).toHaveText(articleTitle(articleId, 'id'));
    await page.goto('/id/support/faq/');
    const head = await headOf(page);
    expect(head.jsonLd.some((j) => j['@type'] === 'FAQPage')).toBe(true);
    await expect(page.locator('main details').first()).toBeVisible();
  });

  test('cart page says what it is, holds the cart island and is kept out of search engines', async ({ page }) => {
    await page.goto('/kr/cart/');
    await expect(page.locator('main h1')).not.toBeEmpty();
    await expect(page.locator('store-widget[name="cart"]')).toHaveCount(1);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
  });

  test('native-app variant has no site header or footer', async ({ page }) => {
    await page.goto('/id/app/cart/');
    await expect(page.locator('store-widget[name="cart"]')).toHaveCount(1);
    await expect(page.locator('footer')).toHaveCount(0);
  });

  test('every link of the Indonesian home page into its storefront resolves', async ({ page, request }) => {
    await page.goto('/id/');
    // Only id, de, ae-ar and kr are built for the tests, so links to other storefronts are not followed.
    const hrefs = await page
      .locator('a[href^="/id/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
    expect(hrefs.length).toBeGreaterThan(10);
    const broken: string[] = [];
    for (const href of hrefs.filter((h) => !h.startsWith('/api/'))) {
      const response = await request.get(href, { maxRedirects: 0 });
      if (response.status() !== 200) broken.push(`${href} → ${response.status()}`);
    }
    expect(broken).toEqual([]);
  });

  test('unknown paths get the storefront 404 page', async ({ page }) => {
    const response = await page.goto('/id/no-such-page/');
    expect(response?.status()).toBe(404);
    expect((await headOf(page)).lang).toBe('id-ID');
  });

  test('sitemaps and robots.txt', async ({ request }) => {
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index).toContain('/id/sitemap.xml');
    const idMap = await (await request.get('/id/sitemap.xml')).text();
    expect(idMap).toMatch(/<loc>[^<]*\/id\/product\/[^<]+<\/loc>/);
    expect(idMap).not.toContain('/id/cart/');
    expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: /);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the product page is complete', async ({ page }) => {
    const { product, price } = offeredProduct('id');
    await page.goto(`/id/product/${product.id}/`);
    await expect(page.locator('main h1')).toContainText(product.name);
    await expect(page.locator('main')).toContainText(price);
  });
});
