/** Which schema a snapshot file under content/snapshots follows, from where it lives (content/load.ts's paths). */
import { contentPaths } from '../../content/load';
import type { SnapshotKind } from '../../content/validate';

export type { ContentBundle } from '../../content/load';

/** Single files and folders of snapshots, relative to content/snapshots, with their kind. */
const FILES: [string, SnapshotKind][] = [
  [contentPaths.products, 'products'],
  [contentPaths.categories, 'categories'],
  [contentPaths.faq, 'faq'],
  [contentPaths.articles, 'articles'],
  [contentPaths.coupons, 'coupons'],
  [contentPaths.fcodes, 'fcodes'],
  [contentPaths.tradeIn, 'trade-in'],
  [contentPaths.presales, 'presales'],
  [contentPaths.serviceCentres, 'service-centres'],
  [contentPaths.stores, 'stores'],
  [contentPaths.reviews, 'reviews'],
];
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
