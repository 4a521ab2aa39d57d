import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentStorefronts } from '../storefronts';
import { buildCategories, buildProducts } from './build-catalogue';
import { buildHeaderFooter } from './build-header-footer';
import { buildPages } from './build-pages';
import { buildArticles, buildFaq } from './build-support';
import { copySourcesSeen } from './copy-texts';
import { programmeData } from './programme-data';
import { buildFlashSales } from './build-flash-sales';

const root = path.resolve(__dirname, '..');
const committed = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

// The committed JSON is the snapshot; this catches a hand edit that the next generator run would silently undo.
describe('committed snapshots match the generator in content/tools', () => {
  const products = buildProducts();
  const programmes = programmeData(products);
  it('catalogue', () => {
    expect(committed('snapshots/catalogue/products.json')).toEqual(products);
    expect(committed('snapshots/catalogue/categories.json')).toEqual(buildCategories());
  });
  it('header-footer of every storefront', () => {
    for (const storefront of contentStorefronts)
      expect(committed(`snapshots/header-footer/${storefront.urlLocal}.json`), storefront.urlLocal).toEqual(
        buildHeaderFooter(storefront, products, programmes),
      );
  });
  it('pages, FAQ and articles', () => {
    for (const [file, pages] of Object.entries(buildPages()))
      expect(committed(`snapshots/pages/${file}`)).toEqual(pages);
    expect(committed('snapshots/support/faq.json')).toEqual(buildFaq());
    expect(committed('snapshots/support/articles.json')).toEqual(buildArticles());
    // The translators' list of source texts: what the builders above wrote in English.
    expect([...(committed('copy/sources.json') as string[])].sort()).toEqual(copySourcesSeen().sort());
  });
  it('flash sales', () => {
    expect(committed('snapshots/promotions/flash-sales.json')).toEqual(buildFlashSales());
  });
});
