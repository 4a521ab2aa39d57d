import type { HeadProps } from 'gatsby';
import type { PageContext, PageRef } from '../page-context';
import { fullPageContext } from './page-context-source';
import { SeoHead } from './seo-head';

/** The `Head` export shared by every template (Gatsby Head API); Gatsby passes it the page's PageRef. */
export function PageHead({ pageContext }: HeadProps<object, PageContext | PageRef>) {
  return <SeoHead pageContext={fullPageContext(pageContext)} />;
}
