/**
 * `public/<storefront>/.offers.json`: the prices the storefront's pages were rendered with (sites/served-offers.ts).
 * createPages records them from the very content bundle the page builders render (one file per storefront in
 * .cache, as the build records); onPostBuild puts each beside its pages, so the publish carries it into the
 * storefront's version and the API quotes the release's prices (server/releases/served-prices.ts). A dotfile: the
 * site server refuses to serve it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Product } from '../../../content/schemas/products.schema';
import { SERVED_OFFERS_FILE, servedOffers } from '../../../sites/served-offers';
import { writeIfChanged } from './write-if-changed';

const folder = path.resolve('.cache/storefront-pages');
const recordOf = (code: string, cacheDir = folder) => path.join(cacheDir, `${code}.offers.json`);

/** Records the offers of a storefront this build renders (createPages, with the bundle the pages are built from). */
export function recordServedOffers(
  products: readonly Product[],
  storefront: { urlLocal: string; local: string },
  cacheDir = folder,
): void {
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = servedOffers(products, storefront.urlLocal, storefront.local);
  fs.writeFileSync(recordOf(storefront.urlLocal, cacheDir), `${JSON.stringify(file)}\n`);
}

/** Writes the recorded offers of the storefronts built now into `publicDir/<code>/`; returns how many it wrote. */
export function writeServedOffers(publicDir: string, built: readonly string[], cacheDir = folder): number {
  let written = 0;
  for (const code of built) {
    const record = recordOf(code, cacheDir);
    if (!fs.existsSync(record) || !fs.existsSync(path.join(publicDir, code))) continue;
    writeIfChanged(path.join(publicDir, code, SERVED_OFFERS_FILE), fs.readFileSync(record));
    written += 1;
  }
  return written;
}
