import type { PageProps } from 'gatsby';
import type { PageContext } from '../page-context';

/**
 * Props of a template whose page context carries `Data`. Gatsby stores only a PageRef per page; the build's
 * renderer (plugins/storefront-pages/render) hands the template the full context. Templates have no page query.
 */
export type TemplateProps<Data> = PageProps<object, PageContext<Data>>;
