/**
 * Pictures reach the screen as raster renditions (every SVG <img>, and an SVG tab icon, is a
 * document the main thread creates, lays out and paints; sites/image-renditions.ts), each sharp enough for the
 * screen that shows it and none of them broken. Checked on a phone at the density Lighthouse emulates and on a
 * desktop, after scrolling so that lazy pictures (the footer's too) load.
 */
import { expect, test, type Page } from '@playwright/test';
import { mounted, preConsent } from '../widgets/helpers';

interface Shown {
  src: string;
  /** The chosen file's width in pixels; 0 when it did not load. */
  natural: number;
  css: number;
  complete: boolean;
}

const CATALOGUE_ART = /\/images\/(?:products|banners|categories)\//;
const CONTENT_PICTURE = /\/images\/(?!brand\/)/;

/** Every picture below `root` that takes up space, once the lazy ones have loaded. */
async function shownPictures(page: Page, root: string): Promise<Shown[]> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) await page.mouse.wheel(0, 400);
  await page.waitForLoadState('networkidle');
  // Pictures in closed menus and hidden sections have no box and never load: only those that take up space count.
  await page.waitForFunction(
    (sel) =>
      [...document.querySelectorAll<HTMLImageElement>(`${sel} img`)].every(
        (img) => img.complete || img.getBoundingClientRect().width === 0,
      ),
    root,
  );
  return page.evaluate(async (sel) => {
    // naturalWidth is in CSS pixels (a 2x candidate of 480 px reads 240): load the chosen file alone for its pixels.
    const pixelsOf = (url: string) =>
      new Promise<number>((resolve) => {
        const probe = new Image();
        probe.onload = () => resolve(probe.naturalWidth);
        probe.onerror = () => resolve(0);
        probe.src = url;
      });
    const shown = [...document.querySelectorAll<HTMLImageElement>(`${sel} img`)].filter(
      (img) => img.getBoundingClientRect().width > 0,
    );
    return Promise.all(
      shown.map(async (img) => ({
        src: img.currentSrc,
        natural: img.naturalWidth && (await pixelsOf(img.currentSrc)),
        css: img.getBoundingClientRect().width,
        complete: img.complete,
      })),
    );
  }, root);
}

/** What Lighthouse's image-size-responsive audit asks: as many pixels as the screen shows, up to 2x. */
function blurred(pictures: Shown[], density: number): string[] {
  return pictures
    .filter((p) => p.natural < Math.round(p.css * Math.min(density, 2)))
    .map((p) => `${p.src}: ${p.natural}px for ${p.css.toFixed(0)} CSS px`);
}

const pages = ['/id/', '/id/product-list/phones/', '/de/product/xiaomi-15t/', '/ae-ar/'];

for (const screen of [
  { name: 'phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false },
]) {
  test.describe(`pictures on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor, isMobile: screen.isMobile });

    test('are WebP renditions, loaded and sharp enough for the screen', async ({ page, context }) => {
      await preConsent(context);
      for (const path of pages) {
        await page.goto(path);
        expect(await page.locator('link[rel~="icon"][href*=".svg"]').count(), `${path}: an SVG tab icon`).toBe(0);
        const pictures = (await shownPictures(page, 'body')).filter((p) => CONTENT_PICTURE.test(p.src));
        expect(
          pictures.filter((p) => CATALOGUE_ART.test(p.src)).length,
          `${path}: catalogue pictures shown`,
        ).toBeGreaterThanOrEqual(path.includes('/product/') ? 2 : 4);
        expect(
          pictures.filter((p) => p.src.includes('/images/social/')).length,
          `${path}: the footer's pictures shown`,
        ).toBeGreaterThan(0);
        expect(
          pictures.filter((p) => !p.complete || p.natural === 0).map((p) => p.src),
          `${path}: broken pictures`,
        ).toEqual([]);
        expect(
          pictures.filter((p) => !p.src.endsWith('.webp')).map((p) => p.src),
          `${path}: pictures not rasterised`,
        ).toEqual([]);
        expect(
          blurred(pictures, screen.deviceScaleFactor),
          `${path}: pictures with fewer pixels than the screen shows`,
        ).toEqual([]);
      }
    });
  });
}

test.describe('menu panels', () => {
  test.use({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2 });

  test("a panel's product pictures load their 2x rendition once it opens", async ({ page, context }) => {
    await preConsent(context);
    await page.goto('/id/');
    await mounted(page, 'mega-menu');
    const item = page.locator('[data-mega-menu] [data-mega-item]').first();
    // On a desktop a click follows the item's link; Enter opens its panel (the disclosure pattern).
    await item.locator('[data-mega-trigger]').focus();
    await page.keyboard.press('Enter');
    const images = item.locator('[data-mega-panel] .nav-card__image');
    await expect(images.first()).toBeVisible();
    await expect(item.locator('[data-mega-panel] img[data-src], [data-mega-panel] img[data-srcset]')).toHaveCount(0);
    const loaded = await shownPictures(page, '[data-mega-menu] [data-mega-item]:first-child [data-mega-panel]');
    const cards = loaded.filter((p) => CATALOGUE_ART.test(p.src));
    expect(cards.length).toBeGreaterThan(0);
    expect(
      cards.filter((p) => !/\.w240\.webp$/.test(p.src) || p.natural !== 240).map((p) => `${p.src}: ${p.natural}px`),
    ).toEqual([]);
  });
});
