import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serverDir } from '../here';
import { contentPaths, loadContent, loadTranslations, validateSnapshot, type ContentBundle } from '../../content/load';

/** What the seed needs from content/: catalogue, header/footers, support content. */
export type SeedContent = Pick<ContentBundle, 'products' | 'headerFooters'> & {
  faq: ContentBundle['faq'] | null;
  articles: ContentBundle['articles'];
  coupons: ContentBundle['coupons'];
  fcodes: ContentBundle['fcodes'];
  tradeIn: ContentBundle['tradeIn'];
  presales: ContentBundle['presales'];
  flashSales: ContentBundle['flashSales'];
  stores: ContentBundle['stores'];
  reviews: ContentBundle['reviews'];
  serviceCentres: ContentBundle['serviceCentres'];
  /** The UI catalogues: the default app banner's texts (seed-diversions.ts). */
  translations: ContentBundle['translations'];
};

export const defaultContentDir = path.resolve(serverDir, '../content');

/** A hash of every snapshot file: the seed runs again only when content changed. */
export function snapshotHash(contentDir: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json'))
        hash.update(`${path.relative(contentDir, full)}\0`).update(fs.readFileSync(full));
    }
  };
  walk(path.join(contentDir, 'snapshots'));
  return hash.digest('hex');
}

/**
 * The content to seed: the full validated bundle (loadContent); when the whole set does not pass yet (a
 * storefront's header-footer still missing), each snapshot file that exists is validated and used on its own.
 */
export function readSeedContent(contentDir: string, warn: (msg: string) => void): SeedContent {
  try {
    return loadContent(contentDir);
  } catch (err) {
    warn(
      `content bundle incomplete, seeding the valid snapshot files one by one: ` +
        `${(err as Error).message.split('\n')[0]}`,
    );
  }
  const read = <T>(kind: Parameters<typeof validateSnapshot>[0], rel: string): T | null => {
    const file = path.join(contentDir, rel);
    if (!fs.existsSync(file)) return null;
    try {
      return validateSnapshot(kind, rel, JSON.parse(fs.readFileSync(file, 'utf8'))) as T;
    } catch (err) {
      warn(`skipping ${rel}: ${(err as Error).message.split('\n')[0]}`);
      return null;
    }
  };
  const products = read<{ products: ContentBundle['products'] }>('products', contentPaths.products)?.products ?? [];
  const headerFooters: ContentBundle['headerFooters'] = {};
  const hfDir = path.join(contentDir, contentPaths.headerFooter);
  for (const name of fs.existsSync(hfDir) ? fs.readdirSync(hfDir).sort() : []) {
    if (!name.endsWith('.json')) continue;
    const hf = read<ContentBundle['headerFooters'][string]>('header-footer', `${contentPaths.headerFooter}/${name}`);
    if (hf) headerFooters[hf.urlLocal] = hf;
  }
  const faq = read<ContentBundle['faq']>('faq', contentPaths.faq);
  const articles = read<{ articles: ContentBundle['articles'] }>('articles', contentPaths.articles)?.articles ?? [];
  const coupons = read<{ coupons: ContentBundle['coupons'] }>('coupons', contentPaths.coupons)?.coupons ?? [];
  const fcodes = read<{ campaigns: ContentBundle['fcodes'] }>('fcodes', contentPaths.fcodes)?.campaigns ?? [];
  const tradeIn = read<{ countries: ContentBundle['tradeIn'] }>('trade-in', contentPaths.tradeIn)?.countries ?? [];
  const presales = read<{ campaigns: ContentBundle['presales'] }>('presales', contentPaths.presales)?.campaigns ?? [];
  const flashSales = read<{ sales: ContentBundle['flashSales'] }>('flash-sales', contentPaths.flashSales)?.sales ?? [];
  const serviceCentres =
    read<{ countries: ContentBundle['serviceCentres'] }>('service-centres', contentPaths.serviceCentres)?.countries ??
    [];
  const stores = read<{ countries: ContentBundle['stores'] }>('stores', contentPaths.stores)?.countries ?? [];
  const reviews = read<{ reviews: ContentBundle['reviews'] }>('reviews', contentPaths.reviews)?.reviews ?? [];
  let translations: ContentBundle['translations'] = {};
  try {
    translations = loadTranslations(contentDir);
  } catch (err) {
    warn(`no UI catalogues, the default app banners stay without texts: ${(err as Error).message.split('\n')[0]}`);
  }
  return {
    products,
    headerFooters,
    faq,
    articles,
    coupons,
    fcodes,
    presales,
    flashSales,
    tradeIn,
    stores,
    serviceCentres,
    reviews,
    translations,
  };
}
