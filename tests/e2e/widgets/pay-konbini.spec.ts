import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { mounted, ownAddress, preConsent, signUp, specialProducts } from './helpers';

/** An ordinary commodity of the snapshot the build used, in stock in Japan, not a phone (the 6-hour window). */
function jpCommodity(): string {
  const raw = JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
    products: {
      id: string;
      category: string;
      commodities: { commodityId: string; offers: Record<string, { salePrice: number; stock: number } | undefined> }[];
    }[];
  };
  const special = specialProducts('jp');
  for (const p of raw.products) {
    if (special.has(p.id) || p.category === 'gift-cards' || p.category === 'phones') continue;
    const c = p.commodities.find((x) => (x.offers.jp?.stock ?? 0) > 10 && x.offers.jp!.salePrice <= 100_000);
    if (c) return c.commodityId;
  }
  throw new Error('no ordinary commodity in stock in jp');
}

const TOKYO = {
  recipient: 'Yamada Taro',
  phone: '09012345678',
  street: 'Shibuya 2-21-1',
  city: 'Shibuya-ku',
  state: 'Tokyo',
  postalCode: '1508510',
};

test.describe('convenience-store payment', () => {
  test('jp: the shopper gets a 7-Eleven code, the sandbox counter takes it, the webhook pays the order', async ({
    page,
    context,
    browser,
  }) => {
    await preConsent(context);
    await signUp(page, 'jp', 'Konbini Tester');
    const address = await page.request.post('/api/jp/address/save', {
      data: ownAddress(TOKYO),
      headers: { Accept: 'application/json' },
    });
    expect((await address.json()).errno, await address.text()).toBe(0);
    const cart = await page.request.post('/api/jp/cart', {
      data: { action: 'add', commodityId: jpCommodity(), quantity: 1 },
      headers: { Accept: 'application/json' },
    });
    expect((await cart.json()).errno, await cart.text()).toBe(0);
    await page.goto('/jp/checkout/');
    await mounted(page, 'checkout');
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-place').click();
    await page.waitForURL((url) => url.pathname === '/jp/buy/card-payment/');
    await mounted(page, 'checkout');

    // The country's chains are listed; 7-Eleven gives a code with its barcode and deadline.
    const methods = page.getByTestId('local-pay-methods');
    await expect(methods.locator('[data-method^="konbini:"]')).toHaveCount(3);
    await methods.locator('[data-method="konbini:seven_eleven"] input').check();
    await page.getByTestId('konbini-start').click();
    const panel = page.getByTestId('konbini-code');
    await expect(panel).toBeVisible();
    const code = (await page.getByTestId('konbini-code-number').textContent())!.trim();
    expect(code).toMatch(/^[0-9]{13}$/);
    await expect(page.getByTestId('konbini-barcode')).toHaveAttribute('alt', new RegExp(code));
    await expect(page.getByTestId('async-result')).toHaveAttribute('data-state', 'pending');
    const orderId = new URL(page.url()).searchParams.get('orderId')!;

    // The order's page shows the same code while it waits at the counter.
    const orderPage = await context.newPage();
    await orderPage.goto(`/jp/user/order/${orderId}/`);
    await expect(orderPage.getByTestId('konbini-order-code-number')).toHaveText(code);
    await orderPage.close();

    // A clerk at the sandbox counter (another browser, not signed in) types the code and takes the payment.
    const clerk = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await clerk.goto('/api/jp/pay/konbini/sandbox/counter');
    await clerk.getByTestId('konbini-counter-code').fill(code);
    await clerk.getByTestId('konbini-counter-lookup').getByRole('button').click();
    await clerk.getByTestId('konbini-counter-pay').click();
    await expect(clerk.getByTestId('konbini-counter-state')).toHaveAttribute('data-state', 'paid');
    await clerk.close();

    // The shopper's page follows the webhook: paid, and the code is gone.
    await expect(page.getByTestId('async-result')).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
    await expect(panel).toHaveCount(0);
    const order = await page.request.get(`/api/jp/order/detail?orderId=${orderId}`, {
      headers: { Accept: 'application/json' },
    });
    expect(await order.text()).toContain('"paid"');
  });
});
