import { expect, test, type Page } from '@playwright/test';
import { mailLink, mounted, preConsent, signUp, staffConsole } from './helpers';
import { jakarta, paidOrder, saveAddress } from './after-sale-helpers';

const json = { Accept: 'application/json' };

/** Opens /id/user/ and waits for the friend-code block of the account page. */
async function friendBlock(page: Page) {
  await page.goto('/id/user/');
  await mounted(page, 'user-area');
  const block = page.getByTestId('friend-codes');
  await expect(block).toBeVisible();
  return block;
}

/** Staff start, ship and deliver the order through the console's API (the Orders tab has its own browser test). */
async function deliver(staff: Page, orderId: string) {
  const post = async (path: string, data: Record<string, unknown>) => {
    const r = await staff.request.post(`/api/id/staff/fulfilment/${path}`, { data, headers: json });
    const body = await r.json();
    expect(body.errno, JSON.stringify(body)).toBe(0);
    return body.data;
  };
  await post('processing', { orderId });
  const shipped = await post('ship', {
    orderId,
    reference: `WH-${orderId}`,
    carrier: 'jne',
    trackingNumber: `JNE${Date.now()}`,
    lines: [{ lineNo: 1, quantity: 1 }],
  });
  await post('delivered', { orderId, shipmentId: String(shipped.shipments[0].id) });
}

test.describe('friend codes', () => {
  test('id: a shared code signs a new shopper up; after the return window the friend sees the reward', async ({
    page,
    browser,
  }) => {
    // Sign-up by mail, a purchase, staff delivery, then the reward: the browser server shortens the wait after
    // delivery to 5 s (FRIEND_RETURN_WINDOW_MS) and the sweep runs every 30 s.
    test.setTimeout(180_000);
    await preConsent(page.context());
    await signUp(page, 'id', 'Rina');
    const block = await friendBlock(page);
    const code = await block.getByTestId('friend-code').getAttribute('data-code');
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    await expect(block.getByTestId('friend-code')).toHaveText(`${code!.slice(0, 4)}-${code!.slice(4)}`);
    await expect(block.getByTestId('friend-none')).toBeVisible();
    // The country's share networks; WhatsApp opens with the text and the link that carries the code.
    const share = block.getByTestId('friend-share');
    await expect(share.locator('button[data-network]')).toHaveCount(5);
    await page.context().route('https://api.whatsapp.com/**', (route) => route.fulfill({ body: 'shared' }));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      share.locator('button[data-network="whatsapp"]').click(),
    ]);
    await popup.waitForLoadState();
    const text = new URL(popup.url()).searchParams.get('text') ?? '';
    await popup.close();
    expect(text).toContain(`${code!.slice(0, 4)}-${code!.slice(4)}`);
    const link = /https?:\/\/\S+/.exec(text)?.[0] ?? '';
    const shared = new URL(link);
    expect(shared.pathname).toBe('/api/id/site/login');
    expect(shared.searchParams.get('friend')).toBe(code);
    expect(shared.searchParams.get('utm_source')).toBe('whatsapp');

    // A new shopper opens the link in a browser of their own: the sign-up form has the code in it.
    const context = await browser.newContext();
    await preConsent(context);
    const shopper = await context.newPage();
    await shopper.goto(shared.pathname + shared.search);
    await expect(shopper.locator('input[name="friendCode"]')).toHaveValue(code!);
    const email = `f${Date.now()}@example.com`;
    await shopper.locator('input[name="email"]').fill(email);
    await shopper.locator('input[name="nickname"]').fill('Dewi');
    await shopper.locator('input[name="password"]').fill('correct horse battery');
    await shopper.locator('form button[type="submit"]').click();
    await expect(shopper.locator('p.result')).toBeVisible();
    await shopper.goto(await mailLink(shopper, email, 'register-verify'));
    await shopper.locator('form button[type="submit"]').click();
    await shopper.waitForURL((url) => url.pathname === '/id/');

    // The welcome coupon is in their coupons (the checkout's use of it has its API test); the first order is paid.
    await shopper.goto('/id/user/coupon/');
    await mounted(shopper, 'user-area');
    await expect(shopper.getByText('Penawaran sambutan dari teman')).toBeVisible();
    await saveAddress(shopper, 'id', jakarta());
    const orderId = await paidOrder(shopper, 'id', 'id');

    // The friend sees who joined: the order is paid and waits for its delivery.
    await expect(async () => {
      const b = await friendBlock(page);
      await expect(b.getByTestId('friend')).toHaveAttribute('data-state', 'pending', { timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [3_000] });
    await expect(block.getByTestId('friend')).toContainText('D***');

    // Staff deliver it; once the (shortened) return window has passed, the reward is paid.
    const staff = await staffConsole(browser, 'orders');
    await deliver(staff, orderId);
    await staff.context().close();
    await expect(async () => {
      const b = await friendBlock(page);
      await expect(b.getByTestId('friend')).toHaveAttribute('data-state', 'rewarded', { timeout: 1_000 });
    }).toPass({ timeout: 90_000, intervals: [5_000] });
    const points = await (await page.request.get('/api/id/points', { headers: json })).json();
    expect(points.data.history[0]).toMatchObject({ delta: 10_000, reason: 'friend' });
    await context.close();
  });
});
