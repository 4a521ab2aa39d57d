import { expect, test } from '@playwright/test';
import { mounted, preConsent, signUp, staffConsole } from './helpers';
import { applyInIndia, review } from './business-helpers';
import { E2E_OPS_TOKEN } from '../ops-token';

const json = { Accept: 'application/json' };
const ops = { Authorization: `Bearer ${E2E_OPS_TOKEN}`, ...json };

test.describe('business accounts', () => {
  test('in: the landing page is static and indexable; a visitor is sent to sign-in then to the application', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    const res = await page.goto('/in/business/');
    expect(res?.status()).toBe(200);
    const html = (await res?.text()) ?? '';
    expect(html).not.toMatch(/<meta[^>]+name="robots"[^>]+noindex/);
    expect(html).toContain('GSTIN');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByText('3 working days').first()).toBeVisible();
    const apply = page.getByTestId('business-apply').first();
    const href = (await apply.getAttribute('href')) ?? '';
    expect(href).toContain('/api/in/site/login');
    expect(decodeURIComponent(href)).toContain('/in/business/account/');
  });

  test('in: apply with a GSTIN, staff approve in the console, the business pages show the GOOD wording', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member in two browsers through a dozen pages: 20–30 s on a loaded 2-core runner.
    test.setTimeout(90_000);
    await preConsent(context);
    await signUp(page, 'in', 'Asha');
    const company = `Acme Approved ${Date.now()}`;
    await applyInIndia(page, company);
    await page.goto('/in/business/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('business-status')).toHaveAttribute('data-status', '1');
    await expect(page.getByTestId('business-status-message')).toContainText('under review');

    const staff = await staffConsole(browser, 'enterprise', 'in');
    await review(staff, company, async (detail) => {
      await detail.getByTestId('enterprise-months').fill('12');
      await detail.getByTestId('enterprise-approve').click();
    });

    await page.goto('/in/business/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('business-status')).toHaveAttribute('data-status', '3');
    await expect(page.getByTestId('business-status-message')).toContainText('active, valid until');
    await page.goto('/in/business/account/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('business-account')).toHaveAttribute('data-status', '3');
    await expect(page.getByTestId('business-account-company')).toHaveText(company);
    // The header's business buttons come from the server too.
    await expect(page.locator('.header-button[href="/in/business/cart/"]').first()).toBeAttached();
  });

  test('in: a rejected application shows the reason and a re-apply button; an expired account offers renewal', async ({
    page,
    context,
    browser,
  }) => {
    // A shopper and a staff member in two browsers through a dozen pages: 20–30 s on a loaded 2-core runner.
    test.setTimeout(90_000);
    await preConsent(context);
    const { email } = await signUp(page, 'in', 'Ravi');
    const company = `Acme Rejected ${Date.now()}`;
    await applyInIndia(page, company);
    const staff = await staffConsole(browser, 'enterprise', 'in');
    await review(staff, company, async (detail) => {
      await detail.getByTestId('enterprise-reason').fill('The GST certificate is not readable.');
      await detail.getByTestId('enterprise-reject').click();
    });
    await page.goto('/in/business/account/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('business-account')).toHaveAttribute('data-status', '4');
    await expect(page.getByTestId('business-account-message')).toContainText('The GST certificate is not readable.');
    await expect(page.getByTestId('business-start')).toBeVisible();
    await page.goto('/in/business/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('business-status-message')).toContainText('not approved');

    // Re-apply, get approved, then the validity ends: EXPIRED wording with a renew button.
    await applyInIndia(page, company);
    await review(staff, company, async (detail) => detail.getByTestId('enterprise-approve').click());
    const moved = await page.request.post('/api/ops/enterprise/validity', {
      data: { email, local: 'in', validUntil: new Date(Date.now() - 86_400_000).toISOString() },
      headers: ops,
    });
    expect((await moved.json()).errno).toBe(0);
    await page.goto('/in/business/account/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('business-account')).toHaveAttribute('data-status', '5');
    await expect(page.getByTestId('business-account-message')).toContainText('expired');
    await expect(page.getByTestId('business-start')).toContainText('Renew');
    await page.goto('/in/business/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('business-status')).toHaveAttribute('data-status', '5');
    await expect(page.getByTestId('business-status-action')).toContainText('Renew');
  });
});
