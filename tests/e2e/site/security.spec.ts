import { expect, test } from '@playwright/test';
import { offeredProduct } from './fixtures';

/**
 * Every page is served with a strict Content-Security-Policy (scripts from this origin only, no inline
 * script) and still works under it: the islands mount and the browser reports no violation.
 */
test.describe('security headers in the browser', () => {
  test('pages under the strict CSP mount their islands with no violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    for (const path of [
      '/id/',
      `/id/product/${offeredProduct('id').product.id}/`,
      '/id/cart/',
      '/de/support/',
      '/ae-ar/',
    ]) {
      const response = await page.goto(path);
      const headers = response!.headers();
      expect(headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBeTruthy();
      const inline = await page.evaluate(
        () =>
          [...document.querySelectorAll('script:not([src])')].filter(
            (s) => s.getAttribute('type') !== 'application/ld+json',
          ).length,
      );
      expect(inline, `inline scripts on ${path}`).toBe(0);
      await expect(page.locator('store-widget[name="consent"]').first()).toHaveAttribute('data-state', 'mounted', {
        timeout: 10_000,
      });
    }
    expect(violations).toEqual([]);
  });

  test('dotfiles, source maps and sources are never served', async ({ request }) => {
    for (const path of [
      '/.env',
      '/_routes.json',
      '/package.json',
      '/webpack.stats.json',
      '/gatsby-config.ts',
      '/server/config.ts',
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});
