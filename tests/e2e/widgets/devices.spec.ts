import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { mounted, preConsent, signUp, specialProducts, staffConsole } from './helpers';
import { jakarta, json, PNG, placedOrder, saveAddress } from './after-sale-helpers';

interface SnapshotPhone {
  id: string;
  name: string;
  category: string;
  commodities: { commodityId: string; offers: Record<string, { stock: number } | undefined> }[];
}

/** A phone on sale with stock in Indonesia (read from the snapshot the build used), and one of its commodities. */
function phoneInStock(): { name: string; commodityId: string } {
  const file = path.resolve('content/snapshots/catalogue/products.json');
  const { products } = JSON.parse(fs.readFileSync(file, 'utf8')) as { products: SnapshotPhone[] };
  const special = specialProducts('id');
  for (const p of products) {
    if (p.category !== 'phones' || special.has(p.id)) continue;
    const c = p.commodities.find((x) => (x.offers['id']?.stock ?? 0) > 10);
    if (c) return { name: p.name, commodityId: c.commodityId };
  }
  throw new Error('no phone in stock in id');
}

/** A fresh IMEI with a valid Luhn check digit. */
function imei(): string {
  const body = `86${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[13 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

test.describe('my devices', () => {
  test('id: a phone shipped with its IMEI is in My devices; the warranty check and the repair form know it', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    await preConsent(context);
    await signUp(page, 'id', 'Pemilik');
    await saveAddress(page, 'id', jakarta());
    const phone = phoneInStock();
    const orderId = await placedOrder(page, 'id', phone.commodityId);
    const paid = await (
      await page.request.post('/api/id/payment/card', {
        data: { orderId, number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Budi Santoso' },
        headers: json,
      })
    ).json();
    expect(paid.data?.state, JSON.stringify(paid)).toBe('succeeded');

    // Staff ship the phone from the console's Orders tab, naming its IMEI, then mark the parcel delivered.
    const number = imei();
    const staff = await staffConsole(browser, 'orders');
    const pane = staff.getByTestId('staff-orders');
    await pane.getByLabel('Nomor pesanan atau email pembeli').fill(orderId);
    await pane.getByRole('button', { name: 'Cari', exact: true }).click();
    await pane.getByRole('button', { name: `Buka pesanan ${orderId}`, exact: true }).click();
    const opened = pane.getByTestId('staff-orders-order');
    const ship = opened.getByTestId('staff-orders-ship');
    await ship.getByLabel('IMEI atau nomor seri setiap unit, satu per baris').fill(number);
    await ship.getByLabel('Kurir').selectOption('jne');
    await ship.getByLabel('Nomor resi').fill(`JNE${Date.now()}`);
    const reference = `WH-${orderId}-D`;
    await ship.getByLabel('Referensi gudang').fill(reference);
    await ship.getByTestId('staff-orders-ship-submit').click();
    await expect(opened).toHaveAttribute('data-state', 'shipped');
    await opened.getByRole('button', { name: `Tandai paket ${reference} sebagai diterima`, exact: true }).click();
    await expect(opened).toHaveAttribute('data-state', 'delivered');
    await staff.context().close();

    // My devices: the phone with its IMEI, the order it came from and its warranty date (12 months in Indonesia).
    const api = (await (await page.request.get('/api/id/devices', { headers: json })).json()).data.devices;
    expect(api).toHaveLength(1);
    expect(api[0]).toMatchObject({ imei: number, order_id: orderId, warranty: { status: 'in_warranty', months: 12 } });
    const until = api[0].warranty.until as string;
    expect(Number(until.slice(0, 4))).toBe(Number(api[0].delivered_on.slice(0, 4)) + 1);
    await page.goto('/id/user/');
    await mounted(page, 'user-area');
    await page.getByRole('link', { name: 'Perangkat saya', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/id/user/my-device/');
    await mounted(page, 'user-area');
    const card = page.locator(`[data-testid="device"][data-imei="${number}"]`);
    await expect(card).toContainText(phone.name);
    await expect(card).toContainText(`Pesanan ${orderId}`);
    const shown = await page.evaluate(
      (day) => new Date(`${day}T00:00:00Z`).toLocaleDateString(document.documentElement.lang, { timeZone: 'UTC' }),
      until,
    );
    const warranty = card.getByTestId('device-warranty');
    await expect(warranty).toHaveAttribute('data-status', 'in_warranty');
    await expect(warranty).toHaveText(`Bergaransi hingga ${shown}`);

    // The public warranty check answers for the IMEI with the model and the date, and nothing about the buyer.
    await page.goto('/id/universal/warranty-check/');
    await mounted(page, 'support-desk');
    const check = page.getByTestId('warranty-check');
    await check.getByLabel('IMEI atau nomor seri perangkat').fill(number);
    await check.getByRole('button', { name: 'Cek', exact: true }).click();
    const result = page.getByTestId('warranty-check-result');
    await expect(result).toHaveAttribute('data-status', 'in_warranty');
    await expect(result).toContainText(phone.name);
    await expect(result).toContainText(`Bergaransi hingga ${shown}`);
    await expect(result).not.toContainText(orderId);
    await expect(result).not.toContainText('Budi');

    // The repair form offers the phone: choosing it fills the device, so only the issue and the proof are typed.
    await page.goto('/id/user/my-device/');
    await mounted(page, 'user-area');
    await card.getByRole('link', { name: 'Ajukan perbaikan', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/id/support/aftersales/apply/');
    await mounted(page, 'user-area');
    const form = page.getByTestId('aftersales-apply');
    const offered = form.getByTestId('aftersales-devices').getByRole('radio', { name: new RegExp(number) });
    await expect(offered).toBeChecked();
    await expect(form.getByTestId('aftersales-device-chosen')).toContainText(number);
    await form.locator('#aftersales-description').fill('Layar berkedip setelah jatuh.');
    await page.getByTestId('aftersales-files').setInputFiles({ name: 'nota.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('aftersales-uploaded').locator('li')).toHaveCount(1);
    await page.getByTestId('aftersales-submit').click();
    await page.waitForURL((url) => /^\/id\/support\/aftersales\/apply\/\d+\/$/.test(url.pathname));
    await mounted(page, 'user-area');
    await expect(page.getByTestId('service-request')).toContainText(`IMEI ${number}`);

    // Its service history on My devices lists the repair.
    await page.goto('/id/user/my-device/');
    await mounted(page, 'user-area');
    await expect(card.getByTestId('device-service').locator('li')).toHaveCount(1);
  });
});
