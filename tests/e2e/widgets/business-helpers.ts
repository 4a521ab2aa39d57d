import { expect, type Page } from '@playwright/test';
import { mounted } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * Fills the application of /in (company in Maharashtra, GSTIN with its state code 27) and sends it with one document.
 */
export async function applyInIndia(page: Page, company: string): Promise<void> {
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
  await page
    .getByTestId('business-documents')
    .setInputFiles({ name: 'gst-certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('business-uploaded').locator('li')).toHaveCount(1);
  await page.getByTestId('business-submit').click();
  await expect(form.locator('#business-gstin')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('business-form-message')).not.toBeEmpty();
  await form.locator('#business-gstin').fill('27AAPFU0939F1ZV');
  await page.getByTestId('business-submit').click();
  await expect(page.getByTestId('business-account')).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('business-account-message')).toContainText('3 working days');
}

/** Opens the company's application in the staff console's business tab and decides it. */
export async function review(
  staff: Page,
  company: string,
  decide: (detail: ReturnType<Page['getByTestId']>) => Promise<void>,
): Promise<void> {
  await staff.reload();
  await mounted(staff, 'user-area');
  await staff.getByTestId('enterprise-item').filter({ hasText: company }).getByTestId('enterprise-open').click();
  const detail = staff.getByTestId('enterprise-detail');
  await expect(detail.getByTestId('enterprise-tax-gstin')).toHaveText('27AAPFU0939F1ZV');
  await decide(detail);
  await expect(staff.getByTestId('enterprise-message')).not.toBeEmpty();
  await expect(staff.getByTestId('enterprise-detail')).toHaveCount(0);
}
