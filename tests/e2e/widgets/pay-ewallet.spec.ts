import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { commodityInStock, hostString, mounted, preConsent, signUp, specialProducts } from './helpers';
import { berlin, jakarta, json, openOrder, placedOrder, saveAddress } from './after-sale-helpers';

interface SnapshotProduct {
  id: string;
  category: string;
  purchaseLimit: number;
  commodities: { commodityId: string; offers: Record<string, { salePrice: number; stock: number } | undefined> }[];
}

/**
 * An ordinary Indonesian commodity priced within every local method's maximum (QRIS Rp10.000.000, the counters and
 * cash on delivery Rp5.000.000, with room for delivery), so the whole method list is offered.
 */
function commodityForEveryMethod(): string {
  const raw = JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
    products: SnapshotProduct[];
  };
  const special = specialProducts('id');
  for (const p of raw.products) {
    if (special.has(p.id) || p.category === 'gift-cards' || p.purchaseLimit < 1) continue;
    const c = p.commodities.find((c) => (c.offers['id']?.stock ?? 0) > 10 && c.offers['id']!.salePrice <= 4_000_000);
    if (c) return c.commodityId;
  }
  throw new Error('no commodity in id within every method maximum');
}

/** A new shopper in /id with an unpaid order, on its payment page. */
async function unpaidOrderOnPaymentPage(page: Page, nickname: string): Promise<string> {
  await signUp(page, 'id', nickname);
  await saveAddress(page, 'id', jakarta());
  const orderId = await placedOrder(page, 'id', commodityForEveryMethod());
  await page.goto(`/id/buy/card-payment/?orderId=${orderId}`);
  await mounted(page, 'checkout');
  await expect(page.getByTestId('local-pay-methods')).toBeVisible();
  return orderId;
}

/** Chooses a method of the country's list by its key ('ewallet:gopay', 'qris') and presses continue. */
async function payBy(page: Page, key: string): Promise<void> {
  await page.locator(`[data-method="${key}"] input[type="radio"]`).check();
  await page.getByTestId('async-pay').click();
}

const resultPath = /^\/id\/checkout\/payment-result\/\d+\/$/;

