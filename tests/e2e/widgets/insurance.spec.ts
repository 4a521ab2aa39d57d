import { expect, test, type Page } from '@playwright/test';
import { mounted, payByCard, preConsent, signUp, specialProducts, staffConsole } from './helpers';
import { digits, jakarta, json, openOrder, PNG, saveAddress } from './after-sale-helpers';
import fs from 'node:fs';
import path from 'node:path';

/** A phone sold in Indonesia under no special rule (no pre-sale, no F-code), with stock: the plan covers phones. */
function phoneInStock(): string {
  const special = specialProducts('id');
  const { products } = JSON.parse(
    fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8'),
  ) as { products: { id: string; category: string; commodities: { offers: Record<string, { stock: number }> }[] }[] };
  const phone = products.find(
    (p) =>
      p.category === 'phones' && !special.has(p.id) && p.commodities.some((c) => (c.offers['id']?.stock ?? 0) > 10),
  );
  if (!phone) throw new Error('no phone in stock in id');
  return phone.id;
}

/** A claim on a policy through the API (the claim form is tested once above): a photo, then the claim. */
async function claimByApi(page: Page, policyId: string, imei: string) {
  const upload = await page.request.post('/api/id/aftersales/upload', {
    data: PNG,
    headers: { ...json, 'content-type': 'image/png', 'x-file-name': 'retak.png' },
  });
  const uploadId = (await upload.json()).data.upload.id as string;
  const claim = await page.request.post('/api/id/aftersales/claim', {
    data: {
      policyId,
      imei,
      incidentDate: new Date().toISOString().slice(0, 10),
      description: 'Layar retak setelah jatuh dari meja.',
      uploadIds: [uploadId],
    },
    headers: json,
  });
  return (await claim.json()) as { errno: number; errmsg: string; data: { claim_again_at?: number } | null };
}

