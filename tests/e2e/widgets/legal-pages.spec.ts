import { cookieRegister } from '../../../widgets/consent-gate/cookie-register';
import { expect, test, type Page } from '@playwright/test';
import { mounted, preConsent, productInStock, signUp, staffConsole } from './helpers';
import { jakarta, json } from './after-sale-helpers';

/** A legal page shows its title, effective date and version, a contents list with one entry per section. */
async function expectDocument(page: Page, path: string, title: string, effective: string, lang: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const article = page.locator('article.legal');
  // The storefront's own translation: no notice, no lang of its own.
  await expect(page.getByTestId('legal-notice')).toHaveCount(0);
  await expect(article).not.toHaveAttribute('lang', /./);
  await expect(article.locator('h1')).toHaveText(title);
  await expect(page.getByTestId('legal-effective')).toHaveText(effective);
  await expect(page.getByTestId('legal-effective').locator('time')).toHaveAttribute('datetime', '2026-12-01');
  const sections = article.locator('section[id]');
  const entries = article.locator('nav.legal__contents li a');
  expect(await sections.count()).toBeGreaterThanOrEqual(5);
  await expect(entries).toHaveCount(await sections.count());
  // Each entry jumps to its section's heading.
  const first = await sections.first().getAttribute('id');
  await expect(entries.first()).toHaveAttribute('href', `#${first}`);
  return article;
}

test.describe('legal pages', () => {
  test('de: terms of sale and privacy policy in German, with the country’s facts', async ({ page }) => {
    const terms = await expectDocument(
      page,
      '/de/support/terms/terms-of-sale/',
      'Verkaufsbedingungen',
      'Gültig ab 1. Dezember 2026 · Version 1.0',
      'de-DE',
    );
    await expect(terms.locator('#withdrawal')).toContainText('innerhalb von 14 Tagen nach der Lieferung');
    await expect(terms.locator('#seller')).toContainText('Mi Store Europe B.V.');
    const privacy = await expectDocument(
      page,
      '/de/support/policy/privacy-policy/',
      'Datenschutzerklärung',
      'Gültig ab 1. Dezember 2026 · Version 1.0',
      'de-DE',
    );
    await expect(privacy.locator('#rights h2')).toHaveText('Ihre Rechte und wie Sie sie ausüben');
    await expect(privacy.locator('#rights a[href="/de/user/"]')).toBeVisible();
    await expect(privacy.locator('#rights a[href="https://www.bfdi.bund.de"]')).toBeVisible();
    // The cookie policy's table lists the store's cookies.
    await page.goto('/de/support/policy/cookie-policy/');
    const table = page.getByTestId('legal-cookie-table');
    // One row per cookie the store sets: the table is generated from the consent gate's register.
    await expect(table.locator('tbody tr')).toHaveCount(cookieRegister().length);
    await expect(table.locator('tr', { hasText: 'serviceToken' })).toContainText('Erforderlich');
  });

  test('id: terms of sale and privacy policy in Indonesian', async ({ page }) => {
    const terms = await expectDocument(
      page,
      '/id/support/terms/terms-of-sale/',
      'Ketentuan penjualan',
      'Berlaku sejak 1 Desember 2026 · versi 1.0',
      'id-ID',
    );
    await expect(terms.locator('#seller')).toContainText('PT Mi Store Indonesia');
    // Not an EU country: the EU withdrawal paragraph is left out.
    await expect(terms.locator('#withdrawal p')).toHaveCount(1);
    const privacy = await expectDocument(
      page,
      '/id/support/policy/privacy-policy/',
      'Kebijakan privasi',
      'Berlaku sejak 1 Desember 2026 · versi 1.0',
      'id-ID',
    );
    await expect(privacy.locator('#retention')).toContainText('10 tahun');
    await expect(privacy.locator('#rights')).toContainText('Kementerian Komunikasi dan Digital');
  });

  test('id: checkout links both documents and the order records their versions', async ({ page, context, browser }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Legal');
    await page.goto(`/id/product/${productInStock('id')}/`);
    await mounted(page, 'add-to-cart');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
    const saved = await page.request.post('/api/id/address/save', {
      data: jakarta(),
      headers: json,
    });
    expect(((await saved.json()) as { errno: number }).errno).toBe(0);

    await page.goto('/id/checkout/');
    await mounted(page, 'checkout');
    await expect(page.getByTestId('checkout-terms-link')).toHaveAttribute('href', '/id/support/terms/terms-of-sale/');
    await expect(page.getByTestId('checkout-terms-link')).toHaveText('ketentuan penjualan');
    await expect(page.getByTestId('checkout-privacy-link')).toHaveAttribute(
      'href',
      '/id/support/policy/privacy-policy/',
    );
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-place').click();
    await page.waitForURL((url) => url.pathname === '/id/buy/card-payment/');
    const orderId = new URL(page.url()).searchParams.get('orderId');
    expect(orderId).toMatch(/^\d+$/);
    const detail = await page.request.get(`/api/id/order/detail?orderId=${orderId}`, { headers: json });
    const body = (await detail.json()) as { data: { legal: Record<string, string> } };
    expect(body.data.legal).toMatchObject({
      terms_version: '1.0',
      terms_language: 'id',
      privacy_version: '1.0',
      privacy_language: 'id',
    });
    // Staff see them beside the order in the console's payments pane.
    const staff = await staffConsole(browser, 'chats');
    await staff.getByRole('tab', { name: 'Pembayaran', exact: true }).click();
    const pane = staff.getByTestId('staff-payments');
    await pane.getByLabel('Nomor pesanan').fill(orderId!);
    await pane.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect(pane.getByTestId('staff-order-legal')).toContainText('ketentuan penjualan versi 1.0 (id)');
  });
});
