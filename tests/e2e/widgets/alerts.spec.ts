import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mounted, preConsent, signUp, staffConsole } from './helpers';
import { E2E_OPS_TOKEN } from '../ops-token';

const json = { Accept: 'application/json' };
const ops = { ...json, authorization: `Bearer ${E2E_OPS_TOKEN}` };
/** A version /de starts sold out (its snapshot stock is 0) and no other browser test touches. */
const SOLD_OUT = {
  productId: 'xiaomi-sound-outdoor',
  name: 'Xiaomi Sound Outdoor',
  commodityId: '10141',
  search: 'Sound Outdoor',
};
/** The /de coupon for appliances and TVs (no other browser test uses it), on an appliance's page. */
const SALE = {
  couponId: 'de-smart-home-15',
  title: 'Smart-Home-Angebot',
  productId: 'xiaomi-robot-vacuum-s40',
};

interface Mail {
  kind: string;
  subject: string;
  text: string;
}

async function mails(request: APIRequestContext, to: string, kind: string): Promise<Mail[]> {
  const box = await request.get(`/api/mailbox?${new URLSearchParams({ format: 'json', to }).toString()}`);
  return ((await box.json()) as { data: { mails: Mail[] } }).data.mails.filter((m) => m.kind === kind);
}

const serverNow = async (request: APIRequestContext) =>
  Number((await request.get('/api/health')).headers()['x-server-time']);

/** The inventory pane with the product found and its version's row opened. */
async function openOffer(staff: Page) {
  const pane = staff.getByTestId('staff-inventory');
  await pane.getByLabel('Produktname oder ID').fill(SOLD_OUT.search);
  await pane.getByLabel('Produktname oder ID').press('Enter');
  const row = pane.getByTestId('staff-inventory-offers').locator(`tbody tr[data-commodity="${SOLD_OUT.commodityId}"]`);
  await expect(row.getByRole('rowheader')).toContainText(SOLD_OUT.name);
  await expect(row.locator('td').first()).toHaveText('0');
  await row.getByRole('button', { name: 'Bestand ändern', exact: true }).click();
  return { pane, offer: pane.getByTestId('staff-inventory-offer') };
}

