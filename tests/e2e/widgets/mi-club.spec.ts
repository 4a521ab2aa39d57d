import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { commodityInStock, mailLink, mounted, preConsent, signUp, staffConsole } from './helpers';
import { jakarta, json, placedOrder, saveAddress } from './after-sale-helpers';

/** A commodity of a premium phone (sites/club.ts `PREMIUM_PRODUCTS`) in stock in /id, from the snapshot. */
function premiumPhone(): string {
  const raw = JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
    products: { id: string; commodities: { commodityId: string; offers: Record<string, { stock: number }> }[] }[];
  };
  const phone = raw.products.find((p) => p.id === 'xiaomi-15')!;
  return phone.commodities.find((c) => (c.offers['id']?.stock ?? 0) > 5)!.commodityId;
}

/** Staff move a paid order of one line through processing, shipping and delivery with the console's calls. */
async function deliver(staff: Page, orderId: string): Promise<void> {
  const post = async (call: string, data: Record<string, unknown>) => {
    const body = await (await staff.request.post(`/api/id/staff/fulfilment/${call}`, { data, headers: json })).json();
    expect(body.errno, JSON.stringify(body)).toBe(0);
    return body.data;
  };
  await post('processing', { orderId });
  const shipped = await post('ship', {
    orderId,
    reference: `CLUB-${orderId}`,
    carrier: 'sicepat',
    trackingNumber: `0099${orderId}`,
    lines: [{ lineNo: 1, quantity: 1 }],
  });
  const delivered = await post('delivered', { orderId, shipmentId: shipped.shipments[0].id });
  expect(delivered.order.state).toBe('delivered');
}

test.describe('Mi Club benefits and the priority club', () => {
  test('id: a Gold member gets express free; a delivered Xiaomi 15 puts their chat and ticket first', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member in two browsers, a purchase, a delivery and a checkout: slow on a loaded runner.
    test.setTimeout(120_000);
    await preConsent(context);
    const { email } = await signUp(page, 'id', 'Anggota Klub');
    await saveAddress(page, 'id', jakarta());

    // A Xiaomi 15 paid by card (Rp15.179.000): 15179 points earned, Gold.
    const phoneOrder = await placedOrder(page, 'id', premiumPhone());
    const paid = await (
      await page.request.post('/api/id/payment/card', {
        data: { orderId: phoneOrder, number: '4242 4242 4242 4242', expiry: '12/34', cvv: '123', holder: 'Budi' },
        headers: json,
      })
    ).json();
    expect(paid.data?.state, JSON.stringify(paid)).toBe('succeeded');

    await page.goto('/id/user/mi-club/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('mi-club')).toHaveAttribute('data-level', 'gold');
    await expect(page.getByTestId('club-benefits').locator('[data-benefit="express"]')).toBeVisible();
    await expect(page.getByTestId('club-priority')).toHaveAttribute('data-member', 'false');

    // The checkout: express is free, and says it is the level's benefit.
    const added = await (
      await page.request.post('/api/id/cart', {
        data: { action: 'add', commodityId: commodityInStock('id'), quantity: 1 },
        headers: json,
      })
    ).json();
    expect(added.errno, JSON.stringify(added)).toBe(0);
    await page.goto('/id/checkout/');
    await mounted(page, 'checkout');
    await page.locator('input[name="deliveryMethod"][value="express"]').check();
    const note = page.getByTestId('club-free-express');
    await expect(note).toHaveAttribute('data-level', 'gold');
    await expect(note).toContainText('Gold');
    const amounts = page.getByTestId('order-amounts');
    await expect(amounts).toContainText('Gratis');
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-place').click();
    await page.waitForURL((url) => url.pathname === '/id/buy/card-payment/');
    const orderId = new URL(page.url()).searchParams.get('orderId')!;
    const order = (await (await page.request.get(`/api/id/order/detail?orderId=${orderId}`, { headers: json })).json())
      .data.order;
    expect(order).toMatchObject({ delivery_method: 'express', amounts: { shipping_fee: 0 } });

    // Staff deliver the phone: the shopper is in the priority club.
    const staff = await staffConsole(browser, 'chats');
    await deliver(staff, phoneOrder);
    await page.goto('/id/user/mi-club/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('club-priority')).toHaveAttribute('data-member', 'true');
    await expect(page.getByTestId('club-priority')).toContainText('Xiaomi 15');

    // A chat question the assistant cannot answer waits for staff, at the top of the list with the badge.
    const asked = await (
      await page.request.post('/api/id/chat/messages', { data: { body: 'Qwxyz zzkrp layar?' }, headers: json })
    ).json();
    const chat = staff.locator(`[data-chat="${asked.data.conversation_id as string}"]`);
    await expect(chat).toHaveAttribute('data-priority', 'true', { timeout: 15_000 });
    await expect(chat.getByTestId('priority-badge')).toBeVisible();
    await expect(staff.locator('[data-chat][data-waiting="true"]').first()).toHaveAttribute('data-priority', 'true');

    // A ticket through the contact form: first in the Tickets tab, with the badge.
    const sent = await (
      await page.request.post('/api/id/support/tickets/offline', {
        data: { name: 'Budi', email, requestType: 'repair', text: 'Layar Xiaomi 15 saya bergaris sejak kemarin.' },
        headers: json,
      })
    ).json();
    expect(sent.errno, JSON.stringify(sent)).toBe(0);
    const token = new URL(await mailLink(page, email, 'ticket-confirm'), 'http://x').searchParams.get('token');
    const confirmed = await (
      await page.request.post('/api/id/support/tickets/offline/confirm', { data: { token }, headers: json })
    ).json();
    const number = confirmed.data.ticket.number as string;
    await staff.getByRole('tab', { name: 'Tiket dan keluhan', exact: true }).click();
    const row = staff.locator(`tr[data-ticket="${number}"]`);
    await expect(row).toHaveAttribute('data-priority', 'true');
    await expect(row.getByTestId('priority-badge')).toBeVisible();
    await expect(staff.locator('tr[data-ticket]').first()).toHaveAttribute('data-ticket', number);
  });
});
