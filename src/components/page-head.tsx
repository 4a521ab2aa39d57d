import type { HeadProps } from 'gatsby';
import type { PageContext, PageRef } from '../page-context';
import { AppHead } from './app-head';
import { fullPageContext } from './page-context-source';
import { SeoHead } from './seo-head';

/** The `Head` export shared by every template (Gatsby Head API); Gatsby passes it the page's PageRef. */
export function PageHead({ pageContext }: HeadProps<object, PageContext | PageRef>) {
  const page = fullPageContext(pageContext);
  return (
    <>
      <SeoHead pageContext={page} />
      <AppHead storefront={page.storefront} />
    </>
  );
}
