import { expect, test, type Page } from '@playwright/test';
import { mounted, ownAddress, preConsent, signUp, staffConsole } from './helpers';
import { json, saveAddress } from './after-sale-helpers';

/** Turkish offers: Redmi Note 14 6+128 GB at 8,999 TL (within 9,500 TL), Redmi 15C 8+256 GB at 9,699 TL (above). */
const WITHIN_CAP = '10029';
const ABOVE_CAP = '10035';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The signed-in shopper's cart holds exactly this commodity (through the API: the cart has its own tests). */
async function cartOf(page: Page, commodityId: string): Promise<void> {
  const cart = await (await page.request.post('/api/tr/cart', { data: { action: 'get' }, headers: json })).json();
  const lines = (cart.data.unified_cart_data.items as { commodity_id: string }[]).map((l) => l.commodity_id);
  if (lines.length > 0)
    await page.request.post('/api/tr/cart', { data: { action: 'remove', commodityIds: lines }, headers: json });
  const added = await (
    await page.request.post('/api/tr/cart', { data: { action: 'add', commodityId, quantity: 1 }, headers: json })
  ).json();
  expect(added.errno, JSON.stringify(added)).toBe(0);
}

/** Opens the checkout and chooses the student coupon. */
async function checkoutWithStudentCoupon(page: Page): Promise<void> {
  await page.goto('/tr/checkout/');
  await mounted(page, 'checkout');
  const coupon = page.locator('label.choice', { hasText: 'Öğrenci kuponu' });
  await expect(coupon.getByTestId('coupon-rule')).toContainText('₺9.500,00');
  await coupon.locator('input[type="radio"]').check();
}

test.describe('student programme', () => {
  test('tr: verified by document (staff approve), buys a phone within the caps with the coupon, refused above', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member in two browsers through a dozen pages: 30–40 s on a loaded 2-core runner.
    test.setTimeout(120_000);
    await preConsent(context);
    const { email } = await signUp(page, 'tr', 'Ayşe');

    // The programme's page leads to the account's student section.
    await page.goto('/tr/p/student-program/');
    const verify = page.locator('.hero a.button');
    await expect(verify).toHaveAttribute('href', /\/tr\/user\/student\/$/);
    await verify.click();
    await page.waitForURL((url) => url.pathname === '/tr/user/student/');
    await mounted(page, 'user-area');
    const programme = page.getByTestId('student-programme');
    await expect(programme).toHaveAttribute('data-status', 'none');
    // The offer and its rule are shown before anything is claimed: 60 % of one device up to ₺9.500, at most ₺5.500.
    await expect(page.getByTestId('student-offer')).toHaveAttribute('data-state', 'locked');
    await expect(page.getByTestId('student-offer-rule')).toContainText('%60');
    await expect(page.getByTestId('student-offer-rule')).toContainText('₺5.500,00');

    // Verification by document: the school's name and a student certificate.
    await page.getByTestId('student-school').fill('İstanbul Teknik Üniversitesi');
    await page
      .getByTestId('student-files')
      .setInputFiles({ name: 'ogrenci-belgesi.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByTestId('student-uploaded').locator('li')).toHaveCount(1);
    await page.getByTestId('student-document-send').click();
    await expect(programme).toHaveAttribute('data-status', 'in_review');
    await expect(page.getByTestId('student-status')).toContainText('İstanbul Teknik Üniversitesi');

    // Staff approve it in the support console's Students tab.
    const staff = await staffConsole(browser, 'students', 'tr');
    const item = staff.getByTestId('student-item').filter({ hasText: email });
    await expect(item).toHaveCount(1);
    await item.getByTestId('student-open').click();
    const detail = staff.getByTestId('student-detail');
    await expect(detail.locator('a', { hasText: 'ogrenci-belgesi.pdf' })).toBeVisible();
    await detail.getByTestId('student-approve').click();
    await expect(staff.getByTestId('student-console-message')).not.toBeEmpty();
    await staff.context().close();

    // The shopper is told (message and mail) and claims this semester's coupon.
    const box = await page.request.get(`/api/mailbox?${new URLSearchParams({ format: 'json', to: email })}`);
    expect(((await box.json()).data.mails as { kind: string }[]).map((m) => m.kind)).toContain('student-approved');
    await page.reload();
    await mounted(page, 'user-area');
    await expect(programme).toHaveAttribute('data-status', 'verified');
    await page.getByTestId('student-claim').click();
    await expect(page.getByTestId('student-offer')).toHaveAttribute('data-state', 'claimed');

    await saveAddress(
      page,
      'tr',
      ownAddress({
        recipient: 'Ayşe Yılmaz',
        phone: '5321234567',
        street: 'İstiklal Cd. 10',
        city: 'İstanbul',
        state: 'İstanbul',
        postalCode: '34430',
      }),
    );

    // Above the device price limit: the coupon is refused with its rule, and no order can be placed with it (the server
    // refuses one too: errno 34006, reason price_cap, in the route tests).
    await cartOf(page, ABOVE_CAP);
    await checkoutWithStudentCoupon(page);
    await expect(page.getByTestId('coupon-refused')).toContainText('₺9.500,00');
    await page.getByTestId('checkout-agree').check();
    await expect(page.getByTestId('checkout-place')).toBeDisabled();

    // Within the caps: 60 % of ₺8.999,00 is ₺5.399,40 off; the order is placed and paid by card.
    await cartOf(page, WITHIN_CAP);
    await checkoutWithStudentCoupon(page);
    await expect(page.getByTestId('coupon-refused')).toHaveCount(0);
    await expect(page.getByTestId('order-amounts')).toContainText('₺5.399,40');
    await expect(page.getByTestId('order-amounts')).toContainText('₺3.599,60');
    await page.getByTestId('checkout-agree').check();
    await page.getByTestId('checkout-place').click();
    await page.waitForURL((url) => url.pathname === '/tr/buy/card-payment/');
    await mounted(page, 'checkout');
    const card = page.getByTestId('card-payment');
    await card.locator('#card-number').fill('4242 4242 4242 4242');
    await card.locator('#card-expiry').fill('12/34');
    await card.locator('#card-holder').fill('Ayse Yilmaz');
    await card.locator('#card-cvv').fill('123');
    await page.getByTestId('card-pay').click();
    await page.waitForURL((url) => url.pathname.startsWith('/tr/payment-result/'));
    await mounted(page, 'checkout');
    await expect(page.getByTestId('payment-result')).toHaveAttribute('data-state', 'paid');

    // This semester's coupon is used; the next comes with the next semester.
    await page.goto('/tr/user/student/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('student-offer')).toHaveAttribute('data-state', 'used');
  });
});
