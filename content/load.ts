/**
 * Node-only loader: reads every snapshot under content/, validates each against its schema, runs the
 * cross-file rules and returns one typed bundle. Any problem throws SnapshotError (file, JSON pointer, reason),
 * which stops the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as rules from './cross-file-rules';
import type { Located } from './cross-file-rules';
import type { Article } from './schemas/articles.schema';
import type { Category } from './schemas/categories.schema';
import type { Coupon } from './schemas/coupons.schema';
import type { FcodeCampaign } from './schemas/fcodes.schema';
import type { TradeInCountry } from './schemas/trade-in.schema';
import type { PresaleCampaign } from './schemas/presales.schema';
import type { FlashSaleCampaign } from './schemas/flash-sales.schema';
import { flashSalesHold } from './flash-sale-rules';
import type { ServiceCentreCountry } from './schemas/service-centres.schema';
import { serviceCentresHold } from './service-centre-rules';
import type { StoreCountry } from './schemas/stores.schema';
import { storesHold } from './stores-rules';
import { headerFootersLinkRunningProgrammes } from './programme-rules';
import type { SeedReview } from './schemas/reviews.schema';
import { reviewsHold } from './reviews-rules';
import type { FaqSnapshot } from './schemas/faq.schema';
import type { HeaderFooter } from './schemas/header-footer.schema';
import type { ContentPage, PagesSnapshot } from './schemas/pages.schema';
import type { Product } from './schemas/products.schema';
import { SnapshotError, type SnapshotIssue } from './snapshot-error';
import { contentStorefronts, countryCurrency, requiredCatalogues } from './storefronts';
import { schemaIssues, type Snapshot, type SnapshotKind } from './validate';
import { NAMESPACES, namespaceOf } from './i18n/namespaces';
import { PLURAL_SUFFIX } from './i18n/plural';
import { pseudoLocale } from './i18n/pseudo';
import { pseudoCatalogues, pseudoHeaderFooter, pseudoLocalized } from './i18n/pseudo-content';

export { SnapshotError, formatIssue, type SnapshotIssue } from './snapshot-error';
export { validateSnapshot, snapshotKinds, type Snapshot, type SnapshotKind } from './validate';
export { localize } from './localize';

/** Everything the build and the server read from content/, validated. */
export interface ContentBundle {
  products: Product[];
  categories: Category[];
  /** By urlLocal. */
  headerFooters: Record<string, HeaderFooter>;
  pages: ContentPage[];
  faq: FaqSnapshot;
  articles: Article[];
  coupons: Coupon[];
  fcodes: FcodeCampaign[];
  /** Trade-in programmes by country. */
  tradeIn: TradeInCountry[];
  presales: PresaleCampaign[];
  /** Flash sale campaigns (their places and sold units are live data, never content). */
  flashSales: FlashSaleCampaign[];
  /** Service centres and booking rules by country. */
  serviceCentres: ServiceCentreCountry[];
  /** Xiaomi stores by country (store finder and the `store` search type). */
  stores: StoreCountry[];
  /** Seed reviews per product and country: the product pages' static reviews and AggregateRating. */
  reviews: SeedReview[];
  /** By catalogue code; UI strings only (no `_meta`). */
  translations: Record<string, Record<string, string>>;
}

/**
 * content/ itself; `root` arguments below default to it. Bundlers (Gatsby compiles gatsby-node with Parcel)
 * move this file, so __dirname is trusted only when the snapshots are really beside it; else ./content.
 */
export const defaultContentRoot =
  typeof __dirname === 'string' && fs.existsSync(path.join(__dirname, 'snapshots'))
    ? __dirname
    : path.resolve('content');

/** Paths inside content/ (also the public URL of images: /images/x → content/images/x). */
export const contentPaths = {
  products: 'snapshots/catalogue/products.json',
  categories: 'snapshots/catalogue/categories.json',
  headerFooter: 'snapshots/header-footer',
  pages: 'snapshots/pages',
  faq: 'snapshots/support/faq.json',
  articles: 'snapshots/support/articles.json',
  coupons: 'snapshots/promotions/coupons.json',
  fcodes: 'snapshots/promotions/fcodes.json',
  tradeIn: 'snapshots/promotions/trade-in.json',
  presales: 'snapshots/promotions/presales.json',
  flashSales: 'snapshots/promotions/flash-sales.json',
  serviceCentres: 'snapshots/support/service-centres.json',
  stores: 'snapshots/stores/stores.json',
  reviews: 'snapshots/reviews/reviews.json',
  locales: 'locales',
  images: 'images',
} as const;

