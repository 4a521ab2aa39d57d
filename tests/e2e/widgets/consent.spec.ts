import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { cookie, hostString, mounted } from './helpers';

const UTM = '?utm_source=newsletter&utm_medium=edm&utm_campaign=spring';

test.describe('cookie consent', () => {
  test('low level (id): the banner asks, but every category is allowed by default', async ({ page, context }) => {
    await page.goto(`/id/${UTM}`);
    await mounted(page, 'consent');
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    // The advertising-category tracking cookie may be written before any choice at level low.
    await expect.poll(() => cookie(context, 'utm_params'), { timeout: 8000 }).not.toBeNull();
    expect(JSON.parse(decodeURIComponent((await cookie(context, 'utm_params')) ?? '{}'))).toMatchObject({
      channel: 'Push_Edm',
      source: 'push/email',
    });
  });

  test('high level (de): only required cookies until the user chooses; a non-consented cookie is never set', async ({
    page,
    context,
  }) => {
    await page.goto(`/de/${UTM}`);
    await mounted(page, 'consent');
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    // Give the idle tracking capture every chance to run; the helper must refuse the advertising cookie.
    await page.waitForTimeout(3500);
    expect(await cookie(context, 'utm_params')).toBeNull();

    await page.getByTestId('consent-reject').click();
    await expect(page.getByTestId('consent-banner')).toBeHidden();
    expect(decodeURIComponent((await cookie(context, 'cookie_preference')) ?? '')).toBe('0:');

    await page.reload();
    await mounted(page, 'consent');
    await expect(page.getByTestId('consent-banner')).toBeHidden();
    await page.waitForTimeout(3000);
    expect(await cookie(context, 'utm_params')).toBeNull();
  });

  test('while the banner shows, the live-chat launcher keeps its free corner and both stay clickable', async ({
    page,
  }) => {
    await page.goto('/de/');
    await mounted(page, 'consent');
    await mounted(page, 'live-chat');
    const banner = page.getByTestId('consent-banner');
    const launcher = page.getByTestId('live-chat-launcher');
    await expect(banner).toBeVisible();
    await expect(launcher).toHaveAttribute('data-state', 'ready');
    const launcherBox = (await launcher.boundingBox())!;
    // The launcher does not move when the banner comes or goes (no layout shift), and no button of the
    // banner lies under it.
    for (const button of await banner.locator('button').all()) {
      const b = (await button.boundingBox())!;
      const overlaps =
        b.x < launcherBox.x + launcherBox.width &&
        launcherBox.x < b.x + b.width &&
        b.y < launcherBox.y + launcherBox.height &&
        launcherBox.y < b.y + b.height;
      expect(overlaps).toBe(false);
    }
    // A trial click runs Playwright's actionability checks (visible, stable, receives the pointer event) without
    // clicking.
    await launcher.click({ trial: true });
    await page.getByTestId('consent-accept').click({ trial: true });
    await launcher.click();
    await expect(page.getByTestId('chat-privacy-confirm')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('consent-accept').click();
    await expect(banner).toBeHidden();
    expect(await launcher.boundingBox()).toEqual(launcherBox);
  });

  test('preferences dialog works by keyboard and is accessible', async ({ page, context }) => {
    await page.goto('/de/');
    await mounted(page, 'consent');
    await page.getByTestId('consent-preferences').focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.store-modal');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-label', await hostString(page, 'consent', 'consent.title'));
    await expect(dialog.locator('#consent-cat-required')).toBeDisabled();
    // The legend and the category names are the German catalogue's (the island has no English of its own).
    await expect(dialog.locator('legend')).toHaveText('Cookie-Kategorien');
    await expect(dialog.locator('label[for="consent-cat-functional"]')).toHaveText('Funktionale Cookies');
    const functional = dialog.locator('#consent-cat-functional');
    await expect(functional).not.toBeChecked();
    await functional.focus();
    await page.keyboard.press('Space');
    await expect(functional).toBeChecked();
    const axe = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.getByTestId('consent-save').focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect(decodeURIComponent((await cookie(context, 'cookie_preference')) ?? '')).toBe('0,1:');
  });

  test("the footer link reopens the preferences anywhere; withdrawing deletes that category's cookies at once", async ({
    page,
    context,
  }) => {
    await page.goto('/de/support/');
    await mounted(page, 'consent');
    await page.getByTestId('consent-accept').click();
    // A functional cookie written while allowed (the language choice).
    await context.addCookies([{ name: 'lang', value: 'de', url: 'http://127.0.0.1' }]);
    expect(await cookie(context, 'lang')).toBe('de');

    const link = page.locator('footer [data-consent-open]');
    await expect(link).toHaveText(await hostString(page, 'consent', 'consent.preferences'));
    await link.click();
    const dialog = page.locator('dialog.store-modal');
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/de/support/');
    await dialog.locator('#consent-cat-functional').uncheck();
    await page.getByTestId('consent-save').click();
    await expect(dialog).toBeHidden();
    expect(await cookie(context, 'lang')).toBeNull();
    expect(decodeURIComponent((await cookie(context, 'cookie_preference')) ?? '')).not.toContain('1');
  });
});
