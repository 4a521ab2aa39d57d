/** Which schema a snapshot file under content/snapshots follows, from where it lives (content/load.ts's paths). */
import { contentPaths } from '../../content/load';
import type { SnapshotKind } from '../../content/validate';

export type { ContentBundle } from '../../content/load';

type Folder = 'headerFooter' | 'pages';
/**
 * The kind of each single-file snapshot, relative to content/snapshots. A record over content/load.ts's paths, so a
 * snapshot added there and forgotten here fails the type check rather than the build.
 */
const FILE_KINDS: Record<Exclude<keyof typeof contentPaths, Folder | 'locales' | 'images'>, SnapshotKind> = {
  products: 'products',
  categories: 'categories',
  faq: 'faq',
  articles: 'articles',
  coupons: 'coupons',
  fcodes: 'fcodes',
  tradeIn: 'trade-in',
  presales: 'presales',
  flashSales: 'flash-sales',
  serviceCentres: 'service-centres',
  stores: 'stores',
  reviews: 'reviews',
};
const FILES = Object.entries(FILE_KINDS).map(
  ([name, kind]) => [contentPaths[name as keyof typeof FILE_KINDS], kind] as [string, SnapshotKind],
);
const FOLDERS: [string, SnapshotKind][] = [
  [contentPaths.headerFooter, 'header-footer'],
  [contentPaths.pages, 'pages'],
];
const inSnapshots = (p: string) => p.replace(/^snapshots\//, '');

export function snapshotKindOf(relativePath: string): SnapshotKind | undefined {
  const file = FILES.find(([p]) => inSnapshots(p) === relativePath);
  if (file) return file[1];
  return FOLDERS.find(([p]) => relativePath.startsWith(`${inSnapshots(p)}/`))?.[1];
}
