import { expect, test, type Page } from '@playwright/test';
import { mounted, ownAddress, preConsent, productInStock, signUp, staffConsole } from './helpers';

const JAKARTA = {
  recipient: 'Budi Santoso',
  phone: '081234567890',
  street: 'Jl. Jend. Sudirman 52',
  city: 'Jakarta Selatan',
  state: 'DKI Jakarta',
  postalCode: '12190',
};
const json = { Accept: 'application/json' };
/** A 1×1 PNG: the photo of the receipt. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001',
  'hex',
);

/** A shopper with a paid order of one product in /id (bought through the API: the checkout has its own tests). */
async function paidOrder(page: Page): Promise<string> {
  await signUp(page, 'id', 'Service');
  expect(
    (await (await page.request.post('/api/id/address/save', { data: ownAddress(JAKARTA), headers: json })).json())
      .errno,
  ).toBe(0);
  await page.goto(`/id/product/${productInStock('id')}/`);
  await mounted(page, 'add-to-cart');
  await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
  await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
  const addressId = (await (await page.request.get('/api/id/address/list', { headers: json })).json()).data.addresses[0]
    .id;
  const placed = (
    await (
      await page.request.post('/api/id/order/place', { data: { addressId, agreePrivacy: true }, headers: json })
    ).json()
  ).data.order_id as string;
  const paid = await page.request.post('/api/id/payment/card', {
    data: { orderId: placed, number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Budi Santoso' },
    headers: json,
  });
  expect((await paid.json()).data.state).toBe('succeeded');
  return placed;
}

test.describe('after-sales and the support console', () => {
  test('id: a repair request with a photo of the receipt, moved by staff to repaired; the shopper sees it', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member in two browsers through a dozen pages: 20–30 s on a loaded 2-core runner.
    test.setTimeout(90_000);
    await preConsent(context);
    await paidOrder(page);
    await page.goto('/id/support/aftersales/apply/');
    await mounted(page, 'user-area');
    const form = page.getByTestId('aftersales-apply');
    await form.locator('input[name="product"]').first().check();
    await form.locator('#aftersales-device').fill('490154203237518');
    await form.locator('#aftersales-description').fill('Layar berkedip setelah jatuh.');
    // A file of a type that is not allowed is refused before sending.
    await page
      .getByTestId('aftersales-files')
      .setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByTestId('aftersales-message')).not.toBeEmpty();
    await page.getByTestId('aftersales-files').setInputFiles({ name: 'struk.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('aftersales-uploaded').locator('li')).toHaveCount(1);
    await page.getByTestId('aftersales-submit').click();
    await page.waitForURL((url) => /^\/id\/support\/aftersales\/apply\/\d+\/$/.test(url.pathname));
    await mounted(page, 'user-area');
    const request = page.getByTestId('service-request');
    await expect(request).toHaveAttribute('data-state', 'submitted');
    const requestNo = ((await request.locator('h2').textContent()) ?? '').match(/SR\d{12}/)![0];

    const staff = await staffConsole(browser, 'requests');
    await staff.locator(`[data-request="${requestNo}"] button`).click();
    for (const state of ['received', 'diagnosing', 'repairing', 'repaired']) {
      await staff.getByTestId(`console-move-${state}`).click();
      await expect(staff.getByTestId('console-request')).toHaveAttribute('data-state', state);
    }

    await page.reload();
    await mounted(page, 'user-area');
    await expect(page.getByTestId('service-request')).toHaveAttribute('data-state', 'repaired');
    await expect(page.getByTestId('service-schedule').locator('li')).toHaveCount(5);
    await page.goto('/id/support/aftersales/applylist/');
    await mounted(page, 'user-area');
    await expect(page.locator(`[data-request="${requestNo}"]`)).toHaveAttribute('data-state', 'repaired');
    // Without an account: the number and the IMEI show the schedule.
    const visitor = await browser.newPage();
    await visitor.goto(`/id/support/service-progress/?requestNo=${requestNo}`);
    await mounted(visitor, 'user-area');
    await visitor.locator('#progress-device').fill('490154203237518');
    await visitor.locator('[data-testid="service-progress"] form button').click();
    await expect(visitor.getByTestId('service-progress-result')).toHaveAttribute('data-state', 'repaired');
  });

  test("id: a chat the assistant cannot answer is answered by staff in the shopper's open chat", async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member in two browsers through a dozen pages: 20–30 s on a loaded 2-core runner.
    test.setTimeout(90_000);
    await preConsent(context);
    const { email } = await signUp(page, 'id', 'Chatter');
    await page.goto('/id/support/');
    await mounted(page, 'live-chat');
    const launcher = page.getByTestId('live-chat-launcher');
    await expect(launcher).toHaveAttribute('data-state', 'ready');
    await launcher.click();
    const panel = page.getByTestId('chat-panel');
    await panel.locator('#chat-panel-input').fill('Xqzv wwkp trrb?');
    await panel.locator('form button[type="submit"]').click();
    await expect(panel.locator('[data-sender="agent"]').last()).toContainText('Tim dukungan');

    const staff = await staffConsole(browser, 'chats');
    await staff.locator('[data-waiting="true"] button', { hasText: email }).first().click();
    await expect(staff.getByTestId('console-chat-log')).toContainText('Xqzv wwkp trrb?');
    await staff.locator('#console-chat-reply').fill('Halo, kami siap membantu.');
    await staff.getByTestId('console-chat-send').click();
    await expect(panel.locator('[data-sender="staff"]')).toContainText('Halo, kami siap membantu.');
  });
});
