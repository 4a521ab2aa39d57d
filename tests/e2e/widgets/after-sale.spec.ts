import { expect, test, type Page } from '@playwright/test';
import { mounted, payByCard, preConsent, productInStock, signUp, staffConsole } from './helpers';
import {
  berlin,
  digits,
  issueGiftCard,
  jakarta,
  json,
  openOrder,
  paidOrder,
  pdfText,
  PNG,
  saveAddress,
  waitForInvoice,
} from './after-sale-helpers';

/** The amount of a refund's entry on the order page ("reason: amount · where to · state"). */
const refundAmount = (entry: string | null): number => digits((entry ?? '').split(':')[1]?.split('·')[0] ?? '');

/** The gift card part of the split payment: less than any phone, so the card pays the rest. */
const GIFT_CARD = 250_000;

/**
 * The shopper's checkout with a gift card for part of the total and a card for the rest; answers the order's id, its
 * total and what the card paid.
 */
async function buyWithGiftCardAndCard(
  page: Page,
  card: string,
): Promise<{ orderId: string; total: number; due: number }> {
  await page.goto(`/id/product/${productInStock('id')}/`);
  await mounted(page, 'add-to-cart');
  await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
  await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
  await page.goto('/id/checkout/');
  await mounted(page, 'checkout');
  await page.locator('#checkout-gift-card').fill(card);
  await page.getByTestId('checkout-gift-card-apply').click();
  await expect(page.getByTestId('order-gift-cards')).toContainText('250.000');
  const total = digits(await page.getByTestId('order-total').textContent());
  const due = digits(await page.getByTestId('order-due').textContent());
  expect(due).toBe(total - GIFT_CARD);
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-place').click();
  await payByCard(page);
  const orderId = (await page.getByTestId('result-order-id').textContent())!;
  return { orderId, total, due };
}

