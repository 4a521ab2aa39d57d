/**
 * Regenerates the committed snapshots and images from the sources in content/tools and the UI catalogues in
 * content/locales (menus and category names are catalogue texts: run this after changing them).
 * Run: npx tsx content/tools/generate.ts   (the JSON it writes is the snapshot; review the diff, then commit)
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildCategories, buildProducts, catalogueImages } from './build-catalogue';
import { buildHeaderFooter } from './build-header-footer';
import { buildPages } from './build-pages';
import { shellImages } from './build-shell-images';
import { buildArticles, buildFaq } from './build-support';
import { buildCoupons } from './build-coupons';
import { buildFcodes } from './build-fcodes';
import { buildTradeIn } from './build-trade-in';
import { buildPresales } from './build-presales';
import { buildFlashSales } from './build-flash-sales';
import { buildServiceCentres } from './build-service-centres';
import { buildStores } from './build-stores';
import { buildReviews } from './build-reviews';
import { contentStorefronts } from '../storefronts';
import { copySourcesSeen } from './copy-texts';
import { writeJson, writeText } from './write-json';
import { programmeData } from './programme-data';

const root = path.resolve(__dirname, '..');

const products = buildProducts();
const programmes = programmeData(products);
writeJson(path.join(root, 'snapshots/catalogue/products.json'), products);
writeJson(path.join(root, 'snapshots/catalogue/categories.json'), buildCategories());
for (const storefront of contentStorefronts)
  writeJson(
    path.join(root, 'snapshots/header-footer', `${storefront.urlLocal}.json`),
    buildHeaderFooter(storefront, products, programmes),
  );
for (const [file, pages] of Object.entries(buildPages())) writeJson(path.join(root, 'snapshots/pages', file), pages);
writeJson(path.join(root, 'snapshots/support/faq.json'), buildFaq());
writeJson(path.join(root, 'snapshots/support/articles.json'), buildArticles());
writeJson(path.join(root, 'snapshots/promotions/coupons.json'), buildCoupons());
writeJson(path.join(root, 'snapshots/promotions/fcodes.json'), buildFcodes());
writeJson(path.join(root, 'snapshots/promotions/trade-in.json'), buildTradeIn(products.products));
writeJson(path.join(root, 'snapshots/promotions/presales.json'), buildPresales());
writeJson(path.join(root, 'snapshots/promotions/flash-sales.json'), buildFlashSales());
writeJson(path.join(root, 'snapshots/support/service-centres.json'), buildServiceCentres());
writeJson(path.join(root, 'snapshots/stores/stores.json'), buildStores());
writeJson(path.join(root, 'snapshots/reviews/reviews.json'), buildReviews(products.products));
// What the builders wrote in English and the copy catalogues translate: the translators' list of source texts.
writeJson(path.join(root, 'copy/sources.json'), copySourcesSeen());
const images = { ...catalogueImages(), ...shellImages() };
for (const [file, svg] of Object.entries(images)) writeText(path.join(root, 'images', file), svg);
// Product images are all generated: those of a larger catalogue made earlier (CATALOGUE_SIZE) go with it, or the
// build would copy them and every storefront's inputs would differ from the committed catalogue's.
for (const name of fs.readdirSync(path.join(root, 'images/products')))
  if (!(`products/${name}` in images)) fs.rmSync(path.join(root, 'images/products', name));
console.log('content snapshots written');
