import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as rules from './cross-file-rules';
import type { CategoriesSnapshot } from './schemas/categories.schema';
import type { HeaderFooter } from './schemas/header-footer.schema';
import type { PagesSnapshot } from './schemas/pages.schema';
import type { ProductsSnapshot } from './schemas/products.schema';
import { contentStorefronts, countryCurrency } from './storefronts';

const root = path.resolve(__dirname);
function located<T>(file: string): rules.Located<T> {
  return { file: `content/${file}`, data: JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T };
}
const copy = <T>(value: rules.Located<T>): rules.Located<T> => ({
  file: value.file,
  data: structuredClone(value.data),
});

const products = located<ProductsSnapshot>('snapshots/catalogue/products.json');
const categories = located<CategoriesSnapshot>('snapshots/catalogue/categories.json');
const headerFooter = located<HeaderFooter>('snapshots/header-footer/id.json');
const pages = located<PagesSnapshot>('snapshots/pages/content-pages.json');
const productIds = new Set(products.data.products.map((p) => p.id));
const categoryIds = new Set<string>(categories.data.categories.map((c) => c.id));
const imageExists = (publicPath: string) =>
  fs.existsSync(path.join(root, 'images', publicPath.replace(/^\/images\//, '')));

describe('productCategoriesExist', () => {
  it('passes the committed catalogue', () => expect(rules.productCategoriesExist(products, categories)).toEqual([]));
  it('catches a sub-category that is not under its category', () => {
    const broken = copy(products);
    broken.data.products[0]!.subCategory = 'smart-tvs';
    expect(rules.productCategoriesExist(broken, categories)).toEqual([
      {
        file: 'content/snapshots/catalogue/products.json',
        pointer: '/products/0/subCategory',
        message: expect.stringContaining('"smart-tvs" is not under "phones"'),
      },
    ]);
  });
  it('catches a category missing from categories.json', () => {
    const fewer = copy(categories);
    fewer.data.categories = fewer.data.categories.filter((c) => c.id !== 'scooters');
    const issues = rules.productCategoriesExist(products, fewer);
    expect(issues.length).toBe(products.data.products.filter((p) => p.category === 'scooters').length);
    expect(issues[0]?.pointer).toMatch(/^\/products\/\d+\/category$/);
  });
});

describe('catalogueIdsUnique', () => {
  it('passes the committed catalogue', () => expect(rules.catalogueIdsUnique(products)).toEqual([]));
  it('catches a duplicated commodityId, goodsId and product id and names the first use', () => {
    const broken = copy(products);
    const [a, b] = broken.data.products;
    b!.commodities[0]!.commodityId = a!.commodities[0]!.commodityId;
    b!.commodities[0]!.goodsId = a!.commodities[0]!.goodsId;
    b!.id = a!.id;
    const issues = rules.catalogueIdsUnique(broken);
    expect(issues.map((i) => i.pointer)).toEqual([
      '/products/1/id',
      '/products/1/commodities/0/commodityId',
      '/products/1/commodities/0/goodsId',
    ]);
    expect(issues[1]?.message).toContain('already used at /products/0/commodities/0/commodityId');
  });
});

describe('offerCurrenciesMatch', () => {
  it('passes the committed catalogue', () => expect(rules.offerCurrenciesMatch(products, countryCurrency)).toEqual([]));
  it('catches a wrong currency, an unknown country and a sale price above the market price', () => {
    const broken = copy(products);
    const offers = broken.data.products[0]!.commodities[0]!.offers;
    offers['id'] = { ...offers['id']!, currency: 'USD' };
    offers['zz'] = { currency: 'EUR', salePrice: 10, marketPrice: 10, stock: 1 };
    offers['de'] = { ...offers['de']!, salePrice: offers['de']!.marketPrice + 1 };
    const messages = rules.offerCurrenciesMatch(broken, countryCurrency).map((i) => `${i.pointer} ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        '/products/0/commodities/0/offers/id/currency id prices in IDR, not USD',
        '/products/0/commodities/0/offers/zz "zz" is not a country of docs/contracts.md',
        expect.stringMatching(
          /^\/products\/0\/commodities\/0\/offers\/de\/salePrice sale price .* is above the market price/,
        ),
      ]),
    );
  });
});

describe('productImagesExist and referencedImagesExist', () => {
  it('pass the committed snapshots', () => {
    expect(rules.productImagesExist(products, imageExists)).toEqual([]);
    expect(rules.referencedImagesExist(headerFooter, imageExists)).toEqual([]);
  });
  it('catch a product image and a label image that do not exist', () => {
    const broken = copy(products);
    broken.data.products[4]!.image = '/images/products/missing-phone.svg';
    expect(rules.productImagesExist(broken, imageExists)).toEqual([
      {
        file: broken.file,
        pointer: '/products/4/image',
        message: 'image /images/products/missing-phone.svg does not exist under content/images',
      },
    ]);
    const hf = copy(headerFooter);
    hf.data.footer.app.qrCodeUrl = '/images/app/nope.svg';
    expect(rules.referencedImagesExist(hf, imageExists).map((i) => i.pointer)).toEqual(['/footer/app/qrCodeUrl']);
  });
});

describe('headerFooterProductsExist', () => {
  it('passes the committed id header-footer', () =>
    expect(rules.headerFooterProductsExist(headerFooter, productIds)).toEqual([]));
  it('catches a menu card of an unknown product and links to unknown products or other storefronts', () => {
    const hf = copy(headerFooter);
    const card = hf.data.header.main[0]!.children[0]!.products[0]!;
    card.productId = 'redmi-note-99';
    card.gotoUrl = '/id/product/redmi-note-99/';
    hf.data.header.aside[0]!.url = '/de/product/xiaomi-15/';
    const issues = rules.headerFooterProductsExist(hf, productIds);
    expect(issues.map((i) => i.pointer)).toEqual([
      '/header/main/0/children/0/products/0/productId',
      '/header/main/0/children/0/products/0/gotoUrl',
      '/header/aside/0/url',
    ]);
    expect(issues[2]?.message).toBe('link /de/product/xiaomi-15/ leaves the storefront /id/');
  });
});

describe('pageReferencesExist', () => {
  it('passes the committed pages', () => expect(rules.pageReferencesExist(pages, productIds, categoryIds)).toEqual([]));
  it('catches an unknown product in a product row and an unknown category in a grid', () => {
    const broken = copy(pages);
    const home = broken.data.pages[0]!;
    const rowIndex = home.blocks.findIndex((b) => b.type === 'product-row');
    const gridIndex = home.blocks.findIndex((b) => b.type === 'category-grid');
    const rowBlock = home.blocks[rowIndex];
    const gridBlock = home.blocks[gridIndex];
    if (rowBlock?.type !== 'product-row' || gridBlock?.type !== 'category-grid')
      throw new Error('home needs a row and a grid');
    rowBlock.productIds = ['xiaomi-15', 'iphone-17'];
    gridBlock.categoryIds = ['laptops'];
    expect(rules.pageReferencesExist(broken, productIds, categoryIds)).toEqual([
      {
        file: broken.file,
        pointer: `/pages/0/blocks/${rowIndex}/productIds/1`,
        message: 'product "iphone-17" is not in the catalogue',
      },
      {
        file: broken.file,
        pointer: `/pages/0/blocks/${gridIndex}/categoryIds/0`,
        message: 'category "laptops" is not in the catalogue',
      },
    ]);
  });
});

describe('pagesUnique', () => {
  const all = fs
    .readdirSync(path.join(root, 'snapshots/pages'))
    .map((f) => located<PagesSnapshot>(`snapshots/pages/${f}`));
  it('passes the committed pages', () => expect(rules.pagesUnique(all)).toEqual([]));
  it('catches a duplicated path and a duplicated title across files', () => {
    const other = copy(all[1]!);
    other.data.pages[0]!.path = all[0]!.data.pages[2]!.path;
    other.data.pages[1]!.title = { en: all[0]!.data.pages[3]!.title.en };
    const issues = rules.pagesUnique([all[0]!, other]);
    expect(issues.map((i) => `${i.file} ${i.pointer}`)).toEqual([
      `${other.file} /pages/0/path`,
      `${other.file} /pages/1/title/en`,
    ]);
  });
});

describe('storefrontsHaveHeaderFooter', () => {
  const folder = 'content/snapshots/header-footer';
  const all = contentStorefronts.map((s) => located<HeaderFooter>(`snapshots/header-footer/${s.urlLocal}.json`));
  const urlLocals = contentStorefronts.map((s) => s.urlLocal);
  it('passes when every storefront has its file', () =>
    expect(rules.storefrontsHaveHeaderFooter(all, urlLocals, folder)).toEqual([]));
  it('catches a missing storefront and a file whose urlLocal does not match its name', () => {
    const withoutKr = all.filter((hf) => hf.data.urlLocal !== 'kr');
    const renamed = copy(withoutKr[0]!);
    renamed.data.urlLocal = 'xx';
    const issues = rules.storefrontsHaveHeaderFooter([renamed, ...withoutKr.slice(1)], urlLocals, folder);
    expect(issues).toEqual([
      {
        file: renamed.file,
        pointer: '/urlLocal',
        message: expect.stringContaining('"xx" does not match the file name'),
      },
      {
        file: `${folder}/${withoutKr[0]!.data.urlLocal}.json`,
        pointer: '',
        message: `storefront ${withoutKr[0]!.data.urlLocal} has no header-footer snapshot`,
      },
      { file: `${folder}/kr.json`, pointer: '', message: 'storefront kr has no header-footer snapshot' },
    ]);
  });
});

describe('cataloguesExist', () => {
  it('catches a catalogue the storefronts need but nobody wrote', () => {
    expect(rules.cataloguesExist(['en', 'de', 'km'], new Set(['en', 'de']), 'content/locales')).toEqual([
      { file: 'content/locales/km/', pointer: '', message: 'UI catalogue km is missing' },
    ]);
  });
});