test.describe('device insurance', () => {
  test('id: a phone bought with its protection, covered from delivery, a claim filed, a third refused', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member through the cart, checkout, card page, console and the claim form.
    test.setTimeout(120_000);
    await preConsent(context);
    await signUp(page, 'id', 'Pelindung');
    await saveAddress(page, 'id', jakarta());

    // The cart offers the plan on the phone; choosing it adds its own line, priced per unit (Rp999.000 above Rp8 jt).
    await page.goto(`/id/product/${phoneInStock()}/`);
    await mounted(page, 'add-to-cart');
    await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
    await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
    await page.goto('/id/cart/');
    await mounted(page, 'cart');
    const before = digits(await page.getByTestId('cart-total').textContent());
    const offer = page.getByTestId('cart-insurance-offer');
    await expect(offer).toContainText('24 bulan');
    await offer.locator('input[type="checkbox"]').check();
    const plan = page.getByTestId('cart-insurance-item');
    await expect(plan).toContainText('Perlindungan kerusakan tak disengaja untuk');
    await expect(plan).toContainText('Rp999.000');
    await expect.poll(async () => digits(await page.getByTestId('cart-total').textContent())).toBe(before + 999_000);

    // The checkout lists the plan, chosen, and its price is in the total the shopper pays.
    await page.goto('/id/checkout/');
    await mounted(page, 'checkout');
    const section = page.getByTestId('checkout-insurance');
    await expect(section.locator('input[type="checkbox"]')).toBeChecked();
    await expect(page.getByTestId('checkout-insurance-total')).toContainText('Rp999.000');
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-place').click();
    await payByCard(page);
    const orderId = (await page.getByTestId('result-order-id').textContent())!;

    // Paid, not delivered: the policy waits for the parcel.
    await page.goto('/id/user/');
    await mounted(page, 'user-area');
    const policy = page.getByTestId('insurance-policy');
    await expect(policy).toHaveCount(1);
    await expect(policy).toHaveAttribute('data-state', 'awaiting_delivery');

    // Staff ship the phone and mark the parcel delivered: the cover starts.
    const staff = await staffConsole(browser, 'orders');
    const pane = staff.getByTestId('staff-orders');
    await pane.getByLabel('Nomor pesanan atau email pembeli').fill(orderId);
    await pane.getByRole('button', { name: 'Cari', exact: true }).click();
    await pane.getByRole('button', { name: `Buka pesanan ${orderId}`, exact: true }).click();
    const opened = pane.getByTestId('staff-orders-order');
    await opened.getByRole('button', { name: 'Mulai siapkan', exact: true }).click();
    const reference = `WH-${orderId}-1`;
    const ship = opened.getByTestId('staff-orders-ship');
    await ship.getByLabel('Kurir').selectOption('jne');
    await ship.getByLabel('Nomor resi').fill(`JNE${Date.now()}`);
    await ship.getByLabel('Referensi gudang').fill(reference);
    await ship.getByTestId('staff-orders-ship-submit').click();
    await expect(opened).toHaveAttribute('data-state', 'shipped');
    await opened.getByRole('button', { name: `Tandai paket ${reference} sebagai diterima`, exact: true }).click();
    await expect(opened).toHaveAttribute('data-state', 'delivered');

    // The order page and /user show the policy active for 24 months, with no claim yet.
    await openOrder(page, 'id', orderId);
    const onOrder = page.getByTestId('insurance-policy');
    await expect(onOrder).toHaveAttribute('data-state', 'active');
    await expect(onOrder).toContainText('Aktif');
    await page.goto('/id/user/');
    await mounted(page, 'user-area');
    await expect(policy).toHaveAttribute('data-state', 'active');
    await expect(policy.getByTestId('insurance-policy-claims')).toContainText('0 dari 2');
    const policyId = (await policy.getAttribute('data-policy'))!;

    // A claim through the form: the IMEI, the day (today), what happened and a photo; it becomes a service request.
    await policy.getByTestId('insurance-claim-link').click();
    await page.waitForURL((url) => url.pathname === '/id/support/aftersales/apply/');
    await mounted(page, 'user-area');
    const form = page.getByTestId('claim-form');
    const imei = '356938035643809';
    await form.locator('#claim-imei').fill(imei);
    await form.locator('#claim-description').fill('Ponsel jatuh di tangga dan layarnya retak.');
    await page.getByTestId('claim-files').setInputFiles({ name: 'layar.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('claim-uploaded').locator('li')).toHaveCount(1);
    await page.getByTestId('claim-submit').click();
    await page.waitForURL((url) => /^\/id\/support\/aftersales\/apply\/\d+\/$/.test(url.pathname));
    await mounted(page, 'user-area');
    const request = page.getByTestId('service-request');
    await expect(request).toHaveAttribute('data-state', 'submitted');
    await expect(request).toContainText('Klaim asuransi');
    await expect(request).toContainText(`IMEI ${imei}`);
    const requestNo = ((await request.locator('h2').textContent()) ?? '').match(/SR\d{12}/)![0];

    // A second claim in the year passes; the third is refused with the day the next one may be made.
    expect((await claimByApi(page, policyId, imei)).errno).toBe(0);
    const third = await claimByApi(page, policyId, imei);
    expect(third.errno).toBe(48153);
    expect(third.errmsg).toContain('2 klaim dalam 12 bulan');
    expect(third.data?.claim_again_at ?? 0).toBeGreaterThan(Date.now() + 360 * 86_400_000);

    // The policy shows both claims and offers no third; the claim form says there is nothing to claim on.
    await page.goto('/id/user/');
    await mounted(page, 'user-area');
    await expect(policy.getByTestId('insurance-policy-claims')).toContainText('2 dari 2');
    await expect(policy.getByTestId('insurance-claim-link')).toHaveCount(0);
    await page.goto('/id/support/aftersales/apply/?kind=claim');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('claim-form')).toContainText('jatah klaim tahun ini sudah terpakai');

    // Staff see the claim in the service-requests pane with the policy behind it.
    await staff.getByRole('tab', { name: 'Permintaan layanan', exact: true }).click();
    await staff.locator(`[data-request="${requestNo}"] button`).click();
    await expect(staff.getByTestId('console-claim-policy')).toContainText(policyId);
    await staff.context().close();
  });
});
