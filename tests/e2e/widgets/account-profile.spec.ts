import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { mounted, preConsent, signUp } from './helpers';

/** A fresh client address per sign-in, as shoppers have (the server trusts the loopback proxy). */
const address = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** Signs the page's browser in through the API, as a second device of the account. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/id/site/login', {
    data: { email, password },
    headers: { Accept: 'application/json', 'X-Forwarded-For': address() },
  });
  expect(((await res.json()) as { errno: number }).errno).toBe(0);
}

const signedIn = async (page: Page) =>
  ((await (await page.request.get('/api/id/app/userprofile')).json()) as { errno: number }).errno === 0;

test.describe('profile and security', () => {
  test('id: edits nickname, phone and birthday and uploads an avatar stored as WebP', async ({ page, context }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Profil');
    await page.goto('/id/user/profile/');
    await mounted(page, 'user-area');
    const settings = page.getByTestId('profile-settings');
    await expect(settings.locator('#profile-nickname')).toHaveValue('Profil');

    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a9d8f' } })
      .jpeg()
      .toBuffer();
    await settings
      .locator('#profile-avatar-file')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
    const avatar = page.getByTestId('profile-avatar');
    await expect(avatar).toHaveAttribute('src', /\/api\/id\/user\/avatar\/[A-Za-z0-9_-]{22}\/192$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(192);

    await settings.locator('#profile-nickname').fill('Ayu Lestari');
    await settings.locator('#profile-phone').fill('0812 3456 7890');
    await settings.locator('#profile-birthday').fill('1992-08-17');
    await page.getByTestId('profile-save').click();
    await expect(settings.getByRole('status').first()).toHaveText('Profil Anda telah disimpan.');

    await page.reload();
    await mounted(page, 'user-area');
    await expect(settings.locator('#profile-nickname')).toHaveValue('Ayu Lestari');
    await expect(settings.locator('#profile-phone')).toHaveValue('+6281234567890');
    await expect(settings.locator('#profile-birthday')).toHaveValue('1992-08-17');
    // Once a year: the field is locked and says from when it may change again.
    await expect(settings.locator('#profile-birthday')).toBeDisabled();
    await expect(settings.locator('#profile-birthday-hint')).toContainText('Anda dapat mengubah tanggal lahir lagi');
    await expect(page.locator('.user-area__name')).toHaveText('Ayu Lestari');

    // The app webview builds the same page.
    await page.goto('/id/app/user/profile/');
    await mounted(page, 'user-area');
    await expect(page.getByTestId('profile-settings').locator('#profile-nickname')).toHaveValue('Ayu Lestari');
  });

  test('id: a password change signs the other browser out and keeps this one in', async ({
    page,
    context,
    browser,
  }) => {
    await preConsent(context);
    const { email, password } = await signUp(page, 'id', 'Sandi');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, email, password);
    expect(await signedIn(otherPage)).toBe(true);

    await page.goto('/id/user/profile/');
    await mounted(page, 'user-area');
    const devices = page.getByTestId('devices');
    await expect(devices.locator('li')).toHaveCount(2);
    await page.locator('#password-current').fill(password);
    await page.locator('#password-new').fill('a brand new passphrase');
    await page.getByTestId('password-change').click();
    await expect(
      page.getByText('Kata sandi Anda telah diubah dan semua perangkat lain telah dikeluarkan.'),
    ).toBeVisible();

    expect(await signedIn(otherPage)).toBe(false);
    await otherPage.goto('/id/user/profile/');
    await otherPage.waitForURL((url) => url.pathname === '/api/id/site/login');
    expect(await signedIn(page)).toBe(true);
    await page.reload();
    await mounted(page, 'user-area');
    await expect(page.getByTestId('devices').locator('li')).toHaveCount(1);
    await other.close();
  });
});
