import { expect, test, type Page } from '@playwright/test';
import { mounted, ownAddress, preConsent, signUp, specialProducts, staffConsole } from './helpers';
import { applyInIndia, review } from './business-helpers';
import { E2E_OPS_TOKEN } from '../ops-token';
import fs from 'node:fs';
import path from 'node:path';

const json = { Accept: 'application/json' };
const ops = { Authorization: `Bearer ${E2E_OPS_TOKEN}`, ...json };
const GSTIN = '27AAPFU0939F1ZV';
const MUMBAI = {
  recipient: 'Asha Rao',
  phone: '9876543210',
  street: '12 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  postalCode: '400020',
  landmark: 'Near Churchgate',
};

/** A phone of /in with plenty of stock (from the snapshot the build used), outside pre-sales and F-codes. */
function phoneInIndia(): { productId: string; commodityId: string } {
  const raw = JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
    products: {
      id: string;
      category: string;
      commodities: { commodityId: string; offers: Record<string, { stock: number } | undefined> }[];
    }[];
  };
  const special = specialProducts('in');
  for (const p of raw.products) {
    if (p.category !== 'phones' || special.has(p.id)) continue;
    const c = p.commodities.find((x) => (x.offers['in']?.stock ?? 0) >= 50);
    if (c) return { productId: p.id, commodityId: c.commodityId };
  }
  throw new Error('no phone with stock in /in');
}

/**
 * Approves the shopper's company at once, as operations can (the flows after approval are what these tests are about).
 */
async function approveByOperator(page: Page, email: string, company: string): Promise<void> {
  const approved = await page.request.post('/api/ops/enterprise/approve', {
    data: { email, local: 'in', companyName: company, tax: { gstin: GSTIN } },
    headers: ops,
  });
  expect(approved.ok(), await approved.text()).toBe(true);
}

/**
 * A signed-up shopper of /in with an approved enterprise account, a Mumbai address and `quantity` phones in the
 * business cart.
 */
async function businessBuyer(
  page: Page,
  company: string,
  quantity: number,
  approve = approveByOperator,
): Promise<void> {
  const { email } = await signUp(page, 'in', 'Asha Rao');
  await approve(page, email, company);
  const address = await page.request.post('/api/in/address/save', { data: ownAddress(MUMBAI), headers: json });
  expect(((await address.json()) as { errno: number }).errno, await address.text()).toBe(0);
  const added = await page.request.post('/api/in/cart?flow=company', {
    data: { action: 'add', commodityId: phoneInIndia().commodityId, quantity },
    headers: json,
  });
  expect(((await added.json()) as { errno: number }).errno, await added.text()).toBe(0);
}

/** Places the order on /in/business/checkout/ with the company invoice prefilled from the account. */
async function placeBusinessOrder(page: Page, company: string, split = false): Promise<void> {
  await page.goto('/in/business/checkout/');
  await mounted(page, 'checkout');
  await expect(page.getByTestId('business-invoice')).toContainText(company);
  await expect(page.getByTestId('business-invoice')).toContainText(GSTIN);
  await expect(page.locator('#invoice-companyName')).toHaveValue(company);
  await expect(page.locator('#invoice-taxId')).toHaveValue(GSTIN);
  await expect(page.getByTestId('business-tier-saving')).toBeVisible();
  await expect(page.getByTestId('business-split')).toHaveCount(split ? 1 : 0);
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-place').click();
}

