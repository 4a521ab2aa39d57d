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
