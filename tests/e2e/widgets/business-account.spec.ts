import { expect, test, type Browser, type Page } from '@playwright/test';
import { mounted, preConsent, signUp } from './helpers';
import { E2E_STAFF_EMAIL, E2E_STAFF_PASSWORD } from '../staff-password';
import { E2E_OPS_TOKEN } from '../ops-token';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const json = { Accept: 'application/json' };
const ops = { Authorization: `Bearer ${E2E_OPS_TOKEN}`, ...json };

/** The seeded staff member signs in on the ordinary sign-in page of /in and opens the business review pane. */
async function staffConsole(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await preConsent(context);
  const page = await context.newPage();
  await page.goto(`/api/in/site/login?redirectUrl=${encodeURIComponent('/in/support/console/?tab=enterprise')}`);
  await page.locator('input[name="email"]').fill(E2E_STAFF_EMAIL);
  await page.locator('input[name="password"]').fill(E2E_STAFF_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/in/support/console/');
  await mounted(page, 'user-area');
  await expect(page.getByTestId('console-enterprise')).toBeVisible();
  return page;
}

/** Fills the application of /in (company in Maharashtra, GSTIN with its state code 27) and sends it with one document. */
async function applyInIndia(page: Page, company: string): Promise<void> {
  await page.goto('/in/business/account/');
  await mounted(page, 'user-area');
  await page.getByTestId('business-start').click();
  const form = page.getByTestId('business-form');
  await form.locator('#business-companyName').fill(company);
  await form.locator('#business-street').fill('12 MG Road, Fort');
  await form.locator('#business-city').fill('Mumbai');
  await form.locator('#business-state').fill('Maharashtra');
  await form.locator('#business-postalCode').fill('400001');
  await form.locator('#business-contactName').fill('Asha Rao');
  await form.locator('#business-email').fill('asha@acme.example');
  await form.locator('#business-phone').fill('9820000000');
  // A GSTIN of another state (29 = Karnataka) is refused by the server with the field marked.
  await form.locator('#business-gstin').fill('29AAPFU0939F1ZV');
  await page.getByTestId('business-documents').setInputFiles({ name: 'gst-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('business-uploaded').locator('li')).toHaveCount(1);
  await page.getByTestId('business-submit').click();
  await expect(form.locator('#business-gstin')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('business-form-message')).not.toBeEmpty();
  await form.locator('#business-gstin').fill('27AAPFU0939F1ZV');
  await page.getByTestId('business-submit').click();
  await expect(page.getByTestId('business-account')).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('business-account-message')).toContainText('3 working days');
}

async function review(staff: Page, company: string, decide: (detail: ReturnType<Page['getByTestId']>) => Promise<void>): Promise<void> {
  await staff.reload();
  await mounted(staff, 'user-area');
  await staff.getByTestId('enterprise-item').filter({ hasText: company }).getByTestId('enterprise-open').click();
  const detail = staff.getByTestId('enterprise-detail');
  await expect(detail.getByTestId('enterprise-tax-gstin')).toHaveText('27AAPFU0939F1ZV');
  await decide(detail);
  await expect(staff.getByTestId('enterprise-message')).not.toBeEmpty();
  await expect(staff.getByTestId('enterprise-detail')).toHaveCount(0);
}

test.describe('business accounts (issue 11)', () => {
  test('in: the landing page is static and indexable; a visitor is sent to sign-in then to the application', async ({ page, context }) => {
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

  test('in: apply with a GSTIN, staff approve in the console, the business pages show the GOOD wording', async ({ page, context, browser }) => {
    await preConsent(context);
    await signUp(page, 'in', 'Asha');
    const company = `Acme Approved ${Date.now()}`;
    await applyInIndia(page, company);
    await page.goto('/in/business/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('business-status')).toHaveAttribute('data-status', '1');
    await expect(page.getByTestId('business-status-message')).toContainText('under review');

    const staff = await staffConsole(browser);
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

  test('in: a rejected application shows the reason and a re-apply button; an expired account offers renewal', async ({ page, context, browser }) => {
    await preConsent(context);
    const { email } = await signUp(page, 'in', 'Ravi');
    const company = `Acme Rejected ${Date.now()}`;
    await applyInIndia(page, company);
    const staff = await staffConsole(browser);
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
    const moved = await page.request.post('/api/ops/enterprise/validity', { data: { email, local: 'in', validUntil: new Date(Date.now() - 86_400_000).toISOString() }, headers: ops });
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
