import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { mounted, ownAddress, preConsent, signUp, specialProducts } from './helpers';

/** An ordinary commodity of the snapshot the build used, in stock in the country, priced within [min, max]. */
function commodityPriced(local: string, min: number, max: number): string {
  const raw = JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
    products: {
      id: string;
      category: string;
      commodities: { commodityId: string; offers: Record<string, { salePrice: number; stock: number } | undefined> }[];
    }[];
  };
  const special = specialProducts(local);
  for (const p of raw.products) {
    if (special.has(p.id) || p.category === 'gift-cards') continue;
    const c = p.commodities.find(
      (x) =>
        (x.offers[local]?.stock ?? 0) > 10 && x.offers[local]!.salePrice >= min && x.offers[local]!.salePrice <= max,
    );
    if (c) return c.commodityId;
  }
  throw new Error(`no commodity in ${local} priced ${min}..${max}`);
}

const ADDRESSES: Record<string, Record<string, string>> = {
  in: {
    recipient: 'Asha Rao',
    phone: '9876543210',
    street: '12 Marine Drive',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400020',
  },
  id: {
    recipient: 'Budi Santoso',
    phone: '081234567890',
    street: 'Jl. Jend. Sudirman 52',
    city: 'Jakarta Selatan',
    state: 'DKI Jakarta',
    postalCode: '12190',
  },
};

/**
 * A signed-up shopper with an address and one item in the cart, who places the order at checkout and lands on the
 * payment page.
 */
async function orderReadyToPay(page: Page, urlLocal: string, commodityId: string): Promise<void> {
  await signUp(page, urlLocal, 'Plan Tester');
  const address = await page.request.post(`/api/${urlLocal}/address/save`, {
    data: ownAddress(ADDRESSES[urlLocal]!),
    headers: { Accept: 'application/json' },
  });
  expect((await address.json()).errno, await address.text()).toBe(0);
  const cart = await page.request.post(`/api/${urlLocal}/cart`, {
    data: { action: 'add', commodityId, quantity: 1 },
    headers: { Accept: 'application/json' },
  });
  expect((await cart.json()).errno, await cart.text()).toBe(0);
  await page.goto(`/${urlLocal}/checkout/`);
  await mounted(page, 'checkout');
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-place').click();
  await page.waitForURL((url) => url.pathname === `/${urlLocal}/buy/card-payment/`);
  await mounted(page, 'checkout');
}

test.describe('instalments and pay later', () => {
  test('in: the shopper compares EMI plans (monthly × months, total, banks), pays 6 months no-cost, HDFC', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await orderReadyToPay(page, 'in', commodityPriced('in', 20_000, 60_000));
    const methods = page.getByTestId('pay-methods');
    await expect(methods.getByRole('radio')).toHaveCount(4); // card, EMI, BFL card, pay later
    await methods.getByLabel('Instalments (EMI)').check();
    const plans = page.getByTestId('instalment-plans');
    const sixMonths = plans.locator('[data-plan="in-nocost-6"]');
    await expect(sixMonths).toContainText('× 6 months');
    await expect(sixMonths).toContainText('No-cost EMI');
    await expect(sixMonths).toContainText('HDFC Bank');
    await expect(plans.locator('[data-plan="in-emi-12"]')).toContainText('1.25% a month');
    await sixMonths.getByRole('radio').check();

    const form = page.getByTestId('plan-payment');
    // A debit card of a bank without debit EMI: the message, the order stays on this page.
    await form.locator('#plan-card-number').fill('4100320000000003');
    await form.locator('#plan-card-expiry').fill('12/34');
    await form.locator('#plan-card-holder').fill('Asha Rao');
    await form.locator('#plan-card-cvv').fill('123');
    await page.getByTestId('instalment-pay').click();
    await expect(page.getByTestId('payment-message')).toContainText('Debit card EMI not eligible');
    await expect(form.locator('#plan-card-number')).toHaveAttribute('aria-invalid', 'true');

    await form.locator('#plan-card-number').fill('4100 1100 0000 0008'); // HDFC credit (sandbox BIN 410011)
    await page.getByTestId('instalment-pay').click();
    await page.waitForURL((url) => url.pathname.startsWith('/in/payment-result/'));
    await mounted(page, 'checkout');
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-state', 'paid');
  });

  test('id: Pay later with Kredivo: the provider approves, the result page shows what the server recorded', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await orderReadyToPay(page, 'id', commodityPriced('id', 1_000_000, 20_000_000));
    await page.getByTestId('pay-methods').getByRole('radio').last().check();
    const providers = page.getByTestId('bnpl-providers');
    await expect(providers.locator('[data-provider="kredivo"] input')).toBeEnabled();
    // A new account is too young for Akulaku: the choice is disabled and says why.
    await expect(providers.locator('[data-provider="akulaku"] input')).toBeDisabled();
    await expect(providers.locator('[data-provider="akulaku"]')).toContainText('30');
    await page.getByTestId('bnpl-continue').click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/id/pay/bnpl/sandbox/'));
    await expect(page.locator('h1')).toContainText('Kredivo');
    await page.getByTestId('bnpl-approve').click();
    await page.waitForURL((url) => url.pathname.startsWith('/id/checkout/bnpl-result/'));
    await mounted(page, 'checkout');
    const result = page.getByTestId('bnpl-result');
    await expect(result).toHaveAttribute('data-state', 'succeeded');
    await expect(result.locator('h2')).toHaveText('Pembayaran disetujui');
    await result.getByTestId('bnpl-result-order').click();
    await mounted(page, 'user-area');
    await expect(page.getByTestId('order-detail')).toHaveAttribute('data-state', 'paid');
  });
});