test.describe('e-wallet and QRIS payments', () => {
  test('id: GoPay by redirect; approved on the wallet page, back on the result page paid, the order paid', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    const orderId = await unpaidOrderOnPaymentPage(page, 'Dompet');
    const paid = await hostString(page, 'checkout', 'payment.async.paid');
    await payBy(page, 'ewallet:gopay');
    // The sandbox wallet's own page, on the store's sandbox path.
    await page.waitForURL((url) => /^\/api\/id\/pay\/async\/sandbox\/apay_/.test(url.pathname));
    await expect(page).toHaveTitle(/GoPay/);
    await expect(page.getByTestId('async-sandbox-amount')).toContainText('Rp');
    await page.getByTestId('async-approve').click();
    await page.waitForURL((url) => resultPath.test(url.pathname));
    await mounted(page, 'checkout');
    const result = page.getByTestId('async-result');
    await expect(result).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
    await expect(result.getByRole('status')).toHaveText(paid);
    await expect(result.getByTestId('async-pay-again')).toHaveCount(0);
    const detail = await openOrder(page, 'id', orderId);
    await expect(detail).toHaveAttribute('data-state', 'paid');
  });

  test('id: cancelled on the wallet page, the result page says so and the order can still be paid', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    const orderId = await unpaidOrderOnPaymentPage(page, 'Batal');
    const failed = await hostString(page, 'checkout', 'payment.async.failed');
    await payBy(page, 'ewallet:ovo');
    await page.waitForURL((url) => /^\/api\/id\/pay\/async\/sandbox\/apay_/.test(url.pathname));
    await expect(page).toHaveTitle(/OVO/);
    await page.getByTestId('async-cancel').click();
    await page.waitForURL((url) => resultPath.test(url.pathname));
    await mounted(page, 'checkout');
    const result = page.getByTestId('async-result');
    await expect(result).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
    await expect(result.getByRole('status')).toHaveText(failed);
    // Paying again leads back to the order's payment page, with the card and the local methods.
    await result.getByTestId('async-pay-again').click();
    await page.waitForURL((url) => url.pathname === '/id/buy/card-payment/' && url.search.includes(orderId));
    await mounted(page, 'checkout');
    await expect(page.getByTestId('card-payment')).toBeVisible();
    await expect(page.locator('[data-method="ewallet:gopay"]')).toBeVisible();
    const detail = await openOrder(page, 'id', orderId);
    await expect(detail).toHaveAttribute('data-state', 'unpaid');
  });

  test('id: QRIS shows a QR; the wallet scan page approves it and the waiting page says paid without a reload', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await unpaidOrderOnPaymentPage(page, 'Pindai');
    const paid = await hostString(page, 'checkout', 'payment.async.paid');
    await payBy(page, 'qris');
    const qr = page.getByTestId('async-qr');
    const image = qr.locator('img');
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const status = page.getByTestId('async-result');
    await expect(status).toHaveAttribute('data-state', 'pending');
    // A mark on this document: it is gone if the page reloads or navigates.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // The shopper's phone plays the scanning wallet: the scan page from the link, in the same browser.
    const [scan] = await Promise.all([context.waitForEvent('page'), qr.getByTestId('async-qr-page').click()]);
    await scan.waitForLoadState();
    await expect(scan).toHaveTitle(/QRIS/);
    await expect(scan.getByTestId('async-sandbox-qr').locator('svg')).toBeVisible();
    await scan.getByTestId('async-approve').click();
    await scan.waitForURL((url) => resultPath.test(url.pathname));
    // The polling island announces the outcome in its live region.
    await expect(status).toHaveAttribute('data-state', 'paid', { timeout: 15_000 });
    await expect(status.getByRole('status')).toHaveText(paid);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await scan.close();
  });

  test('a method not offered is not shown: /de has no e-wallet, QRIS, counter or cash on delivery', async ({
    page,
    context,
    browser,
  }) => {
    await preConsent(context);
    // /id lists the local methods for an order within their maximums: the wallets and QRIS are on its payment page.
    const idOrder = await unpaidOrderOnPaymentPage(page, 'Lokal');
    for (const key of ['ewallet:gopay', 'ewallet:ovo', 'ewallet:dana', 'ewallet:shopeepay', 'qris'])
      await expect(page.locator(`[data-method="${key}"]`)).toBeVisible();
    const idList = await (
      await page.request.get(`/api/id/checkout/payment-methods?orderId=${idOrder}`, { headers: json })
    ).json();
    const idOffered = (idList.data.methods as { key: string; offered: boolean }[]).filter((m) => m.offered);
    expect(idOffered.map((m) => m.key)).toEqual(
      expect.arrayContaining(['ewallet:gopay', 'qris', 'bank_va', 'konbini:indomaret', 'cod', 'card']),
    );

    // A shopper of /de (one unpaid order per shopper, so a second one): card and the German ways only.
    const deContext = await browser.newContext();
    await preConsent(deContext);
    const de = await deContext.newPage();
    await signUp(de, 'de', 'Erika');
    await saveAddress(de, 'de', berlin());
    const deOrder = await placedOrder(de, 'de', commodityInStock('de'));
    await de.goto(`/de/buy/card-payment/?orderId=${deOrder}`);
    await mounted(de, 'checkout');
    await expect(de.getByTestId('card-payment')).toBeVisible();
    // Both of the screen's lists have answered before their absence counts.
    await de.waitForLoadState('networkidle');
    const deList = await (
      await de.request.get(`/api/de/checkout/payment-methods?orderId=${deOrder}`, { headers: json })
    ).json();
    const deKeys = (deList.data.methods as { key: string; method: string }[]).map((m) => m.method);
    expect(deKeys).toEqual(expect.arrayContaining(['card', 'paylater']));
    for (const absent of ['ewallet', 'qris', 'konbini', 'cod', 'bank_va', 'upi']) expect(deKeys).not.toContain(absent);
    for (const absent of ['ewallet', 'qris', 'konbini', 'cod'])
      await expect(de.locator(`[data-method^="${absent}"]`)).toHaveCount(0);
    // Besides the card screen's own choice, /de's list may show only Apple Pay and Google Pay (by browser support).
    await expect(
      de.locator(
        '[data-testid="local-pay-methods"] [data-method]:not([data-method="apple_pay"], [data-method="google_pay"])',
      ),
    ).toHaveCount(0);
    await deContext.close();
  });
});
