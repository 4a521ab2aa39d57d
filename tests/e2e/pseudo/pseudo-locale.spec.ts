import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { NEUTRAL_TERMS } from '../../../content/i18n/neutral-terms';
import { storefronts } from '../../../region-config';
import { visibleTexts } from '../visible-texts';
import { mounted, productInStock, signUp } from '../widgets/helpers';

/**
 * On a pseudo-locale build (`npm run test:pseudo`: PSEUDO_LOCALE, REGIONS=id) every catalogue and content text is
 * pseudo-translated between ⟦ and ⟧, about 35 % longer. A text on a page without those marks was written in code
 * instead of a catalogue; a page wider than a 390 px phone does not survive a longer language.
 */
const products = JSON.parse(fs.readFileSync(path.resolve('content/snapshots/catalogue/products.json'), 'utf8')) as {
  products: { name: string; specs: { value: string }[] }[];
};
/** What may stay unmarked: brand and product names, the storefronts' own names of their countries and languages. */
const names = new Set<string>([
  ...NEUTRAL_TERMS,
  ...products.products.map((p) => p.name),
  // Chip, camera and panel names ("Snapdragon 8 Elite"); spec values with ordinary words are translated and marked.
  ...products.products.flatMap((p) => p.specs.map((s) => s.value)),
  ...storefronts.flatMap((s) => [s.language.localTitle, s.language.langTitle, `Mi Store ${s.language.localTitle}`]),
  'Mi Store',
]);

/** The visible texts of the page that carry no pseudo mark and are more than names, numbers and symbols. */
async function unmarkedTexts(page: Page): Promise<string[]> {
  const { texts } = await visibleTexts(page);
  return texts.filter((text) => {
    const rest = text.replace(/\u202e|\u202c/g, '').replace(/⟦[^⟧]*⟧/g, ' ');
    const words = rest.split(/[\s·•|,;:()[\]/–—-]+/).filter((w) => w && !/\d/.test(w) && /\p{L}/u.test(w));
    return (
      words.length > 0 &&
      !names.has(rest.trim()) &&
      !words.every((w) => [...names].some((n) => n.split(/\s+/).includes(w)))
    );
  });
}

async function expectFits(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways at 390 px').toBeLessThanOrEqual(1);
}

test.use({ viewport: { width: 390, height: 844 } });

const pages = () => [
  '/id/',
  '/id/product-list/phones/',
  `/id/product/${productInStock('id')}/`,
  '/id/support/',
  '/id/support/faq/',
  '/id/cart/',
  '/id/user/',
  '/api/id/site/login',
];

test('every text of the main pages comes from a catalogue, and each page fits a 390 px phone', async ({ page }) => {
  const problems: string[] = [];
  for (const url of pages()) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    // The right-to-left pseudo-locale turns every page around, as Arabic does.
    await expect(page.locator('html')).toHaveAttribute('dir', process.env.PSEUDO_LOCALE === 'rtl' ? 'rtl' : 'ltr');
    problems.push(...(await unmarkedTexts(page)).map((text) => `${url}: ${JSON.stringify(text)}`));
    await expectFits(page);
  }
  expect(problems).toEqual([]);
});

test('the checkout, signed in with a product in the cart, has only catalogue texts and fits a phone', async ({
  page,
}) => {
  await signUp(page, 'id', 'Pseudo');
  await page.goto(`/id/product/${productInStock('id')}/`);
  await mounted(page, 'add-to-cart');
  await page.getByTestId('add-to-cart').locator('.add-to-cart__button').click();
  await expect(page.getByTestId('add-to-cart-status').locator('a')).toBeVisible();
  await page.goto('/id/checkout/');
  await page.waitForLoadState('networkidle');
  expect(await unmarkedTexts(page)).toEqual([]);
  await expectFits(page);
});
