import type { SupportData } from '../template-data';
import { FormattedDate } from '../components/formatted-date';
import { Layout } from '../components/layout';
import { RegulatorLink } from '../components/regulator-link';
import { SearchForm } from '../components/search-form';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';
import { ServiceContact } from '../components/service-contact';
import { ChatLauncher } from '../components/chat-launcher';
import type { ReactNode } from 'react';

/**
 * /support/search and /support/search/{key}/ (served by this page): the search island reads the key from the path and
 * shows the help centre's live, typo-tolerant results; without a key the page lists every article to browse.
 */
function SupportSearchHost({
  isSearch,
  storefront,
  children,
}: {
  isSearch: boolean;
  storefront: TemplateProps<SupportData>['pageContext']['storefront'];
  children: ReactNode;
}) {
  if (!isSearch) return <>{children}</>;
  return (
    <WidgetHost
      name="search"
      load="eager"
      storefront={storefront}
      props={{ mode: 'support', key: '', action: `${storefront.home}support/search/`, types: ['support'] }}
    >
      {children}
    </WidgetHost>
  );
}

/** The page the iOS app shows as its support tab: the support index. */
const IOS_TAB_ROOT_ROUTE = 'support';

/** Support index, support sub-areas (phone, smart-home …) and support search results. */
export default function SupportTemplate({ pageContext }: TemplateProps<SupportData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const isSearch = data.area === 'search';
  // Web pages have the launcher beside their footer; the apps' support pages, which have none, have it here.
  const appLauncher =
    pageContext.app === 'web' ? undefined : (
      <ChatLauncher
        storefront={storefront}
        t={t}
        iosTabRoot={pageContext.app === 'ios' && pageContext.routeId === IOS_TAB_ROOT_ROUTE}
      />
    );
  return (
    <Layout pageContext={pageContext} t={t} floating={appLauncher}>
      <div className={`support support--${data.area}`}>
        <SupportSearchHost isSearch={isSearch} storefront={storefront}>
          <h1 className="page-title">{data.title}</h1>
          <SearchForm
            action={`${storefront.home}support/search/`}
            id="support-search"
            label={t('support.searchPlaceholder')}
            value={data.searchKey}
            t={t}
          />
          {isSearch && data.searchKey && (
            <p className="support__summary" role="status">
              {t('search.results', { key: data.searchKey })}
            </p>
          )}
          {data.categories.length > 0 && (
            <section aria-labelledby="support-categories">
              <h2 id="support-categories">{t('support.faq')}</h2>
              <ul className="tiles" role="list">
                {data.categories.map((category) => (
                  <li key={category.categoryNumber}>
                    <a href={category.href}>
                      <span>{category.title}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="support-articles" data-search-results="">
            <h2 id="support-articles">{t('support.articles')}</h2>
            {data.articles.length === 0 ? (
              <p>{t('search.noResults', { key: data.searchKey ?? '' })}</p>
            ) : (
              <ul className="articles" role="list">
                {data.articles.map((article) => (
                  <li key={article.articleId}>
                    <h3>
                      <a href={article.href}>{article.title}</a>
                    </h3>
                    <p>{article.summary}</p>
                    <p className="muted">
                      <FormattedDate
                        value={article.updatedAt}
                        storefront={storefront}
                        format="dateFormatOnlyDate"
                        label={(date) => t('support.updated', { date })}
                      />
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </SupportSearchHost>
        <p>
          <a href={`${storefront.home}contact/`}>{t('support.contact')}</a>
        </p>
        <ServiceContact storefront={storefront} t={t} variant="page" />
        {data.regulator && (
          <p className="support__regulator">
            <RegulatorLink className="regulator-link" regulator={data.regulator} />
          </p>
        )}
      </div>
    </Layout>
  );
}
