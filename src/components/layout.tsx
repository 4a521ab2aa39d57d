import type { ReactNode } from 'react';
import type { PageContext } from '../page-context';
import { isPocoPage } from '../shell/header/poco-pages';
import { Breadcrumbs } from './breadcrumbs';
import { MainSlot } from './main-slot';
import { ShellSlot } from './shell-slot';
import type { Translate } from './translate';
import { useCatalogue } from './use-translate';
import { CatalogueContext } from './widget-strings';

/** The main landmark's id: the skip link's target, and what the first paint waits for (page-head.tsx). */
export const MAIN_ID = 'main';

export interface LayoutProps {
  pageContext: Pick<PageContext, 'app' | 'breadcrumbs' | 'template' | 'pagePath' | 'storefront'>;
  t: Translate;
  children: ReactNode;
  /**
   * What floats over the page outside its main landmark, after it (the apps' chat launcher on support pages). The
   * main landmark is the same in a page's web, app and iOS variants (render/main-html.ts renders it once), so what
   * differs between them goes here.
   */
  floating?: ReactNode;
}

/**
 * The page frame: skip link, header, main landmark, footer. App webview pages (app/ios) have no site header or
 * footer, the native app draws its own chrome. The header and footer are rendered once per storefront by the
 * build and put in place of the shell slots.
 */
export function Layout({ pageContext, t, children, floating }: LayoutProps) {
  const web = pageContext.app === 'web';
  const catalogue = useCatalogue();
  const poco = isPocoPage(pageContext.pagePath, pageContext.storefront.home) ? ' page--poco' : '';
  return (
    <CatalogueContext.Provider value={catalogue}>
      <div className={`page page--${pageContext.template}${web ? '' : ' page--app'}${poco}`}>
        <a className="skip-link" href={`#${MAIN_ID}`}>
          {t('header.skipToContent')}
        </a>
        {web && <ShellSlot part="header" />}
        <main id={MAIN_ID} className="main" tabIndex={-1}>
          <MainSlot>
            <Breadcrumbs items={pageContext.breadcrumbs} />
            {children}
          </MainSlot>
        </main>
        {floating}
        {web && <ShellSlot part="footer" />}
      </div>
    </CatalogueContext.Provider>
  );
}