test.describe('stock and sale alerts', () => {
  test('de: a visitor asks to be told, signs in, an operator restocks in the console, the mail arrives', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper, an operator and the mailbox in two browsers on a loaded 2-core runner.
    test.setTimeout(120_000);
    // The shopper's account exists; this browser is not signed in.
    const other = await browser.newContext();
    const shopper = await signUp(await other.newPage(), 'de', 'Wartend');
    await other.close();
    await preConsent(context);

    const productPage = `/de/product/${SOLD_OUT.productId}/?commodityId=${SOLD_OUT.commodityId}`;
    await page.goto(productPage);
    await mounted(page, 'add-to-cart');
    await expect(page.locator('[data-product-selection] .product__stock')).toHaveText('Ausverkauft');
    const addToCart = page.getByTestId('add-to-cart').getByRole('button', { name: 'In den Warenkorb', exact: true });
    await expect(addToCart).toBeDisabled();
    const alert = page.getByTestId('back-in-stock');
    await expect(alert).toContainText('innerhalb von 30 Tagen');
    // A visitor signs in first, and the request goes with them.
    await alert.getByRole('button', { name: 'Benachrichtigen, wenn wieder da', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/api/de/site/login');
    expect(new URL(page.url()).searchParams.get('redirectUrl')).toMatch(/alert=stock(:|%3A)10141/);
    await page.locator('input[name="email"]').fill(shopper.email);
    await page.locator('input[name="password"]').fill(shopper.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === `/de/product/${SOLD_OUT.productId}/`);
    await mounted(page, 'add-to-cart');
    // Back on the version, the request is carried out once and taken out of the address.
    await expect(alert.getByRole('status')).toContainText('Wir benachrichtigen Sie, wenn diese Variante bis zum');
    await expect(alert.getByRole('link', { name: 'Meine Benachrichtigungen' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('alert')).toBeNull();

    // The operator sees who is waiting, then restocks the version in the inventory pane.
    const staff = await staffConsole(browser, 'alerts', 'de');
    const waiting = staff.getByTestId('staff-alerts-offers').locator(`tr[data-commodity="${SOLD_OUT.commodityId}"]`);
    await expect(waiting.getByRole('rowheader')).toContainText(SOLD_OUT.name);
    await expect(waiting.locator('td').nth(1)).toHaveText('1');
    await staff.getByRole('tab', { name: 'Lagerbestand', exact: true }).click();
    const { pane, offer } = await openOffer(staff);
    await offer.getByLabel('Hinzuzufügende Stück (negativ zum Entfernen)').fill('5');
    await offer
      .getByLabel('Notiz: Warum sich der Bestand ändert (Pflichtfeld)')
      .fill('Lieferung aus dem Lager Duisburg');
    await offer.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(pane.getByTestId('staff-inventory-notice')).toHaveText(`${SOLD_OUT.name}: Der Bestand ist jetzt 5.`);

    // Told once, by mail and by message, with the link to the version.
    await expect.poll(async () => (await mails(page.request, shopper.email, 'alert-back-in-stock')).length).toBe(1);
    const [mail] = await mails(page.request, shopper.email, 'alert-back-in-stock');
    expect(mail!.subject).toMatch(/^Wieder verfügbar: Xiaomi Sound Outdoor/);
    expect(mail!.text).toContain(`/de/product/${SOLD_OUT.productId}/?commodityId=${SOLD_OUT.commodityId}`);
    await page.goto('/de/user/alerts/');
    await mounted(page, 'user-area');
    const listed = page.getByTestId('stock-alerts').locator('li').first();
    await expect(listed).toHaveAttribute('data-state', 'notified');
    await expect(listed).toContainText(SOLD_OUT.name);
    await expect(listed).toContainText('Wieder verfügbar');
    // The version can be bought again.
    await page.goto(productPage);
    await mounted(page, 'add-to-cart');
    await expect(addToCart).toBeEnabled();
    await staff.context().close();
  });

  test('de: "remind me" before a flash coupon opens mails the reminder before the start', async ({ page, context }) => {
    test.setTimeout(90_000);
    await preConsent(context);
    const shopper = await signUp(page, 'de', 'Erinnerung');
    // An operator opens the coupon half a minute from now: nearer than the reminder's lead, so it goes at once.
    const startsAt = (await serverNow(page.request)) + 30_000;
    const moved = await page.request.post('/api/ops/coupon/window', {
      data: {
        couponId: SALE.couponId,
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + 3600_000).toISOString(),
      },
      headers: ops,
    });
    expect((await moved.json()).errno, await moved.text()).toBe(0);

    await page.goto(`/de/product/${SALE.productId}/`);
    await mounted(page, 'add-to-cart');
    const coupon = page.getByTestId('product-coupons').locator(`[data-coupon="${SALE.couponId}"]`);
    await expect(coupon).toHaveAttribute('data-phase', 'upcoming');
    await expect(coupon.getByRole('button', { name: 'Einlösen', exact: true })).toBeDisabled();
    await coupon.getByRole('button', { name: 'Erinnern', exact: true }).click();
    const reminder = coupon.getByTestId('sale-reminder');
    await expect(reminder).toHaveAttribute('data-state', 'sent');
    await expect(reminder).toContainText('Erinnerung gesendet. Die Aktion beginnt am');

    await expect.poll(async () => (await mails(page.request, shopper.email, 'alert-sale-reminder')).length).toBe(1);
    // Mailed before the sale opened.
    expect(await serverNow(page.request)).toBeLessThan(startsAt);
    const [mail] = await mails(page.request, shopper.email, 'alert-sale-reminder');
    expect(mail!.subject).toBe(`Beginnt bald: ${SALE.title}`);
    expect(mail!.text).toContain(`/de/product/${SALE.productId}/`);
    await page.goto('/de/user/alerts/');
    await mounted(page, 'user-area');
    const listed = page.getByTestId('sale-reminders').locator('li').first();
    await expect(listed).toHaveAttribute('data-state', 'sent');
    await expect(listed).toContainText(SALE.title);
  });
});
