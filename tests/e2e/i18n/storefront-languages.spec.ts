import { expect, test, type Page } from '@playwright/test';
import { englishCounter, vocabulary } from '../../../content/i18n/english-words';
import { auditPageLanguage } from '../../../plugins/storefront-pages/seo-audit/language';
import { storefronts } from '../../../region-config';
import { visibleTexts } from '../visible-texts';
import { mailLink, mounted, productInStock } from '../widgets/helpers';

/**
 * A shopper of each of these storefronts reads its pages in the storefront's language from the home page to the
 * checkout, sign-up included: no English text, no more English words than a unit or partner's name here and there
 * (the same rule as the built-page check, seo-audit/language.ts, here after the islands have drawn).
 */
const codes = ['kr', 'jp', 'th', 'pl', 'ru', 'ae-ar'];

async function expectOwnLanguage(page: Page, code: string, where: string): Promise<void> {
  const storefront = storefronts.find((s) => s.urlLocal === code)!;
  const text = await visibleTexts(page);
  expect(text.lang, `${where}: <html lang>`).toBe(storefront.lang);
  const problems = auditPageLanguage(
    page.url(),
    text,
    storefront.lang,
    englishCounter(vocabulary(storefront.lang)),
    false,
  );
  expect(problems.map((p) => `${where}: ${p.detail}`)).toEqual([]);
}

for (const code of codes) {
  test(`${code}: home, product, sign-up, cart and checkout read in the storefront's language`, async ({ page }) => {
    test.setTimeout(90_000);
    const storefront = storefronts.find((s) => s.urlLocal === code)!;
    // Each shopper from an address of their own, as the sign-up limits count per address (the server trusts the
    // loopback proxy).
    await page.setExtraHTTPHeaders({
      'X-Forwarded-For':
        `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.` +
        `${Math.floor(Math.random() * 250)}`,
    });
    // The home page as a first visit shows it, with the cookie banner.
    await page.goto(`/${code}/`);
    await mounted(page, 'consent');
    await expectOwnLanguage(page, code, 'home');

    const product = `/${code}/product/${productInStock(storefront.local)}/`;
    await page.goto(product);
    await mounted(page, 'add-to-cart');
    await expectOwnLanguage(page, code, 'product');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
    await expectOwnLanguage(page, code, 'product after adding to the cart');

    // Signing up from the checkout, as a new shopper does: the form, its errors, the mail, the confirmation.
    await page.goto(
      `/api/${code}/site/login?` +
        `${new URLSearchParams({ scene: 'register', redirectUrl: `/${code}/checkout/` }).toString()}`,
    );
    await expectOwnLanguage(page, code, 'sign-up');
    await page.locator('input[name="email"]').fill('not-an-email');
    await page.locator('input[name="password"]').fill('correct horse battery');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('#email-error')).toBeVisible();
    await expectOwnLanguage(page, code, 'sign-up with an error');
    const email = `lang-${code}-${Date.now()}@example.com`;
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('correct horse battery');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('main')).toContainText(email);
    await expectOwnLanguage(page, code, 'sign-up mail sent');
    const box = await page.request.get(`/api/mailbox?${new URLSearchParams({ format: 'json', to: email }).toString()}`);
    const mail = (
      (await box.json()) as { data: { mails: { kind: string; subject: string; text: string }[] } }
    ).data.mails.find((m) => m.kind === 'register-verify')!;
    const inMail = auditPageLanguage(
      'mail',
      { lang: storefront.lang, title: mail.subject, description: '', texts: mail.text.split('\n') },
      storefront.lang,
      englishCounter(vocabulary(storefront.lang)),
      false,
    );
    expect(inMail.map((p) => `sign-up mail: ${p.detail}`)).toEqual([]);
    await page.goto(await mailLink(page, email, 'register-verify'));
    await expectOwnLanguage(page, code, 'sign-up confirmation');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === `/${code}/checkout/`);

    await mounted(page, 'checkout');
    await expect(page.getByTestId('checkout').getByTestId('order-lines').locator('li')).toHaveCount(1);
    await expectOwnLanguage(page, code, 'checkout');

    await page.goto(`/${code}/cart/`);
    await mounted(page, 'cart');
    await expect(page.getByTestId('cart-total')).toBeVisible();
    await expectOwnLanguage(page, code, 'cart');
  });
}

test('an unknown country code gets the en-US storefront: its page, noindex, real canonical, location switcher', async ({
  page,
}) => {
  const response = await page.goto('/zz/product-list/phones/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/us\/product-list\/phones\/$/);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('footer a[href$="/select-location/"]')).toBeVisible();
  const missing = await page.goto('/zz/no-such-page/');
  expect(missing?.status()).toBe(404);
});
