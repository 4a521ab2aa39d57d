import { expect, test, type Page } from '@playwright/test';
import { mailLink, mounted, ownAddress, preConsent, productInStock, signUp } from './helpers';

const JAKARTA = {
  recipient: 'Budi Santoso',
  phone: '081234567890',
  street: 'Jl. Jend. Sudirman 52',
  city: 'Jakarta Selatan',
  state: 'DKI Jakarta',
  postalCode: '12190',
};

/** Buys one product in /id with the success card and answers the order id. */
async function buyOne(page: Page, withAddress = true): Promise<string> {
  await page.goto(`/id/product/${productInStock('id')}/`);
  await mounted(page, 'add-to-cart');
  await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
  await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
  await page.goto('/id/checkout/');
  await mounted(page, 'checkout');
  const form = page.getByTestId('address-form');
  if (withAddress) {
    for (const [field, value] of Object.entries(ownAddress(JAKARTA))) {
      const control = form.locator(`[name="${field}"]`);
      if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
      else await control.fill(value);
    }
    await form.locator('button[type="submit"]').click();
    await expect(form).toHaveCount(0);
  }
  await expect(page.getByTestId('checkout').locator('input[name="addressId"]')).toHaveCount(1);
  await page.getByTestId('checkout-agree').check();
  await page.getByTestId('checkout-place').click();
  await page.waitForURL((url) => url.pathname === '/id/buy/card-payment/');
  await mounted(page, 'checkout');
  const card = page.getByTestId('card-payment');
  await card.locator('#card-number').fill('4242 4242 4242 4242');
  await card.locator('#card-expiry').fill('12/34');
  await card.locator('#card-holder').fill('Test Shopper');
  await card.locator('#card-cvv').fill('123');
  await page.getByTestId('card-pay').click();
  await page.waitForURL((url) => url.pathname.startsWith('/id/payment-result/'));
  await mounted(page, 'checkout');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-state', 'paid');
  return (await page.getByTestId('result-order-id').textContent())!.trim();
}