test.describe('business checkout (/in)', () => {
  test('a company with a GSTIN, approved by staff, buys 5 phones at the tier price, invoiced, pays by card', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member in two browsers through a dozen pages: 20–30 s on a loaded 2-core runner.
    test.setTimeout(90_000);
    await preConsent(context);
    await businessBuyer(page, 'Rao Traders Pvt Ltd', 5, async (buyer, _email, company) => {
      await applyInIndia(buyer, company);
      // Under review, the business cart is the consumer cart and says why.
      await buyer.request.post('/api/in/cart?flow=company', {
        data: { action: 'add', commodityId: phoneInIndia().commodityId, quantity: 1 },
        headers: json,
      });
      await buyer.goto('/in/business/cart/');
      await mounted(buyer, 'cart');
      await expect(buyer.getByTestId('cart-business-notice')).toBeVisible();
      await expect(buyer.getByTestId('cart-business-status')).toContainText('under review');
      await expect(buyer.getByTestId('cart-tier')).toHaveCount(0);
      await buyer.request.post('/api/in/cart?flow=company', {
        data: { action: 'remove', commodityIds: [phoneInIndia().commodityId] },
        headers: json,
      });
      const staff = await staffConsole(browser, 'enterprise', 'in');
      await review(staff, company, async (detail) => detail.getByTestId('enterprise-approve').click());
      await staff.context().close();
    });

    // The business cart shows the 5+ tier: the shelf price struck out, the saving per line and in total.
    await page.goto('/in/business/cart/');
    await mounted(page, 'cart');
    const tier = page.getByTestId('cart-tier');
    await expect(tier).toContainText('3 %');
    await expect(tier.locator('s')).toBeVisible();
    await expect(page.getByTestId('cart-tier-saving')).toContainText('₹');
    const checkoutLink = page.locator('.cart__checkout');
    await expect(checkoutLink).toHaveAttribute('href', '/in/business/checkout/');
    await checkoutLink.click();
    await page.waitForURL((url) => url.pathname === '/in/business/checkout/');

    await placeBusinessOrder(page, 'Rao Traders Pvt Ltd');
    await page.waitForURL((url) => url.pathname === '/in/buy/card-payment/');
    await mounted(page, 'checkout');
    const form = page.getByTestId('card-payment');
    await form.locator('#card-number').fill('4242 4242 4242 4242');
    await form.locator('#card-expiry').fill('12/34');
    await form.locator('#card-holder').fill('Asha Rao');
    await form.locator('#card-cvv').fill('123');
    await page.getByTestId('card-pay').click();
    await page.waitForURL((url) => url.pathname.startsWith('/in/payment-result/'));
    await mounted(page, 'checkout');
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-state', 'paid');
    const orderId = (await page.getByTestId('result-order-id').textContent())!;

    await page.goto('/in/user/');
    await mounted(page, 'user-area');
    const row = page.getByTestId('order-list').locator(`tr[data-order="${orderId}"]`);
    await expect(row.getByTestId('business-order')).toBeVisible();
  });

  test('over the split threshold: a card part within the maximum, then a transfer confirmed by operations', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    // 20 phones at the 20+ tier are over ₹14,00,000, the split-payment threshold of India.
    await businessBuyer(page, 'Mehta Exports LLP', 20);
    await placeBusinessOrder(page, 'Mehta Exports LLP', true);
    await page.waitForURL((url) => url.pathname.startsWith('/in/split-payment-details/'));
    const orderId = new URL(page.url()).pathname.split('/').filter(Boolean).pop()!;
    await mounted(page, 'checkout');
    const split = page.getByTestId('split-payment');
    await expect(split).toHaveAttribute('data-state', 'unpaid');
    await expect(page.getByTestId('split-parts-none')).toBeVisible();
    const summary = (await (
      await page.request.get(`/api/in/payment/split?orderId=${orderId}`, { headers: json })
    ).json()) as { data: { due: number; max_card_part: number; exponent: number } };
    const { due, max_card_part: maxCard } = summary.data;
    expect(due).toBeGreaterThan(maxCard);

    // The amount field is limited to the per-card maximum; more is refused in the page.
    const amount = page.locator('#split-amount');
    await expect(amount).toHaveAttribute('max', (maxCard / 100).toFixed(2));
    await amount.fill(String((maxCard + 100) / 100));
    await page.locator('#split-number').fill('4242 4242 4242 4242');
    await page.locator('#split-expiry').fill('12/34');
    await page.locator('#split-holder').fill('Asha Rao');
    await page.locator('#split-cvv').fill('123');
    await page.getByTestId('split-submit').click();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await amount.fill((maxCard / 100).toFixed(2));
    await page.getByTestId('split-submit').click();
    await expect(page.getByTestId('split-parts').locator('tr[data-state="succeeded"]')).toHaveCount(1);
    await expect(page.getByTestId('split-note')).not.toBeEmpty();

    // The rest by bank transfer: the instructions with the part's reference; operations confirm its arrival.
    await page.locator('input[name="split-method"]').nth(1).check();
    await amount.fill(((due - maxCard) / 100).toFixed(2));
    await page.getByTestId('split-submit').click();
    await expect(page.getByTestId('split-transfer')).toBeVisible();
    const reference = (await page.getByTestId('split-transfer-reference').textContent())!;
    expect(reference.startsWith(`${orderId}-`)).toBe(true);
    await expect(page.getByTestId('split-awaiting')).toBeVisible();
    const confirmed = await page.request.post('/api/ops/bank-transfer/confirm', {
      data: { partId: reference.split('-').pop() },
      headers: ops,
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);

    await page.reload();
    await mounted(page, 'checkout');
    await expect(page.getByTestId('split-payment')).toHaveAttribute('data-state', 'paid');
    await expect(page.getByTestId('split-paid-result')).toBeVisible();
    await expect(page.getByTestId('split-parts').locator('tr[data-state="succeeded"]')).toHaveCount(2);
  });
  test('/business/search/{key} lists business catalogue products with their quantity tier prices', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto('/in/business/search/xiaomi/');
    const pageSearch = page.locator('store-widget[name="search"][load="eager"]');
    await mounted(page, 'search', pageSearch);
    const results = page.getByTestId('search-results-product');
    await expect(results.locator('li').first()).toBeVisible();
    await expect(results.getByTestId('business-tiers').first()).toContainText('5+');
    await expect(pageSearch.locator('form')).toHaveAttribute('action', '/in/business/search/');
  });
});
