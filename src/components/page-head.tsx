import type { PageContext } from '../page-context';
import { AppHead } from './app-head';
import { SeoHead } from './seo-head';

/**
 * The head of every page: what search engines and link previews read, then the storefront's icons and manifest.
 * The build's renderer puts it into the page (plugins/storefront-pages/render/render-page.tsx), not Gatsby's Head
 * API, which rendered every page's head twice and parsed it in between.
 */
export function PageHead({ pageContext }: { pageContext: Pick<PageContext, 'storefront' | 'seo'> }) {
  return (
    <>
      <SeoHead pageContext={pageContext} />
      <AppHead storefront={pageContext.storefront} />
    </>
  );
}