test.describe('messages and notifications', () => {
  test('id: a shopper pays, opens the message in /user/message, the header count drops; sets a preference', async ({
    page,
    context,
  }) => {
    // Two purchases through the real checkout and card page.
    test.setTimeout(90_000);
    await preConsent(context);
    const { email } = await signUp(page, 'id', 'Pesan');
    const mailKinds = async () =>
      (
        (await (
          await page.request.get(`/api/mailbox?${new URLSearchParams({ format: 'json', to: email }).toString()}`)
        ).json()) as { data: { mails: { kind: string }[] } }
      ).data.mails.map((m) => m.kind);
    const orderId = await buyOne(page);

    await page.goto('/id/user/message/');
    await mounted(page, 'user-area');
    const inbox = page.getByTestId('inbox');
    const item = inbox.getByTestId('inbox-item').filter({ hasText: `Pembayaran pesanan ${orderId} diterima` });
    await expect(item).toHaveAttribute('data-read', 'false');
    // The welcome message and the payment message are unread: the header says 2.
    const header = page.getByTestId('unread-count');
    await expect(header).toHaveText('2');

    // The order tab lists only order messages.
    await inbox.locator('a[data-kind="order"]').click();
    await expect(page).toHaveURL(/\/id\/user\/message\/\?kind=order$/);
    await expect(page.getByTestId('inbox').getByTestId('inbox-item')).toHaveCount(1);

    await page.getByTestId('inbox').getByTestId('inbox-item').locator('a.inbox__title').click();
    await page.waitForURL((url) => /^\/id\/user\/message\/\d+\/$/.test(url.pathname));
    const detail = page.getByTestId('message-detail');
    await expect(detail.locator('h2')).toHaveText(`Pembayaran pesanan ${orderId} diterima`);
    await expect(detail).toHaveAttribute('data-read', 'true');
    // Opening it marked it read: the header count follows without a reload.
    await expect(header).toHaveText('1');
    await detail.getByRole('link', { name: 'Lihat detail' }).click();
    await page.waitForURL((url) => url.pathname === `/id/user/order/${orderId}/`);

    // Mark all read from the list: the header's unread link goes away.
    await page.goto('/id/user/message/');
    await mounted(page, 'user-area');
    await page.getByTestId('inbox').getByRole('button', { name: 'Tandai semua sudah dibaca' }).click();
    await expect(page.getByTestId('inbox').getByTestId('inbox-item').first()).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('unread-messages')).toHaveCount(0);

    // Preferences: order mail off, newsletter on; kept after a reload; security mail always goes (said on the page).
    await page.goto('/id/user/notification-preferences/');
    await mounted(page, 'user-area');
    const prefs = page.getByTestId('notification-preferences');
    await expect(prefs.getByTestId('notify-always')).toContainText('selalu dikirim');
    await prefs.locator('input[name="order-mail"]').uncheck();
    await prefs.locator('input[name="newsletter"]').check();
    await prefs.getByRole('button', { name: 'Simpan preferensi' }).click();
    await expect(prefs.getByTestId('notify-notice')).toHaveText('Preferensi Anda telah disimpan.');
    await page.reload();
    await mounted(page, 'user-area');
    await expect(page.locator('input[name="order-mail"]')).not.toBeChecked();
    await expect(page.locator('input[name="order-message"]')).toBeChecked();
    await expect(page.locator('input[name="newsletter"]')).toBeChecked();

    // The next paid order sends no order mail, but its message still arrives.
    const ordersMailed = (await mailKinds()).filter((k) => k === 'order-confirmation').length;
    expect(ordersMailed).toBe(1);
    const second = await buyOne(page, false);
    expect((await mailKinds()).filter((k) => k === 'order-confirmation' || k === 'payment-receipt')).toHaveLength(2);
    await page.goto('/id/user/notification/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('notifications').getByTestId('inbox-item').filter({ hasText: second })).toHaveCount(
      1,
    );
  });

  test('id: the unsubscribe link of a newsletter mail from /api/mailbox unsubscribes the address and says so', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    const email = `news${Date.now()}@example.com`;
    const asked = await page.request.get(`/api/id/misc/emailsubscribe?email=${encodeURIComponent(email)}`, {
      headers: { Accept: 'application/json', 'X-Forwarded-For': '10.9.8.7' },
    });
    expect(((await asked.json()) as { errno: number }).errno).toBe(0);
    await page.goto(await mailLink(page, email, 'subscribe-confirm'));
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.result')).toBeVisible();

    const box = await page.request.get(`/api/mailbox?${new URLSearchParams({ format: 'json', to: email }).toString()}`);
    const mail = ((await box.json()) as { data: { mails: { kind: string; text: string }[] } }).data.mails.find(
      (m) => m.kind === 'subscribe-confirm',
    )!;
    const link = new URL(/https?:\/\/\S+\/misc\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0]);
    const token = link.searchParams.get('token')!;

    // The mail's link: a page without script that names the address; its button unsubscribes and the page says so.
    await page.goto(link.pathname + link.search);
    await expect(page.locator('body')).toContainText(email);
    await expect(page.locator('input[name="email"]')).toHaveCount(0);
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.result')).toHaveText(
      `${email} telah berhenti berlangganan. Kami tidak akan mengirim buletin lagi ke alamat ini.`,
    );

    // The storefront page with the same token (JavaScript): no subscribe form anywhere, and it says it is already done.
    await page.goto(`/id/misc/unsubscribe/?token=${token}`);
    await mounted(page, 'subscribe');
    await expect(page.locator('.footer__subscribe')).toBeHidden();
    await expect(page.locator('main input[type="email"]')).toHaveCount(0);
    await page.getByTestId('unsubscribe').getByRole('button').click();
    await expect(page.getByTestId('unsubscribe-message')).toHaveText(
      `${email} sudah berhenti berlangganan. Tidak ada buletin yang dikirim ke alamat ini.`,
    );

    // A forged token says plainly that the link is not valid.
    await page.goto(`/id/misc/unsubscribe/?token=${'A'.repeat(43)}`);
    await mounted(page, 'subscribe');
    await page.getByTestId('unsubscribe').getByRole('button').click();
    await expect(page.getByTestId('unsubscribe-message')).toContainText('tidak valid atau sudah kedaluwarsa');
  });
});
