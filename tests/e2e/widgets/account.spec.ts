import { expect, test } from '@playwright/test';
import { cookie, mailLink, mounted, preConsent, productInStock, signUp } from './helpers';

test.describe('accounts', () => {
  test('sign up in the browser: the field at fault is marked, the mail link confirms, the shopper signs in', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto(
      `/api/id/site/login?${new URLSearchParams({ scene: 'register', redirectUrl: '/id/support/' }).toString()}`,
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'id-ID');

    const email = `b${Date.now()}@example.com`;
    await page.locator('input[name="email"]').fill('not-an-email');
    await page.locator('input[name="password"]').fill('correct horse battery');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#email-error')).toBeVisible();
    await expect(page.locator('input[name="password"]')).not.toHaveAttribute('aria-invalid', 'true');

    // The nickname is optional (the name falls back to the user name, then the id).
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('correct horse battery');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('main')).toContainText(email);
    expect(await cookie(context, 'userId')).toBeNull();

    await page.goto(await mailLink(page, email, 'register-verify'));
    expect(await cookie(context, 'userId')).toBeNull();
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/id/support/');
    expect(await cookie(context, 'userId')).not.toBeNull();
    await mounted(page, 'header-user');
    await page.getByTestId('header-user-menu').click();
    await expect(page.getByTestId('header-user-name')).toBeVisible();
  });

  test('signing out by GET only asks; the button signs out', async ({ page, context }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Careful Shopper');
    await page.goto('/api/id/site/logout?redirectUrl=%2Fid%2F');
    expect(await cookie(context, 'userId')).not.toBeNull();
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/id/');
    expect(await cookie(context, 'userId')).toBeNull();
  });

  test('what a sign-in merge could not keep is shown on the cart until dismissed', async ({ page, context }) => {
    await preConsent(context);
    const { email, password } = await signUp(page, 'id', 'Merge Tester');
    await page.goto(`/id/product/${productInStock('id')}/`);
    await mounted(page, 'add-to-cart');
    const quantity = page.getByTestId('add-to-cart').locator('input[type="number"]');
    const limit = Number(await quantity.getAttribute('max'));
    await quantity.fill(String(limit));
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();

    // Signed out, the visitor cart takes one more of the same product; signing in cannot keep it.
    await context.clearCookies();
    await preConsent(context);
    await page.reload();
    await mounted(page, 'add-to-cart');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
    await page.goto(`/api/id/site/login?redirectUrl=${encodeURIComponent('/id/cart/')}`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/id/cart/');

    await mounted(page, 'cart');
    const notices = page.getByTestId('cart-notices');
    await expect(notices).toBeVisible();
    await expect(notices.locator('li')).toHaveCount(1);
    await expect(page.locator('.cart__item input[type="number"]')).toHaveValue(String(limit));
    await notices.getByRole('button').click();
    await expect(notices).toHaveCount(0);
    await page.reload();
    await mounted(page, 'cart');
    await expect(page.getByTestId('cart')).toBeVisible();
    await expect(page.getByTestId('cart-notices')).toHaveCount(0);
  });
});
