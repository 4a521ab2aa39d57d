/**
 * What createPages learns about each storefront that onPostBuild needs (sitemap entries, client routes).
 * Written to .cache so the two steps need not share memory.
 */
import fs from 'fs';
import path from 'path';
import type { EmitResult } from './storefront-build';

const folder = path.resolve('.cache/storefront-pages');

export function writeBuildRecord(urlLocal: string, record: EmitResult): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, `${urlLocal}.json`), JSON.stringify(record));
}

export function readBuildRecord(urlLocal: string): EmitResult | undefined {
  const file = path.join(folder, `${urlLocal}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as EmitResult) : undefined;
}
