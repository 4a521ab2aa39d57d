import type { SearchData } from '../template-data';
import type { SearchType } from '../../sites/site.schema';
import { Layout } from '../components/layout';
import { ProductGrid } from '../components/product-card';
import { SearchForm } from '../components/search-form';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';

/**
 * /search, /search/{key}, /business/search. The static page shows the results for its own key (every product when
 * empty, to browse); the `search` widget reads a key the build did not prerender (/search/{key}/ served by this page,
 * or ?keyword=) and replaces the title and results with the API's live, typo-tolerant results of every search type.
 */
export default function SearchTemplate({ pageContext }: TemplateProps<SearchData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const action = `${storefront.home}${data.business ? 'business/' : ''}search/`;
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className="search-page">
        <WidgetHost
          name="search"
          load="eager"
          storefront={storefront}
          props={{
            mode: 'page',
            key: data.key,
            action,
            priceDisplay: storefront.priceDisplay,
            isToC: storefront.isToC,
            types: data.business ? ['product'] : (data.searchTypes as SearchType[]),
          }}
        >
          <h1 className="page-title">{data.key ? t('search.results', { key: data.key }) : t('search.title')}</h1>
          <SearchForm action={action} id="search-page-input" label={t('search.placeholder')} value={data.key} t={t} />
          <section aria-labelledby="search-results" data-search-results="">
            <h2 id="search-results">{t('search.tab.product')}</h2>
            {data.products.length === 0 ? (
              <p>{t('search.noResults', { key: data.key })}</p>
            ) : (
              <ProductGrid products={data.products} storefront={storefront} t={t} headingLevel={3} />
            )}
          </section>
        </WidgetHost>
      </div>
    </Layout>
  );
}
