import type { HeadProps } from 'gatsby';
import type { PageContext } from '../page-context';
import { AppHead } from './app-head';
import { SeoHead } from './seo-head';

/** The `Head` export shared by every template (Gatsby Head API). */
export function PageHead({ pageContext }: HeadProps<object, PageContext>) {
  return (
    <>
      <SeoHead pageContext={pageContext} />
      <AppHead storefront={pageContext.storefront} />
    </>
  );
}
