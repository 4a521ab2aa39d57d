import type { PageContext, PageRef } from '../page-context';

type Source = (ref: PageRef) => PageContext | undefined;

let source: Source | undefined;

/** Set once by the build's renderer (plugins/storefront-pages/render): how a PageRef becomes the page's context. */
export function setPageContextSource(next: Source): void {
  source = next;
}

/**
 * The full context of a page. Gatsby hands `Head` the PageRef it stored (page-data stays small); unit tests
 * hand components the full context, which is returned as it is.
 */
export function fullPageContext<Data>(context: PageContext<Data> | PageRef): PageContext<Data> {
  if ('seo' in context) return context;
  const full = source?.(context);
  if (!full) throw new Error(`No page context for ${context.pagePath}: createPages did not record it`);
  return full as PageContext<Data>;
}
