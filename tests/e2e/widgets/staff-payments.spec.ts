import { expect, test, type Page } from '@playwright/test';
import { commodityInStock, ownAddress, preConsent, signUp, staffConsole } from './helpers';
import { placedOrder } from './after-sale-helpers';

const JAKARTA = {
  recipient: 'Budi Santoso',
  phone: '081234567890',
  street: 'Jl. Jend. Sudirman 52',
  city: 'Jakarta Selatan',
  state: 'DKI Jakarta',
  postalCode: '12190',
};
const json = { Accept: 'application/json' };

/**
 * An order of one product placed by the signed-in shopper through the API (the checkout has its own tests), paid by
 * card when asked.
 */
async function placeOrder(page: Page, pay: boolean): Promise<string> {
  const orderId = await placedOrder(page, 'id', commodityInStock('id'));
  if (pay) {
    const paid = await page.request.post('/api/id/payment/card', {
      data: { orderId, number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Budi Santoso' },
      headers: json,
    });
    expect((await paid.json()).data.state).toBe('succeeded');
  }
  return orderId;
}

test.describe('the support console’s payments pane', () => {
  test('id: staff find a paid order by number and see its card payment, then cancel an unpaid order', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member in two browsers: 20–30 s on a loaded 2-core runner.
    test.setTimeout(90_000);
    await preConsent(context);
    const { email } = await signUp(page, 'id', 'Payer');
    expect(
      (await (await page.request.post('/api/id/address/save', { data: ownAddress(JAKARTA), headers: json })).json())
        .errno,
    ).toBe(0);
    const paidId = await placeOrder(page, true);

    // The console opens on another tab; staff switch to Payments.
    const staff = await staffConsole(browser, 'chats');
    await staff.getByRole('tab', { name: 'Pembayaran', exact: true }).click();
    const pane = staff.getByTestId('staff-payments');
    await expect(pane).toBeVisible();
    const number = pane.getByLabel('Nomor pesanan');
    const find = pane.getByRole('button', { name: 'Cari', exact: true });

    // Not an order number: said in the alert, nothing asked of the server.
    await number.fill('12ab');
    await find.click();
    await expect(pane.getByRole('alert')).toHaveText('Nomor pesanan hanya berisi angka, misalnya 1042.');
    await expect(number).toHaveAttribute('aria-invalid', 'true');

    // By keyboard: the number, then Enter.
    await number.fill(paidId);
    await number.press('Enter');
    const order = pane.getByTestId('staff-order');
    await expect(order).toHaveAttribute('data-order', paidId);
    await expect(order).toHaveAttribute('data-state', 'paid');
    await expect(order).toContainText(email);
    await expect(pane.getByRole('alert')).toHaveCount(0);
    const payments = pane.getByTestId('staff-order-payments');
    await expect(payments.locator('caption')).toHaveText('Pembayaran');
    const row = payments.locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-state', 'succeeded');
    await expect(row).toContainText('visa •••• 4242');
    await expect(row).toContainText('Berhasil');
    await expect(pane).toContainText('Tidak ada dana yang perlu dikembalikan untuk pesanan ini.');
    // A paid order that has not shipped can be cancelled here too (refunded in full); this test leaves it paid.
    await expect(pane.getByTestId('staff-order-cancel')).toHaveCount(1);

    // The shopper's next order stays unpaid; staff cancel it.
    const unpaidId = await placeOrder(page, false);
    await number.fill(unpaidId);
    await find.click();
    await expect(order).toHaveAttribute('data-order', unpaidId);
    await expect(order).toHaveAttribute('data-state', 'unpaid');
    await expect(pane.getByTestId('staff-order-payments')).toHaveCount(0);
    const cancel = pane.getByRole('button', { name: 'Batalkan pesanan', exact: true });
    await cancel.click();
    const confirmation = pane.getByTestId('staff-order-cancel-confirmation');
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toContainText(`Batalkan pesanan ${unpaidId}?`);
    // Keeping the order changes nothing and gives the focus back.
    await confirmation.getByRole('button', { name: 'Jangan batalkan', exact: true }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(cancel).toBeFocused();
    await expect(order).toHaveAttribute('data-state', 'unpaid');
    await cancel.click();
    await pane.getByRole('button', { name: 'Ya, batalkan pesanan', exact: true }).click();
    await expect(order).toHaveAttribute('data-state', 'cancelled');
    await expect(pane.getByTestId('staff-payments-notice')).toHaveText(`Pesanan ${unpaidId} telah dibatalkan.`);
    await expect(order).toContainText('Dibatalkan oleh staf dukungan');
    await expect(pane.getByTestId('staff-order-cancel')).toHaveCount(0);

    // The shopper's order says so too.
    const detail = await (await page.request.get(`/api/id/order/detail?orderId=${unpaidId}`, { headers: json })).json();
    expect(detail.data.order).toMatchObject({ state: 'cancelled', cancel_reason: 'staff' });
    await staff.context().close();
  });
});
