import { expect, test } from '@playwright/test';
import { mounted, preConsent, signUp } from './helpers';

test.describe('live-chat launcher', () => {
  test('a visitor where visitor chat is refused (id) is sent to sign-in with a callback', async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/support/');
    await mounted(page, 'live-chat');
    const launcher = page.getByTestId('live-chat-launcher');
    await expect(launcher).toHaveAttribute('data-state', 'ready');
    await launcher.click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/api/id/site/login' && (url.searchParams.get('redirectUrl') ?? '').endsWith('/id/support/'),
    );
  });

  test('a visitor where visitor chat is allowed (de) confirms the privacy dialog, then chats', async ({
    page,
    context,
  }) => {
    await preConsent(context);
    await page.goto('/de/');
    await mounted(page, 'live-chat');
    const launcher = page.getByTestId('live-chat-launcher');
    await expect(launcher).toHaveAttribute('data-state', 'ready');
    await launcher.click();
    await page.getByTestId('chat-privacy-confirm').click();
    const panel = page.getByTestId('chat-panel');
    await expect(panel).toBeVisible();
    // German texts from the catalogue, not the island's code.
    await expect(panel.locator('button[type="submit"]')).toHaveText('Senden');
    await expect(panel.locator('label[for="chat-panel-input"]')).toHaveText('Nachricht');
    await panel.getByRole('textbox').fill('Hello, where is my order?');
    await panel.locator('button[type="submit"]').click();
    await expect(panel.locator('[data-sender="user"]').first()).toHaveText('Hello, where is my order?');
    await expect(panel.locator('[data-sender="agent"]').first()).not.toBeEmpty();
  });

  test('a signed-in user starts chat directly and gets messages from the stream', async ({ page, context }) => {
    await preConsent(context);
    await signUp(page, 'id', 'Chatty');
    await page.goto('/id/support/');
    await mounted(page, 'live-chat');
    const launcher = page.getByTestId('live-chat-launcher');
    await expect(launcher).toHaveAttribute('data-state', 'ready');
    const stream = page.waitForRequest((r) => r.url().includes('/api/id/chat/stream'));
    await launcher.click();
    await expect(page.getByTestId('chat-privacy-confirm')).toHaveCount(0);
    const panel = page.getByTestId('chat-panel');
    await expect(panel).toBeVisible();
    await stream;
    await panel.getByRole('textbox').fill('warranty');
    await page.keyboard.press('Enter');
    await expect(panel.locator('[data-sender="agent"]').first()).not.toBeEmpty();
    // The same conversation comes back from the event stream after a reload.
    await page.reload();
    await mounted(page, 'live-chat');
    await page.getByTestId('live-chat-launcher').click();
    await expect(page.getByTestId('chat-panel').locator('[data-sender="user"]').first()).toHaveText('warranty');
  });
});
