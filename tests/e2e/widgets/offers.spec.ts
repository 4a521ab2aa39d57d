import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mounted, ownAddress, payByCard, preConsent, productInStock, signUp } from './helpers';
import { E2E_OPS_TOKEN } from '../ops-token';

const JAKARTA = {
  recipient: 'Budi Santoso',
  phone: '081234567890',
  street: 'Jl. Jend. Sudirman 52',
  city: 'Jakarta Selatan',
  state: 'DKI Jakarta',
  postalCode: '12190',
};
const json = { Accept: 'application/json' };
const ops = { ...json, authorization: `Bearer ${E2E_OPS_TOKEN}` };
/** The /id pre-sale of content/tools/build-presales.ts. */
const PRESALE = { campaignId: 'id-xiaomi-15t-pro-presale', productId: 'xiaomi-15t-pro' };

async function saveAddress(page: Page): Promise<void> {
  const r = await page.request.post('/api/id/address/save', { data: ownAddress(JAKARTA), headers: json });
  expect((await r.json()).errno, await r.text()).toBe(0);
}

/** Moves the pre-sale's windows as an operator would (hours from now). */
async function presaleWindows(request: APIRequestContext, stage: 'deposit' | 'final'): Promise<void> {
  const hours = stage === 'deposit' ? [-1, 1, 2, 4] : [-4, -3, -1, 1];
  const [depositStartsAt, depositEndsAt, finalStartsAt, finalEndsAt] = hours.map((h) =>
    new Date(Date.now() + h * 3600_000).toISOString(),
  );
  const r = await request.post('/api/ops/presale/windows', {
    data: { campaignId: PRESALE.campaignId, depositStartsAt, depositEndsAt, finalStartsAt, finalEndsAt },
    headers: ops,
  });
  expect((await r.json()).errno, await r.text()).toBe(0);
}

