/** Which schema a snapshot file under content/snapshots follows, from where it lives. */
import type { SnapshotKind } from '../../content/validate';

export type { ContentBundle } from '../../content/load';

export function snapshotKindOf(relativePath: string): SnapshotKind | undefined {
  if (relativePath === 'catalogue/products.json') return 'products';
  if (relativePath === 'catalogue/categories.json') return 'categories';
  if (relativePath.startsWith('header-footer/')) return 'header-footer';
  if (relativePath.startsWith('pages/')) return 'pages';
  if (relativePath === 'support/faq.json') return 'faq';
  if (relativePath === 'support/articles.json') return 'articles';
  return undefined;
}
