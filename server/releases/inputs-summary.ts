/**
 * What a storefront's pages are built from, summarised so two moments can be compared in words: the products it
 * sells with their prices, a digest per content page and per UI string, and digests of its header/footer and
 * promotions. build-inputs.ts keeps only one hash per part (enough to decide a rebuild); the console keeps this
 * summary per build, so it can say which prices, products, pages and strings changed since the served version.
 * Bounded by the content itself: one entry per product offered, page and string key (some 60 KB for a storefront).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { catalogueCandidates, getStorefront } from '../../region-config';

export interface ProductPrice {
  name: string;
  currency: string;
  salePrice: number;
  marketPrice: number;
}

export interface InputsSummary {
  /** commodityId → the offer as the storefront sells it. */
  products: Record<string, ProductPrice>;
  /** page path → digest of what it shows. */
  pages: Record<string, string>;
  /** `namespace:key` → digest of the text. */
  strings: Record<string, string>;
  /** header/footer, promotions, content copy: name → digest. */
  other: Record<string, string>;
}

const digest = (data: string | Buffer): string => createHash('sha1').update(data).digest('base64url').slice(0, 10);

/** Parsed content files by path, kept while the file is unchanged: a build of many storefronts reads the same ones. */
const parsed = new Map<string, { stamp: string; value: unknown }>();

function readJson<T>(file: string): T | undefined {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return undefined;
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const cached = parsed.get(file);
  if (cached?.stamp === stamp) return cached.value as T;
  const value = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  parsed.set(file, { stamp, value });
  return value as T;
}

interface Product {
  name: string;
  commodities: {
    commodityId: string;
    firstSpecValue?: string;
    secondSpecValue?: string;
    offers: Record<string, { currency: string; salePrice: number; marketPrice: number } | undefined>;
  }[];
}

function flatten(value: unknown, prefix: string, out: Record<string, string>): void {
  if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  else out[prefix] = digest(JSON.stringify(value));
}

/** The summary of a storefront's inputs as the project in `root` holds them now. */
export function summarizeInputs(urlLocal: string, root = '.'): InputsSummary {
  const storefront = getStorefront(urlLocal);
  if (!storefront) throw new Error(`unknown storefront ${urlLocal}`);
  const at = (file: string) => path.join(root, file);
  const products: Record<string, ProductPrice> = {};
  for (const product of readJson<{ products: Product[] }>(at('content/snapshots/catalogue/products.json'))?.products ??
    []) {
    for (const commodity of product.commodities) {
      const offer = commodity.offers[storefront.local];
      if (!offer) continue;
      const name = [product.name, commodity.firstSpecValue, commodity.secondSpecValue].filter(Boolean).join(' ');
      products[commodity.commodityId] = {
        name,
        currency: offer.currency,
        salePrice: offer.salePrice,
        marketPrice: offer.marketPrice,
      };
    }
  }
  const pages: Record<string, string> = {};
  for (const file of ['content-pages', 'event-pages', 'support-pages']) {
    for (const page of readJson<{ pages: { path: string }[] }>(at(`content/snapshots/pages/${file}.json`))?.pages ?? [])
      pages[page.path] = digest(JSON.stringify(page));
  }
  const strings: Record<string, string> = {};
  const language =
    catalogueCandidates(storefront.lang).find((candidate) => fs.existsSync(at(`content/locales/${candidate}`))) ?? 'en';
  for (const name of fs
    .readdirSync(at(`content/locales/${language}`))
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const keys: Record<string, string> = {};
    flatten(readJson(at(`content/locales/${language}/${name}`)), '', keys);
    for (const [key, value] of Object.entries(keys)) strings[`${name.replace(/\.json$/, '')}:${key}`] = value;
  }
  const other: Record<string, string> = {};
  const files = [
    `content/snapshots/header-footer/${urlLocal}.json`,
    ...['coupons', 'fcodes', 'presales', 'flash-sales', 'trade-in'].map(
      (name) => `content/snapshots/promotions/${name}.json`,
    ),
  ];
  const copy = catalogueCandidates(storefront.lang)
    .map((candidate) => `content/copy/${candidate}.json`)
    .find((file) => fs.existsSync(at(file)));
  for (const file of [...files, ...(copy ? [copy] : [])])
    if (fs.existsSync(at(file))) other[file] = digest(fs.readFileSync(at(file)));
  return { products, pages, strings, other };
}

/** A price that differs between the served version and the content now. */
export interface PriceChange {
  commodityId: string;
  name: string;
  currency: string;
  before: { salePrice: number; marketPrice: number };
  after: { salePrice: number; marketPrice: number };
}

export interface InputsDiff {
  productsAdded: { commodityId: string; name: string }[];
  productsRemoved: { commodityId: string; name: string }[];
  prices: PriceChange[];
  pagesChanged: string[];
  pagesAdded: string[];
  pagesRemoved: string[];
  /** String keys whose text changed, was added or removed (at most DIFF_LIST_MAX named; `stringsCount` counts all). */
  strings: string[];
  stringsCount: number;
  /** Other inputs (header/footer, promotions, content copy) whose file changed. */
  other: string[];
  /** True when nothing changed. */
  same: boolean;
}

/** Lists in a diff name at most this many entries (the count says how many there are). */
export const DIFF_LIST_MAX = 50;

function keyChanges(
  before: Record<string, string>,
  after: Record<string, string>,
): { changed: string[]; added: string[]; removed: string[] } {
  const changed = Object.keys(after).filter((key) => key in before && before[key] !== after[key]);
  const added = Object.keys(after).filter((key) => !(key in before));
  const removed = Object.keys(before).filter((key) => !(key in after));
  return { changed, added, removed };
}

/** What changed from `before` (the served version's inputs) to `after` (the content now), in readable lists. */
export function diffInputs(before: InputsSummary, after: InputsSummary): InputsDiff {
  const productsAdded = Object.entries(after.products)
    .filter(([id]) => !before.products[id])
    .map(([commodityId, p]) => ({ commodityId, name: p.name }));
  const productsRemoved = Object.entries(before.products)
    .filter(([id]) => !after.products[id])
    .map(([commodityId, p]) => ({ commodityId, name: p.name }));
  const prices: PriceChange[] = [];
  for (const [commodityId, now] of Object.entries(after.products)) {
    const then = before.products[commodityId];
    if (!then || (then.salePrice === now.salePrice && then.marketPrice === now.marketPrice)) continue;
    prices.push({
      commodityId,
      name: now.name,
      currency: now.currency,
      before: { salePrice: then.salePrice, marketPrice: then.marketPrice },
      after: { salePrice: now.salePrice, marketPrice: now.marketPrice },
    });
  }
  const pages = keyChanges(before.pages, after.pages);
  const strings = keyChanges(before.strings, after.strings);
  const allStrings = [...strings.changed, ...strings.added, ...strings.removed];
  const other = Object.keys({ ...before.other, ...after.other }).filter(
    (file) => before.other[file] !== after.other[file],
  );
  const cap = <T>(list: T[]) => list.slice(0, DIFF_LIST_MAX);
  const diff = {
    productsAdded: cap(productsAdded),
    productsRemoved: cap(productsRemoved),
    prices: cap(prices),
    pagesChanged: cap(pages.changed),
    pagesAdded: cap(pages.added),
    pagesRemoved: cap(pages.removed),
    strings: cap(allStrings),
    stringsCount: allStrings.length,
    other,
  };
  const same =
    productsAdded.length +
      productsRemoved.length +
      prices.length +
      pages.changed.length +
      pages.added.length +
      pages.removed.length +
      allStrings.length +
      other.length ===
    0;
  return { ...diff, same };
}
