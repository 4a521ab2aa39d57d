/**
 * The lowest price of the last 30 days on /de: a price cut published (a release whose de prices changed, applied by the
 * server when `current` swaps) shows it under the reduced price on the product page, the product's card in its list
 * and in the menu, and the cart line, in German, with no other rebuild: the figure comes from the live price history,
 * not from the built pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatPrice } from '../../../region-config';
import { toMinor } from '../../../region-config/money';
import { publishRelease } from '../../../plugins/storefront-pages/build-plan/publish';
import { getSiteConfig } from '../../../sites/site-config';
import type { ServedOffersFile } from '../../../sites/served-offers';
import { mounted, preConsent } from './helpers';

/** A TV de sells at one price with nothing struck through, and no other browser test opens. */
const PRODUCT = { id: 'xiaomi-tv-s-pro-mini-led-65', commodityId: '10057', list: '/de/product-list/tvs/' };
const OFFERS = path.resolve('public/de/.offers.json');
const euro = (major: number) => formatPrice(major, getSiteConfig('de').priceDisplay);
const lowestLine = (major: number) => `Niedrigster Preis der letzten 30 Tage: ${euro(major)}`;

/** Publishes de with these offers as the release after the served one (the file gets a new inode, never edited). */
async function publishOffers(file: ServedOffersFile): Promise<void> {
  const temporary = `${OFFERS}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(file));
  fs.renameSync(temporary, OFFERS);
  await publishRelease();
}

/** The API's answer for the product's commodity, as the islands read it. */
async function lowestNow(page: Page): Promise<{ sale_price: number; reduced: boolean; lowest_price: number | null }> {
  const res = await page.request.get(`/api/de/prices/lowest?commodity_ids=${PRODUCT.commodityId}`, {
    headers: { Accept: 'application/json' },
  });
  const body = await res.json();
  expect(body.errno, JSON.stringify(body)).toBe(0);
  return body.data.commodities[0];
}

test.describe('the lowest price of the last 30 days', () => {
  test('de: after a price cut is published, the product page, its cards and the cart show the price before it', async ({
    page,
    context,
  }) => {
    // A publish, three pages and a cart on a loaded 2-core runner.
    test.setTimeout(120_000);
    await preConsent(context);
    const original = fs.readFileSync(OFFERS, 'utf8');
    const served = JSON.parse(original) as ServedOffersFile;
    const offer = served.offers.find((o) => o.commodityId === PRODUCT.commodityId)!;
    expect(offer.marketPrice).toBe(offer.salePrice);
    const cutPrice = Math.round((offer.salePrice - 100) * 100) / 100;

    // Before the cut: one price, nothing reduced, no line.
    expect(await lowestNow(page)).toMatchObject({ reduced: false, lowest_price: null });
    await page.goto(`/de/product/${PRODUCT.id}/`);
    await mounted(page, 'add-to-cart');
    await expect(page.getByTestId('product-price')).toHaveText(euro(offer.salePrice));
    await expect(page.getByTestId('lowest-price')).toHaveCount(0);

    try {
      await publishOffers({
        ...served,
        offers: served.offers.map((o) =>
          o.commodityId === offer.commodityId ? { ...o, salePrice: cutPrice, marketPrice: offer.salePrice } : o,
        ),
      });
      // The server applies the swapped release within a second.
      await expect
        .poll(async () => (await lowestNow(page)).sale_price, { timeout: 15_000 })
        .toBe(toMinor(cutPrice, 'EUR'));
      expect(await lowestNow(page)).toMatchObject({ reduced: true, lowest_price: toMinor(offer.salePrice, 'EUR') });

      // The product page: the cut price, the old one struck through, and the lowest price of the 30 days before.
      await page.goto(`/de/product/${PRODUCT.id}/`);
      await mounted(page, 'add-to-cart');
      await expect(page.getByTestId('lowest-price')).toHaveText(lowestLine(offer.salePrice));
      await expect(page.getByTestId('product-price').locator('.price__sale')).toContainText(euro(cutPrice));
      await expect(page.getByTestId('product-price').locator('.price__origin')).toContainText(euro(offer.salePrice));

      // Its card in the list: the card's island asks when the card shows.
      await page.goto(PRODUCT.list);
      const card = page.locator('article.card').filter({ has: page.locator(`a[href="/de/product/${PRODUCT.id}/"]`) });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByTestId('lowest-price')).toHaveText(lowestLine(offer.salePrice));

      // Its card in the menu: the TVs panel, filled from the storefront's panels file when it opens (desktop).
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/de/');
      await mounted(page, 'mega-menu');
      const trigger = page.locator(`[data-mega-trigger][href="${PRODUCT.list}"]`);
      await trigger.hover();
      const panel = page.locator('[data-mega-item]').filter({ has: trigger }).locator('[data-mega-panel]');
      await expect(panel).toBeVisible();
      const navCard = panel.locator('.nav-card').filter({ has: page.locator(`a[href="/de/product/${PRODUCT.id}/"]`) });
      await expect(navCard.getByTestId('lowest-price')).toHaveText(lowestLine(offer.salePrice));

      // The cart line.
      await page.goto(`/de/product/${PRODUCT.id}/`);
      await mounted(page, 'add-to-cart');
      await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
      await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
      await page.goto('/de/cart/');
      await mounted(page, 'cart');
      const line = page.getByTestId('cart').locator('.cart__item');
      await expect(line.locator('.cart__price')).toHaveText(euro(cutPrice));
      await expect(line.getByTestId('lowest-price')).toHaveText(lowestLine(offer.salePrice));
    } finally {
      // The served price back, as a publish (the history keeps the cut and the rise).
      await publishOffers(served);
      await expect
        .poll(async () => (await lowestNow(page)).sale_price, { timeout: 15_000 })
        .toBe(toMinor(offer.salePrice, 'EUR'));
    }
  });
});
