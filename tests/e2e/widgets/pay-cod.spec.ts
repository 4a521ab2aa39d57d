import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { hostString, mounted, preConsent, signUp, specialProducts } from './helpers';
import { digits, jakarta, openOrder, saveAddress } from './after-sale-helpers';

interface Product {
  id: string;
  category: string;
  commodities: { offers: Record<string, { salePrice: number; stock: number } | undefined> }[];
}

/** An ordinary product in stock in /id well below its cash-on-delivery maximum (Rp5.000.000), from the snapshot. */
function affordableProduct(): string {
  const raw = JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
    products: Product[];
  };
  const special = specialProducts('id');
  const found = raw.products.find(
    (p) =>
      !special.has(p.id) &&
      p.category !== 'gift-cards' &&
      p.commodities.some((c) => (c.offers['id']?.stock ?? 0) > 10 && (c.offers['id']?.salePrice ?? Infinity) < 3e6),
  );
  if (!found) throw new Error('no affordable product in stock in id');
  return found.id;
}

test.describe('cash on delivery', () => {
  test('id: the shopper confirms an order by cash on delivery and sees the amount to pay on the order page', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Pembayar Tunai');
    await saveAddress(page, 'id', jakarta());
    await page.goto(`/id/product/${affordableProduct()}/`);
    await mounted(page, 'add-to-cart');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').first().click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
    await page.goto('/id/checkout/');
    await mounted(page, 'checkout');
    const total = digits(await page.getByTestId('order-total').textContent());
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-place').click();

    // The payment screen lists cash on delivery among the country's methods, with the amount to have ready.
    await page.waitForURL((url) => url.pathname === '/id/buy/card-payment/');
    await mounted(page, 'checkout');
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const methods = page.getByTestId('local-pay-methods');
    await methods.locator('input[name="paymentMethod"][value="cod"]').check();
    const cod = page.getByTestId('cod-payment');
    await expect(cod).toContainText((await hostString(page, 'checkout', 'payment.cod.ready')).split('{')[0]!);
    expect(digits(await cod.locator('p').first().textContent())).toBe(total);
    await cod.getByTestId('cod-confirm').click();
    const confirmed = page.getByTestId('cod-confirmed');
    await expect(confirmed).toBeVisible();
    expect(digits(await confirmed.locator('[role="status"]').textContent())).toBe(total);

    // The order page: processing, "pay on delivery" with the amount, and a cancel button while nothing has shipped.
    const detail = await openOrder(page, 'id', orderId);
    await expect(detail).toHaveAttribute('data-state', 'processing');
    const onDelivery = detail.getByTestId('cod-order');
    await expect(onDelivery).toHaveAttribute('data-state', 'open');
    const due = (await hostString(page, 'user-area', 'payment.cod.order.due')).split('{')[0]!;
    await expect(onDelivery).toContainText(due);
    expect(digits(await onDelivery.locator('strong').textContent())).toBe(total);
    await expect(onDelivery.getByTestId('cod-cancel')).toBeVisible();
    // No card form offers to pay it again.
    await page.goto(`/id/buy/card-payment/?orderId=${orderId}`);
    await mounted(page, 'checkout');
    await expect(page.getByTestId('card-pay')).toHaveCount(0);
  });
});
