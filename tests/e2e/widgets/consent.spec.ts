import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { cookie, hostString, mounted } from './helpers';

const UTM = '?utm_source=newsletter&utm_medium=edm&utm_campaign=spring';

test.describe('cookie consent (§4)', () => {
  test('low level (id): the banner asks, but every category is allowed by default', async ({ page, context }) => {
    await page.goto(`/id/${UTM}`);
    await mounted(page, 'consent');
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    // The advertising-category tracking cookie may be written before any choice at level low.
    await expect.poll(() => cookie(context, 'utm_params'), { timeout: 8000 }).not.toBeNull();
    expect(JSON.parse(decodeURIComponent((await cookie(context, 'utm_params')) ?? '{}'))).toMatchObject({ channel: 'Push_Edm', source: 'push/email' });
  });

  test('high level (de): only required cookies until the user chooses; a non-consented cookie is never set', async ({ page, context }) => {
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

  test('preferences dialog works by keyboard and is accessible', async ({ page, context }) => {
    await page.goto('/de/');
    await mounted(page, 'consent');
    await page.getByTestId('consent-preferences').focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.store-modal');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-label', await hostString(page, 'consent', 'consent.title', 'Cookie preferences'));
    await expect(dialog.locator('#consent-cat-required')).toBeDisabled();
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
});