/**
 * Reads, validates and cross-checks every snapshot under `root` (the content folder).
 * @throws SnapshotError listing every problem found (the message names the first)
 */
export function loadContent(root: string = defaultContentRoot): ContentBundle {
  const reader = new SnapshotReader(root);
  const products = reader.read('products', contentPaths.products);
  const categories = reader.read('categories', contentPaths.categories);
  const headerFooters = reader.readFolder('header-footer', contentPaths.headerFooter);
  const pages = reader.readFolder('pages', contentPaths.pages);
  const faq = reader.read('faq', contentPaths.faq);
  const articles = reader.read('articles', contentPaths.articles);
  const coupons = reader.read('coupons', contentPaths.coupons);
  const fcodes = reader.read('fcodes', contentPaths.fcodes);
  const tradeIn = reader.read('trade-in', contentPaths.tradeIn);
  const presales = reader.read('presales', contentPaths.presales);
  const flashSales = reader.read('flash-sales', contentPaths.flashSales);
  const serviceCentres = reader.read('service-centres', contentPaths.serviceCentres);
  const stores = reader.read('stores', contentPaths.stores);
  const reviews = reader.read('reviews', contentPaths.reviews);
  const catalogues = reader.readCatalogues();
  reader.throwIfAny(); // the cross-file rules assume schema-valid data

  const imageExists = (publicPath: string) =>
    fs.existsSync(path.join(root, contentPaths.images, publicPath.replace(/^\/images\//, '')));
  const productIds = new Set(products.data.products.map((p) => p.id));
  const categoryIds = new Set<string>(categories.data.categories.map((c) => c.id));
  const english = catalogues.find((c) => c.code === 'en');
  const issues: SnapshotIssue[] = [
    ...rules.productCategoriesExist(products, categories),
    ...rules.catalogueIdsUnique(products),
    ...rules.offerCurrenciesMatch(products, countryCurrency),
    ...rules.productImagesExist(products, imageExists),
    ...[products, categories, ...headerFooters, ...pages].flatMap((snapshot) =>
      rules.referencedImagesExist(snapshot, imageExists),
    ),
    ...headerFooters.flatMap((hf) => rules.headerFooterProductsExist(hf, productIds)),
    ...pages.flatMap((p) => rules.pageReferencesExist(p, productIds, categoryIds)),
    ...rules.pagesUnique(pages),
    ...rules.couponReferencesExist(coupons, productIds, categoryIds),
    ...rules.fcodeReferencesExist(fcodes, productIds),
    ...rules.tradeInReferencesExist(tradeIn, products, countryCurrency, english?.data ?? {}),
    ...rules.presaleCampaignsHold(presales, productIds),
    ...flashSalesHold(flashSales, products.data.products, new Set(contentStorefronts.map((s) => s.local))),
    ...serviceCentresHold(serviceCentres, new Set(contentStorefronts.map((s) => s.local))),
    ...storesHold(stores, new Set(Object.keys(countryCurrency))),
    ...reviewsHold(reviews, products.data.products, imageExists),
    ...headerFootersLinkRunningProgrammes(
      headerFooters,
      new Map(contentStorefronts.map((s) => [s.urlLocal, s.local])),
      {
        tradeIn: tradeIn.data.countries,
        stores: stores.data.countries,
        serviceCentres: serviceCentres.data.countries,
        coupons: coupons.data.coupons,
        pages: pages.flatMap((p) => p.data.pages),
      },
    ),
    ...rules.storefrontsHaveHeaderFooter(
      headerFooters,
      contentStorefronts.map((s) => s.urlLocal),
      reader.relative(contentPaths.headerFooter),
    ),
    ...rules.cataloguesExist(
      requiredCatalogues,
      new Set(catalogues.map((c) => c.code)),
      reader.relative(contentPaths.locales),
    ),
  ];
  if (issues.length > 0) throw new SnapshotError(issues);

  const pseudo = pseudoLocale();
  const bundle: ContentBundle = {
    products: products.data.products,
    categories: categories.data.categories,
    headerFooters: Object.fromEntries(headerFooters.map((hf) => [hf.data.urlLocal, hf.data])),
    pages: pages.flatMap((p) => p.data.pages),
    faq: faq.data,
    articles: articles.data.articles,
    coupons: coupons.data.coupons,
    fcodes: fcodes.data.campaigns,
    tradeIn: tradeIn.data.countries,
    presales: presales.data.campaigns,
    flashSales: flashSales.data.sales,
    serviceCentres: serviceCentres.data.countries,
    stores: stores.data.countries,
    reviews: reviews.data.reviews,
    translations: Object.fromEntries(catalogues.map((c) => [c.code, c.data])),
  };
  if (!pseudo) return bundle;
  // A pseudo-locale build: every text of the catalogues and snapshots pseudo-translated (i18n/pseudo.ts).
  const { translations, headerFooters: shells, ...snapshots } = bundle;
  return {
    ...pseudoLocalized(structuredClone(snapshots), pseudo),
    headerFooters: Object.fromEntries(
      Object.entries(shells).map(([code, hf]) => [code, pseudoHeaderFooter(hf, pseudo)]),
    ),
    translations: pseudoCatalogues(translations, pseudo),
  };
}

/**
 * Every language's UI catalogue under `root`/locales, validated, by catalogue code: only what the language really has.
 * Readers fall back to English for a key a language lacks (the i18n check in `npm test` lists such gaps). Lighter
 * than loadContent for code that needs only UI strings (the server's messages, tools).
 */
export function loadTranslations(root: string = defaultContentRoot): Record<string, Record<string, string>> {
  const reader = new SnapshotReader(root);
  const catalogues = reader.readCatalogues();
  reader.throwIfAny();
  const translations = Object.fromEntries(catalogues.map((c) => [c.code, c.data]));
  const pseudo = pseudoLocale();
  return pseudo ? pseudoCatalogues(translations, pseudo) : translations;
}

/** Reads JSON files of one content folder, collecting problems instead of stopping at the first file. */
class SnapshotReader {
  private readonly issues: SnapshotIssue[] = [];
  private readonly projectRoot: string;

  constructor(private readonly root: string) {
    this.projectRoot = path.dirname(root);
  }

  /** Path as shown in messages: relative to the project (the folder holding content/), with '/' separators. */
  relative(inside: string): string {
    return path.relative(this.projectRoot, path.join(this.root, inside)).split(path.sep).join('/');
  }

  read<K extends SnapshotKind>(kind: K, inside: string): Located<Snapshot<K>> {
    const file = this.relative(inside);
    let data: unknown;
    try {
      data = JSON.parse(fs.readFileSync(path.join(this.root, inside), 'utf8'));
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'file is missing'
          : `not valid JSON (${(error as Error).message})`;
      this.issues.push({ file, pointer: '', message: reason });
      return { file, data: undefined as unknown as Snapshot<K> };
    }
    this.issues.push(...schemaIssues(kind, file, data));
    return { file, data: data as Snapshot<K> };
  }

  readFolder<K extends SnapshotKind>(kind: K, folder: string): Located<Snapshot<K>>[] {
    const names = this.list(folder).filter((name) => name.endsWith('.json'));
    if (names.length === 0)
      this.issues.push({ file: this.relative(folder), pointer: '', message: `no ${kind} snapshots found` });
    return names.map((name) => this.read(kind, `${folder}/${name}`));
  }

  /**
   * Every language's catalogue: its namespace files (<code>/<namespace>.json) merged into one flat map. A file must be
   * a known namespace and hold only that namespace's keys, so each key has exactly one home.
   */
  readCatalogues(): (Located<Record<string, string>> & { code: string })[] {
    return this.list(contentPaths.locales)
      .filter((code) => fs.statSync(path.join(this.root, contentPaths.locales, code)).isDirectory())
      .map((code) => {
        const folder = `${contentPaths.locales}/${code}`;
        const strings: Record<string, string> = {};
        for (const name of this.list(folder).filter((n) => n.endsWith('.json'))) {
          const ns = name.replace(/\.json$/, '');
          const { file, data } = this.read('translation', `${folder}/${name}`);
          if (!(NAMESPACES as readonly string[]).includes(ns)) {
            this.issues.push({
              file,
              pointer: '',
              message: `"${ns}" is not a namespace of the catalogues (${NAMESPACES.join(', ')})`,
            });
            continue;
          }
          for (const [key, value] of Object.entries((data ?? {}) as Record<string, string>)) {
            const home = namespaceOf(key.replace(PLURAL_SUFFIX, ''));
            if (home !== ns)
              this.issues.push({
                file,
                pointer: `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
                message: home ? `key belongs in ${home}.json` : 'key of no namespace (content/i18n/namespaces.ts)',
              });
            else strings[key] = value;
          }
        }
        return { code, file: this.relative(folder), data: strings };
      })
      .filter((c) => Object.keys(c.data).length > 0);
  }

  throwIfAny(): void {
    if (this.issues.length > 0) throw new SnapshotError(this.issues);
  }

  private list(folder: string): string[] {
    const full = path.join(this.root, folder);
    return fs.existsSync(full) ? fs.readdirSync(full).sort() : [];
  }
}

export type { Article, Category, ContentPage, FaqSnapshot, HeaderFooter, PagesSnapshot, Product };
