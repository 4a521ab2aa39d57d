import { expect, test } from '@playwright/test';
import { mounted, preConsent, productInStock } from './helpers';

test.describe('cart page', () => {
  test('shows the added line, changes its quantity, removes it, and keeps the header count in step', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto(`/id/product/${productInStock('id')}/`);
    await mounted(page, 'add-to-cart');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();

    await page.goto('/id/cart/');
    await mounted(page, 'cart');
    const cart = page.getByTestId('cart');
    const line = cart.locator('.cart__item');
    await expect(line).toHaveCount(1);
    const badge = page.getByTestId('cart-count').locator('.cart-count__badge');
    await expect(badge).toHaveText('1');
    const total = await page.getByTestId('cart-total').textContent();

    await line.locator('input[type="number"]').fill('2');
    await line.locator('input[type="number"]').press('Tab');
    await expect(badge).toHaveText('2');
    await expect(page.getByTestId('cart-total')).not.toHaveText(total ?? '');

    await line.locator('button').click();
    await expect(cart.locator('.cart__item')).toHaveCount(0);
    await expect(badge).toHaveText('0');
  });
});

test.describe('countdown on event pages', () => {
  test('ticks every second', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/event/new-year-2027/');
    // The island labels its phase ("starts in", "ends in"); the digits are their own element.
    const countdown = page.getByTestId('countdown').first();
    await countdown.scrollIntoViewIfNeeded();
    const timer = countdown.locator('.countdown__digits');
    await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}:\d{2}$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first ?? '', { timeout: 3000 });
  });
});
