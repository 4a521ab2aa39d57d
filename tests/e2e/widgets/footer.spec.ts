import { expect, test } from '@playwright/test';
import { hostString, mounted, preConsent } from './helpers';

test.describe('footer subscribe', () => {
  test('an invalid email is flagged and never sent', async ({ page, context }) => {
    await preConsent(context);
    let called = false;
    page.on('request', (r) => {
      if (r.url().includes('/misc/emailsubscribe')) called = true;
    });
    await page.goto('/id/');
    const h = await mounted(page, 'subscribe');
    const input = h.getByRole('textbox');
    await input.fill('not-an-email');
    await h.locator('button[type="submit"]').click();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('subscribe-message')).toHaveText(
      await hostString(page, 'subscribe', 'footer.subscribe.invalidEmail'),
    );
    expect(called).toBe(false);
  });

  test('a valid email (trimmed) subscribes through the JSONP call', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/');
    const h = await mounted(page, 'subscribe');
    const address = `sub${Date.now()}@example.com`;
    const call = page.waitForRequest((r) => r.url().includes('/api/id/misc/emailsubscribe'));
    const input = h.getByRole('textbox');
    await input.fill(`  ${address}  `);
    await input.blur();
    await h.locator('button[type="submit"]').click();
    const url = new URL((await call).url());
    expect(url.searchParams.get('secrweb')).toBe('true');
    expect(url.searchParams.get('jsonpcallback')).toMatch(/^__storeJsonp/);
    expect(Buffer.from(url.searchParams.get('email') ?? '', 'base64').toString()).toBe(address);
    await expect(page.getByTestId('subscribe-message')).toHaveText(
      await hostString(page, 'subscribe', 'footer.subscribe.success'),
    );
  });

  test('kr has no subscribe box', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/kr/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('subscribe-form')).toHaveCount(0);
    await expect(page.locator('store-widget[name="subscribe"] input[type="email"]')).toHaveCount(0);
  });
});

test.describe('footer programme links', () => {
  // The footer links a programme only where its country runs it; Korea runs them all now (it answered "not offered").
  test('kr: the trade-in link opens an evaluator with Korean prices, the store link a finder with stores', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto('/kr/');
    const footer = page.locator('footer.footer');
    await footer.locator('a[href="/kr/trade-in/"]').first().click();
    await expect(page).toHaveURL(/\/kr\/trade-in\/$/);
    const brand = page.locator('#trade-in-brand');
    await expect(brand).toBeVisible();
    await expect(brand.locator('option', { hasText: 'Xiaomi' })).toHaveCount(1);
    await brand.selectOption('Xiaomi');
    await page.locator('#trade-in-modelId').selectOption('xiaomi-13');
    // The standard programme in won: Xiaomi 13 128GB is worth ₩368,000 in flawless condition.
    await expect(page.getByTestId('trade-in')).toContainText('368,000');

    await page.goto('/kr/');
    await footer.locator('a[href="/kr/store/xiaomi-store/"]').first().click();
    await expect(page).toHaveURL(/\/kr\/store\/xiaomi-store\/$/);
    await page.goto('/kr/store/xiaomi-store/detail/');
    await expect(page.locator('[data-store-id]')).toHaveCount(2);
    await expect(page.locator('[data-store-id="82001"]')).toContainText('서울특별시');
  });
});
