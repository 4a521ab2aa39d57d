import type { PageProps } from 'gatsby';
import type { PageContext } from '../page-context';

/** Result of the page query every template exports (the translation catalogue for gatsby-plugin-react-i18next). */
export interface LocalesQuery {
  locales: { edges: { node: { ns: string; data: string; language: string } }[] };
}

/** Props of a template whose page context carries `Data`. */
export type TemplateProps<Data> = PageProps<LocalesQuery, PageContext<Data>>;