test.describe('after the sale', () => {
  test('id: gift card + card order shipped, delivered, returned with a photo; both parts refunded', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member in two browsers through some twenty pages, then the refund job (every 30 s).
    test.setTimeout(90_000);
    await preConsent(context);
    await signUp(page, 'id', 'Pengembali');
    await saveAddress(page, 'id', jakarta());
    const card = await issueGiftCard(page, 'id', GIFT_CARD);
    const { orderId, total, due } = await buyWithGiftCardAndCard(page, card);

    // Staff find the order in the console's Orders tab, start it and ship it with a carrier and tracking number.
    const staff = await staffConsole(browser, 'orders');
    const pane = staff.getByTestId('staff-orders');
    await pane.getByLabel('Nomor pesanan atau email pembeli').fill(orderId);
    await pane.getByRole('button', { name: 'Cari', exact: true }).click();
    await pane.getByRole('button', { name: `Buka pesanan ${orderId}`, exact: true }).click();
    const opened = pane.getByTestId('staff-orders-order');
    await expect(opened).toHaveAttribute('data-state', 'paid');
    await opened.getByRole('button', { name: 'Mulai siapkan', exact: true }).click();
    await expect(opened).toHaveAttribute('data-state', 'processing');
    const tracking = `JNE${Date.now()}`;
    const reference = `WH-${orderId}-1`;
    const ship = opened.getByTestId('staff-orders-ship');
    await ship.getByLabel('Kurir').selectOption('jne');
    await ship.getByLabel('Nomor resi').fill(tracking);
    await ship.getByLabel('Referensi gudang').fill(reference);
    await ship.getByTestId('staff-orders-ship-submit').click();
    await expect(opened).toHaveAttribute('data-state', 'shipped');
    await expect(pane.getByTestId('staff-orders-notice')).toHaveText(
      `Paket pesanan ${orderId} dicatat sebagai terkirim.`,
    );

    // The shopper's order page: shipped, with the carrier and a link to its tracking page.
    const detail = await openOrder(page, 'id', orderId);
    await expect(detail).toHaveAttribute('data-state', 'shipped');
    const parcel = page.getByTestId('order-parcel');
    await expect(parcel).toHaveCount(1);
    await expect(parcel).toHaveAttribute('data-delivered', 'false');
    await expect(parcel).toContainText('JNE');
    await expect(parcel).toContainText('Dalam perjalanan');
    const link = parcel.getByRole('link', { name: new RegExp(tracking) });
    await expect(link).toHaveAttribute('href', `https://www.jne.co.id/tracking-package?awb=${tracking}`);
    await expect(page.getByTestId('order-timeline').locator('li[data-kind="shipped"]')).toHaveCount(1);

    // Staff mark the parcel delivered; the page says so.
    await opened.getByRole('button', { name: `Tandai paket ${reference} sebagai diterima`, exact: true }).click();
    await expect(opened).toHaveAttribute('data-state', 'delivered');
    await page.reload();
    await mounted(page, 'user-area');
    await expect(detail).toHaveAttribute('data-state', 'delivered');
    await expect(detail.locator('h2')).toContainText('Diterima');
    await expect(parcel).toHaveAttribute('data-delivered', 'true');
    await expect(page.getByTestId('order-timeline').locator('li[data-kind="delivered"]')).toHaveCount(1);

    // The shopper returns the phone from the order page: units, reason and a photo.
    await page.getByTestId('order-return').getByRole('link', { name: 'Kembalikan barang' }).click();
    await page.waitForURL((url) => url.pathname === '/id/support/aftersales/apply/');
    await mounted(page, 'user-area');
    const form = page.getByTestId('return-form');
    await form.locator('select[id^="return-units-"]').first().selectOption('1');
    await form.getByLabel('Alasan pengembalian').selectOption('defective');
    await page.getByTestId('return-files').setInputFiles({ name: 'ponsel.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('return-uploaded').locator('li')).toHaveCount(1);
    await page.getByTestId('return-submit').click();
    await page.waitForURL((url) => /^\/id\/support\/aftersales\/apply\/\d+\/$/.test(url.pathname));
    await mounted(page, 'user-area');
    const request = page.getByTestId('service-request');
    await expect(request).toHaveAttribute('data-state', 'submitted');
    const requestNo = ((await request.locator('h2').textContent()) ?? '').match(/SR\d{12}/)![0];

    // Staff schedule the pick-up, record it and accept the return.
    await staff.getByRole('tab', { name: 'Permintaan layanan', exact: true }).click();
    await staff.locator(`[data-request="${requestNo}"] button`).click();
    const ret = staff.getByTestId('console-return');
    await ret.getByRole('button', { name: 'Jadwalkan penjemputan', exact: true }).click();
    await expect(staff.getByTestId('console-request')).toHaveAttribute('data-state', 'pickup_scheduled');
    await ret.getByRole('button', { name: 'Barang sudah dijemput', exact: true }).click();
    await expect(staff.getByTestId('console-request')).toHaveAttribute('data-state', 'received');
    await ret.getByTestId('console-return-accept').click();
    await expect(staff.getByTestId('console-return-accept')).toHaveCount(0);
    await staff.context().close();

    // The order page lists both refunds for the returned phone: the gift card's back at once, the card's paid by the
    // refund job (every 30 s); together the whole order.
    const refunds = page.getByTestId('order-refunds').locator('li');
    const toGiftCard = refunds.filter({ hasText: `ke kartu hadiah •••• ${card.slice(-4)}` });
    const toCard = refunds.filter({ hasText: 'ke kartu •••• 4242' });
    await expect(async () => {
      await openOrder(page, 'id', orderId);
      await expect(refunds).toHaveCount(2, { timeout: 1_000 });
      await expect(toGiftCard).toHaveAttribute('data-state', /^(succeeded|done)$/, { timeout: 1_000 });
      await expect(toCard).toHaveAttribute('data-state', 'succeeded', { timeout: 1_000 });
    }).toPass({ timeout: 45_000, intervals: [2_000] });
    await expect(refunds.first()).toContainText('Barang yang dikembalikan');
    await expect(refunds.last()).toContainText('Barang yang dikembalikan');
    await expect(toCard).toContainText('Dikembalikan pada');
    expect(refundAmount(await toGiftCard.textContent())).toBe(GIFT_CARD);
    expect(refundAmount(await toCard.textContent())).toBe(due);
    expect(GIFT_CARD + due).toBe(total);
    const steps = page.getByTestId('order-timeline');
    for (const kind of ['return_requested', 'return_picked_up', 'return_accepted', 'returned'])
      await expect(steps.locator(`li[data-kind="${kind}"]`)).toHaveCount(1);
    await expect(steps.locator('li[data-kind="refunded"]').first()).toBeVisible();

    // The gift card has its whole balance again.
    await page.goto('/id/user/voucher/');
    await mounted(page, 'user-area');
    const giftCard = page.locator(`[data-gift-card="${card}"]`);
    await expect(giftCard).toHaveAttribute('data-state', 'active');
    await expect(giftCard).toContainText('Saldo Rp250.000 dari Rp250.000');
  });

  test('id: a paid order cancelled before shipping in one click shows its refund at once', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await preConsent(context);
    await signUp(page, 'id', 'Pembatal');
    await saveAddress(page, 'id', jakarta());
    const orderId = await paidOrder(page, 'id', 'id');
    const detail = await openOrder(page, 'id', orderId);
    await expect(detail).toHaveAttribute('data-state', 'paid');
    const totalText = (await page.getByTestId('order-total').textContent())!.trim();
    const total = digits(totalText);

    // One click, then the confirmation that says what comes back.
    await page.getByRole('button', { name: 'Batalkan dan dapatkan pengembalian dana', exact: true }).click();
    const confirm = page.getByTestId('order-cancel-confirm');
    await expect(confirm.getByRole('heading')).toHaveText('Batalkan pesanan ini?');
    await expect(confirm).toContainText(`Kami mengembalikan ${totalText} ke metode pembayaran`);
    await confirm.getByRole('button', { name: 'Ya, batalkan dan kembalikan dana', exact: true }).click();
    await expect(page.getByTestId('order-cancel-paid-done')).toContainText('Pesanan Anda telah dibatalkan.');
    await expect(detail).toHaveAttribute('data-state', 'cancelled');
    await expect(detail.locator('h2')).toContainText('Dibatalkan');
    // The refund is there at once: the whole amount, to the card, being processed (or already paid by the job).
    const refund = page.getByTestId('order-refunds').locator('li');
    await expect(refund).toHaveCount(1);
    await expect(refund).toHaveAttribute('data-state', /^(pending|succeeded)$/);
    await expect(refund).toContainText('Pesanan dibatalkan sebelum dikirim');
    await expect(refund).toContainText('ke kartu •••• 4242');
    await expect(refund).toContainText(/Sedang diproses, paling lambat|Dikembalikan pada/);
    expect(refundAmount(await refund.textContent())).toBe(total);
    await expect(page.getByTestId('order-timeline').locator('li[data-kind="cancelled"]')).toHaveCount(1);
    // After a reload too: the order stays cancelled and offers no second cancellation.
    await page.reload();
    await mounted(page, 'user-area');
    await expect(detail).toHaveAttribute('data-state', 'cancelled');
    await expect(page.getByTestId('order-refunds').locator('li')).toHaveCount(1);
    await expect(page.getByTestId('order-cancel-paid')).toHaveCount(0);
  });

  test('de: the invoice of a paid order downloads from the order page and reads "inkl. MwSt."', async ({
    page,
    context,
  }) => {
    // The invoice job runs every minute: up to a minute of waiting.
    test.setTimeout(90_000);
    await preConsent(context);
    await signUp(page, 'de', 'Rechnungsleser');
    await saveAddress(page, 'de', berlin());
    const orderId = await paidOrder(page, 'de', 'de');
    const entry = await waitForInvoice(page, 'de', orderId);
    // The entry and the PDF name the order's total as the page shows it (white space as the PDF's text has it).
    const total = (await page.getByTestId('order-total').textContent())!.replace(/\s+/g, ' ').trim();
    await expect(entry).toContainText('Rechnung');
    expect((await entry.textContent())!.replace(/\s+/g, ' ')).toContain(total);
    const link = entry.getByRole('link', { name: 'PDF herunterladen' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^DE-\d{4}-\d{6}\.pdf$/);
    const text = await pdfText(await download.path());
    expect(text).toContain('Rechnung');
    expect(text).toContain('inkl. MwSt.');
    expect(text).toContain(orderId);
    expect(text).toContain(total);
    expect(text).toContain('MwSt. 19 %');
    expect(text).toContain(download.suggestedFilename().replace(/\.pdf$/, ''));
  });

  test('id: another shopper cannot download the first shopper’s invoice', async ({ page, context, browser }) => {
    test.setTimeout(90_000);
    await preConsent(context);
    await signUp(page, 'id', 'Pemilik');
    await saveAddress(page, 'id', jakarta());
    const orderId = await paidOrder(page, 'id', 'id');
    const entry = await waitForInvoice(page, 'id', orderId);
    const href = (await entry.getByRole('link').getAttribute('href'))!;
    const documentId = new URL(href, 'http://x').searchParams.get('id')!;
    // The owner gets the PDF by that address.
    const own = await page.request.get(href);
    expect(own.status()).toBe(200);
    expect(own.headers()['content-type']).toBe('application/pdf');

    const other = await browser.newContext();
    await preConsent(other);
    const stranger = await other.newPage();
    await signUp(stranger, 'id', 'Orang Lain');
    const refused = await stranger.request.get(`/api/id/order/document?id=${encodeURIComponent(documentId)}`, {
      headers: json,
    });
    expect(refused.status()).toBe(404);
    expect(refused.headers()['content-type']).toContain('application/json');
    const body = await refused.json();
    expect(body.errno).not.toBe(0);
    expect(body.data).toBeNull();
    const list = await (
      await stranger.request.get(`/api/id/order/documents?orderId=${orderId}`, { headers: json })
    ).json();
    expect(list.errno).not.toBe(0);
    // The order page says the order does not exist and offers no document.
    await stranger.goto(`/id/user/order/${orderId}/`);
    await mounted(stranger, 'user-area');
    await expect(stranger.getByText('Pesanan ini tidak ada.')).toBeVisible();
    await expect(stranger.getByTestId('order-invoices')).toHaveCount(0);
    await expect(stranger.locator('a[href*="order/document"]')).toHaveCount(0);
    await other.close();
  });
});