test.describe('money off and new ways to pay', () => {
  test('id: a coupon claimed on the product page, Mi Points and a gift card on one order', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Hemat');
    await saveAddress(page);
    const card = (
      await (
        await page.request.post('/api/ops/giftcards/issue', { data: { local: 'id', amount: 250_000 }, headers: ops })
      ).json()
    ).data.code as string;

    // The product page lists the coupons of the product to claim.
    await page.goto(`/id/product/${productInStock('id')}/`);
    await mounted(page, 'add-to-cart');
    await expect(page.getByTestId('product-coupons')).toBeVisible();
    await page.getByTestId('product-coupons').locator('[data-coupon="id-hemat-100rb"] button').click();
    await expect(
      page.getByTestId('product-coupons').locator('[data-coupon="id-hemat-100rb"] [role="status"]'),
    ).not.toBeEmpty();
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();

    await page.goto('/id/checkout/');
    await mounted(page, 'checkout');
    const total = async () => Number((await page.getByTestId('order-total').textContent())!.replace(/\D/g, ''));
    const before = await total();
    await page.locator('input[name="coupon"][value]').first().check();
    await expect.poll(total).toBe(before - 100_000);
    await page.locator('#checkout-points-input').fill('5000');
    await page.locator('#checkout-points-input').blur();
    await expect.poll(total).toBe(before - 100_000 - 50_000);
    await page.locator('#checkout-gift-card').fill(card.replace(/(.{4})(?!$)/g, '$1 '));
    await page.getByTestId('checkout-gift-card-apply').click();
    await expect(page.getByTestId('order-gift-cards')).toContainText('250.000');
    const due = Number((await page.getByTestId('order-due').textContent())!.replace(/\D/g, ''));
    expect(due).toBe(before - 150_000 - 250_000);
    await expect(page.getByTestId('checkout-place')).toContainText(
      (await page.getByTestId('order-due').textContent())!.trim(),
    );
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-place').click();
    await payByCard(page);

    await page.goto('/id/user/voucher/');
    await mounted(page, 'user-area');
    await expect(page.locator(`[data-gift-card="${card}"]`)).toHaveAttribute('data-state', 'used_up');
  });

  test('id: a pre-order takes the deposit, then the final payment in its window', async ({ page, context }) => {
    await preConsent(context);
    await presaleWindows(page.request, 'deposit');
    await signUp(page, 'id', 'Early');
    await saveAddress(page);
    await page.goto(`/id/product/${PRESALE.productId}/`);
    await expect(page.getByTestId('product-offers').locator('[data-offer="presale"]')).toContainText('Rp500.000');
    await mounted(page, 'add-to-cart');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();

    await page.goto('/id/checkout/');
    await mounted(page, 'checkout');
    await expect(page.getByTestId('presale-notice')).toContainText('Rp500.000');
    await expect(page.getByTestId('checkout-place')).toContainText('Rp500.000');
    await page.getByTestId('checkout-agree').check();
    // The pre-order agreement is required too.
    await page.getByTestId('checkout-place').click();
    await expect(page.getByTestId('checkout-message')).not.toBeEmpty();
    await page.getByTestId('checkout-agree-pre-order').check();
    await page.getByTestId('checkout-place').click();
    await payByCard(page);
    const depositId = (await page.getByTestId('result-order-id').textContent())!;

    await page.goto(`/id/user/order/${depositId}/`);
    await mounted(page, 'user-area');
    await expect(page.getByTestId('presale-status')).toHaveAttribute('data-state', 'deposit_paid');
    await expect(page.getByTestId('presale-pay-final')).toHaveCount(0);

    // Launch day: the final window opens.
    await presaleWindows(page.request, 'final');
    await page.reload();
    await mounted(page, 'user-area');
    await page.getByTestId('presale-pay-final').click();
    await payByCard(page);
    await page.goto(`/id/user/order/${depositId}/`);
    await mounted(page, 'user-area');
    await expect(page.getByTestId('presale-status')).toHaveAttribute('data-state', 'completed');
  });

  test('id: an old phone evaluated on /trade-in comes off a new phone at checkout', async ({ page, context }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Swapper');
    await saveAddress(page);
    await page.goto('/id/trade-in/');
    await mounted(page, 'user-area');
    await page.locator('#trade-in-brand').selectOption('Xiaomi');
    await page.locator('#trade-in-modelId').selectOption('xiaomi-13');
    await page.locator('input[name="trade-in-storage"][value="256GB"]').check();
    for (const question of await page.locator('fieldset[data-question]').all())
      await question.locator('input[type="radio"]').first().check();
    await page.locator('#trade-in-imei').fill(freshImei());
    await page.locator('[data-testid="trade-in"] button[type="submit"]').click();
    await expect(page.getByTestId('trade-in-result')).toHaveAttribute('data-state', 'evaluated');

    const cart = await page.request.post('/api/id/cart', {
      data: { action: 'add', commodityId: await phoneCommodity(page), quantity: 1 },
      headers: json,
    });
    expect((await cart.json()).errno, await cart.text()).toBe(0);
    await page.goto('/id/checkout/');
    await mounted(page, 'checkout');
    const total = async () => Number((await page.getByTestId('order-total').textContent())!.replace(/\D/g, ''));
    const before = await total();
    await page.getByTestId('checkout-trade-in-option').first().check();
    await expect(page.getByTestId('checkout-trade-in-discount')).toBeVisible();
    await expect.poll(total).toBeLessThan(before);
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-place').click();
    await payByCard(page);

    await page.goto('/id/user/miexchange/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('miexchange-state').first()).not.toBeEmpty();
  });
});

/** A Xiaomi 15 of the snapshot (a phone of the /id trade-in programme) in stock in /id. */
async function phoneCommodity(page: Page): Promise<string> {
  const r = await page.request.get('/api/id/tradein/models', { headers: json });
  const phones = ((await r.json()).data.phones as { product_id: string }[]).map((p) => p.product_id);
  expect(phones).toContain('xiaomi-15');
  const products = (await import('node:fs')).readFileSync('content/snapshots/catalogue/products.json', 'utf8');
  const xiaomi15 = (
    JSON.parse(products) as {
      products: {
        id: string;
        commodities: { commodityId: string; offers: Record<string, { stock: number } | undefined> }[];
      }[];
    }
  ).products.find((p) => p.id === 'xiaomi-15')!;
  return xiaomi15.commodities.find((c) => (c.offers['id']?.stock ?? 0) > 10)!.commodityId;
}

/** An IMEI no other run has used (15 digits, valid Luhn check digit). */
function freshImei(): string {
  const body = `35${String(Date.now()).slice(-12)}`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[13 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}
