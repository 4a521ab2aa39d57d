import { graphql } from 'gatsby';
import type { SearchData } from '../template-data';
import { Layout } from '../components/layout';
import { PageHead } from '../components/page-head';
import { ProductGrid } from '../components/product-card';
import { SearchForm } from '../components/search-form';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';

/**
 * /search, /search/{key}, /business/search. The static page shows the results for its own key (every
 * product when empty); the `search` widget reads a typed query (?keyword=) and shows live results.
 */
export default function SearchTemplate({ pageContext }: TemplateProps<SearchData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const action = `${storefront.home}${data.business ? 'business/' : ''}search/`;
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className="search-page">
        <h1 className="page-title">{data.key ? t('search.results', { key: data.key }) : t('search.title')}</h1>
        <WidgetHost name="search" load="eager" storefront={storefront} props={{ mode: 'page', key: data.key, action, priceDisplay: storefront.priceDisplay, isToC: storefront.isToC }}>
          <SearchForm action={action} id="search-page-input" label={t('search.placeholder')} value={data.key} t={t} />
          <section aria-labelledby="search-results">
            <h2 id="search-results">{t('search.tab.product')}</h2>
            {data.products.length === 0 ? <p>{t('search.noResults', { key: data.key })}</p> : <ProductGrid products={data.products} storefront={storefront} t={t} headingLevel={3} />}
          </section>
        </WidgetHost>
      </div>
    </Layout>
  );
}

export const Head = PageHead;

export const query = graphql`
  query ($language: String!) {
    ...PageLocales
  }
`;
