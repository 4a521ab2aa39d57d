import { expect, test } from '@playwright/test';
import { mounted, ownAddress, preConsent, signUp } from './helpers';

const JAKARTA = {
  recipient: 'Budi Santoso',
  phone: '081234567890',
  street: 'Jl. Jend. Sudirman 52',
  city: 'Jakarta Selatan',
  state: 'DKI Jakarta',
  postalCode: '1234',
};

test.describe('forms that fit the country', () => {
  test('id: the address form refuses postal code 1234 naming the form, and takes 10110', async ({ page, context }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Format Tester');
    await page.goto('/id/user/address/');
    await mounted(page, 'user-area');
    await page.getByTestId('address-add').click();
    const form = page.getByTestId('address-form');
    await expect(form.locator('[name="postalCode"]')).toHaveAttribute('placeholder', '10110');
    for (const [field, value] of Object.entries(ownAddress(JAKARTA))) {
      const control = form.locator(`[name="${field}"]`);
      if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
      else await control.fill(value);
    }
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('#address-postalCode-error')).toHaveText('Masukkan kode pos dengan format ini: 10110.');
    await expect(form.locator('[name="postalCode"]')).toHaveAttribute('aria-invalid', 'true');

    // The phone's numbering plan is the server's check: its answer names the form by the same table's example.
    await form.locator('[name="postalCode"]').fill('10110');
    await form.locator('[name="phone"]').fill('0812');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('#address-phone-error')).toHaveText(
      'Masukkan nomor telepon negara ini, misalnya 0812-3456-7890.',
    );

    await form.locator('[name="phone"]').fill('0812 3456 7890');
    await form.locator('button[type="submit"]').click();
    await expect(form).toHaveCount(0);
    const book = page.getByTestId('address-book');
    await expect(book).toContainText(JAKARTA.recipient);
    await expect(book).toContainText('10110');
    await expect(book).toContainText('+6281234567890');
    await expect(page.getByTestId('address-outdated')).toHaveCount(0);
  });

  test('de: a rate-limited sign-in shows the wait page in German with the way back', async ({ page, context }) => {
    await preConsent(context);
    test.setTimeout(60_000);
    const email = `guess${Date.now()}@example.com`;
    // Wrong guesses from this address past the free ones, each after the delay of the one before (a refused guess
    // counts nothing): the ninth leaves a delay of 16 s, in which the form below is sent.
    for (let counted = 0, tries = 0; counted < 9 && tries < 30; tries++) {
      const r = await page.request.post('/api/de/site/login', {
        data: { email, password: `wrong-${tries}` },
        headers: { Accept: 'application/json' },
      });
      if (r.status() === 429) await page.waitForTimeout(Number(r.headers()['retry-after'] ?? 1) * 1000 + 200);
      else counted++;
    }
    await page.goto('/api/de/site/login?redirectUrl=%2Fde%2F');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('one more guess');
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('h1')).toHaveText('Bitte warten Sie einen Moment');
    await expect(page.getByRole('alert')).toContainText(/Zu viele Versuche\. Bitte versuchen Sie es in \d+ Minuten? /);
    await expect(page.locator('body')).not.toContainText('errno');
    await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zum Formular' }).click();
    await expect(page.locator('#email')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/api/de/site/login');
  });
});
