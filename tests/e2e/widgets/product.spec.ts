import { expect, test } from '@playwright/test';
import { mounted, preConsent } from './helpers';

test.describe('product page', () => {
  test('choosing a version updates the big price, keeps the choice in the URL, and adds that version', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto('/id/product/xiaomi-15t-pro/');
    await mounted(page, 'add-to-cart');
    const price = page.locator('[data-product-selection] .price__sale');
    await expect(price).toContainText('10.319.000');
    await page.locator('input[name="commodity-xiaomi-15t-pro"][value="10011"]').check();
    await expect(price).toContainText('12.379.000');
    expect(new URL(page.url()).searchParams.get('commodityId')).toBe('10011');

    await page.reload();
    await mounted(page, 'add-to-cart');
    await expect(page.locator('input[name="commodity-xiaomi-15t-pro"][value="10011"]')).toBeChecked();
    await expect(price).toContainText('12.379.000');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
    await page.goto('/id/cart/');
    await mounted(page, 'cart');
    await expect(page.getByTestId('cart-total')).toContainText('12.379.000');
  });
});
