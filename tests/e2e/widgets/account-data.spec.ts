import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { mounted, preConsent, signUp } from './helpers';

/** The mails of an address in the local mailbox, newest first. */
async function mails(page: Page, to: string): Promise<{ kind: string; text: string }[]> {
  const box = await page.request.get(`/api/mailbox?${new URLSearchParams({ format: 'json', to }).toString()}`);
  return ((await box.json()) as { data: { mails: { kind: string; text: string }[] } }).data.mails;
}

test.describe('my data: the archive and deleting the account', () => {
  test('id: a shopper asks for the archive, is mailed when it is ready, and downloads it', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    const { email } = await signUp(page, 'id', 'Arsip');
    await page.goto('/id/user/data/');
    await mounted(page, 'user-area');
    const screen = page.getByTestId('data-rights');
    await screen.locator('button.btn').first().click();
    await expect(screen.locator('[role="status"]')).toBeVisible();
    // The job makes it in the background; the mail says it is ready.
    await expect.poll(async () => (await mails(page, email)).some((m) => m.kind === 'data-export-ready')).toBe(true);
    await page.reload();
    await mounted(page, 'user-area');
    const ready = page.locator('[data-testid="data-archive"][data-state="ready"] a');
    await expect(ready).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent('download'), ready.click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const archive = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Record<string, unknown[]>;
    expect((archive['profile']![0] as { email: string }).email).toBe(email);
    expect(archive).toHaveProperty('orders');
    expect(JSON.stringify(archive)).not.toContain('password_hash');
  });

  test('id: a shopper deletes the account (password, mail link); after the grace period sign-in is refused', async ({
    page,
    context,
  }) => {
    // The e2e server's grace period is a few seconds (ACCOUNT_DELETION_GRACE_MS in playwright.config.ts).
    test.setTimeout(60_000);
    await preConsent(context);
    const { email, password } = await signUp(page, 'id', 'Hapus');
    await page.goto('/id/user/data/');
    await mounted(page, 'user-area');
    const screen = page.getByTestId('data-rights');
    await screen.locator('input[name="password"]').fill(password);
    await screen.locator('form button[type="submit"]').click();
    await expect(screen.locator('[role="status"]')).toBeVisible();

    await expect
      .poll(async () => (await mails(page, email)).find((m) => m.kind === 'account-deletion-confirm')?.text ?? '')
      .toContain('confirm=');
    const text = (await mails(page, email)).find((m) => m.kind === 'account-deletion-confirm')!.text;
    const link = new URL(/https?:\/\/\S+confirm=[A-Za-z0-9_-]{43}/.exec(text)![0]);
    await page.goto(link.pathname + link.search);
    await mounted(page, 'user-area');
    await expect(page.getByTestId('data-rights-confirm').locator('[role="status"]')).not.toHaveText('');
    await expect
      .poll(async () => (await mails(page, email)).some((m) => m.kind === 'account-deletion-scheduled'))
      .toBe(true);

    // After the grace period the job erases the account and sends the last mail; then the password opens nothing.
    await expect
      .poll(async () => (await mails(page, email)).some((m) => m.kind === 'account-erased'), { timeout: 30_000 })
      .toBe(true);
    await page.goto('/api/id/site/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('body')).toContainText('Email atau kata sandi salah.');
    expect(new URL(page.url()).pathname).toBe('/api/id/site/login');
  });
});
