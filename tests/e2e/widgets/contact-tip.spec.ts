import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serviceLineFor } from '../../../sites/service-lines';
import { cookie, preConsent } from './helpers';

/** A text of the catalogue as the API words it for a storefront ("Mi Store Deutschland" in the store's slot). */
function catalogue(language: string, key: string, store: string): string {
  const file = path.resolve('content/locales', language, 'common.json');
  const strings = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return strings[key]!.replace('{{store}}', store);
}

const tip = (page: Page) => page.getByTestId('country-tip');
/** A German browser that has not answered the tip yet (the other tests' shoppers have: see playwright.config.ts). */
const NOT_ANSWERED = { locale: 'de-DE', storageState: { cookies: [], origins: [] } };
const tipHost = (page: Page) => page.locator('store-widget[name="country-tip"]');

test.describe('contact details', () => {
  for (const local of ['id', 'de']) {
    test(`the contact page of ${local} shows the phone, the e-mail and the hours, and whether it is open`, async ({
      page,
    }) => {
      const line = serviceLineFor(local, local);
      await page.goto(`/${local}/contact/`);
      const block = page.getByTestId('service-contact-page');
      await expect(block).toBeVisible();
      const phone = block.getByTestId('service-phone');
      await expect(phone).toHaveText(line.phone);
      await expect(phone).toHaveAttribute('href', `tel:${line.tel}`);
      await expect(block.locator(`a[href="mailto:${line.email}"]`)).toBeVisible();
      await expect(block.locator(`time[datetime="${line.opens}"]`).first()).toBeVisible();
      await expect(block.locator(`time[datetime="${line.closes}"]`).first()).toBeVisible();
      // Open or closed is the server's answer at this moment, never the build's.
      await block.scrollIntoViewIfNeeded();
      const status = block.getByTestId('service-hours');
      await expect(status).toHaveAttribute('data-open', /^(true|false)$/, { timeout: 10_000 });
      const answer = await page.request.get(`/api/${local}/support/service-hours`);
      const { data } = (await answer.json()) as { data: { open_now: boolean } };
      await expect(status).toHaveAttribute('data-open', String(data.open_now));
      // The footer's customer-service block carries the same line.
      await expect(page.getByTestId('service-contact-footer').getByTestId('service-phone')).toHaveText(line.phone);
    });
  }
});

test.describe('the other-country tip', () => {
  test('a German browser on /fr/ gets the tip once, in German, and not again after choosing', async ({ browser }) => {
    const context = await browser.newContext(NOT_ANSWERED);
    await preConsent(context);
    const page = await context.newPage();
    await page.goto('/fr/');
    await expect(tip(page)).toBeVisible({ timeout: 10_000 });
    await expect(tip(page)).toHaveAttribute('lang', 'de-DE');
    await expect(tip(page).locator('h2')).toHaveText(catalogue('de', 'location.tip.title', 'Mi Store Deutschland'));
    await expect(page.getByTestId('country-tip-go')).toHaveAttribute('href', '/de/');
    // Nothing moved the shopper: still on the French store.
    expect(new URL(page.url()).pathname).toBe('/fr/');

    await page.getByTestId('country-tip-stay').click();
    await expect(tip(page)).toBeHidden();
    expect(await cookie(context, 'store_choice')).toBe('fr');

    for (const next of ['/fr/', '/fr/support/']) {
      await page.goto(next);
      await expect(tipHost(page)).toHaveAttribute('data-state', 'mounted', { timeout: 10_000 });
      await page.waitForTimeout(1000);
      await expect(tip(page)).toHaveCount(0);
    }
    await context.close();
  });

  test('going is a link the shopper follows, and the choice is kept', async ({ browser }) => {
    const context = await browser.newContext(NOT_ANSWERED);
    await preConsent(context);
    const page = await context.newPage();
    await page.goto('/fr/');
    await page.getByTestId('country-tip-go').click();
    await expect(page).toHaveURL(/\/de\/$/);
    expect(await cookie(context, 'store_choice')).toBe('de');
    await page.goto('/fr/');
    await expect(tipHost(page)).toHaveAttribute('data-state', 'mounted', { timeout: 10_000 });
    await page.waitForTimeout(1000);
    await expect(tip(page)).toHaveCount(0);
    await context.close();
  });

  test('crawlers never see it: not in the static HTML, and not for a bot user agent', async ({ browser, request }) => {
    const html = await (await request.get('/fr/', { headers: { 'accept-language': 'de-DE' } })).text();
    expect(html).toMatch(/<store-widget name="country-tip"[^>]*><\/store-widget>/);
    expect(html).not.toContain(catalogue('de', 'location.tip.title', 'Mi Store Deutschland'));
    const context = await browser.newContext({
      ...NOT_ANSWERED,
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    await preConsent(context);
    const page = await context.newPage();
    await page.goto('/fr/');
    await expect(tipHost(page)).toHaveAttribute('data-state', 'mounted', { timeout: 10_000 });
    await page.waitForTimeout(1000);
    await expect(tip(page)).toHaveCount(0);
    await context.close();
  });
});
