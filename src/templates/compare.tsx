import { graphql } from 'gatsby';
import type { CompareData, ProductView } from '../template-data';
import { Layout } from '../components/layout';
import { PageHead } from '../components/page-head';
import { PriceLine } from '../components/price-line';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

/** Spec labels in first-seen order across the compared products. */
function specLabels(products: readonly ProductView[]): string[] {
  return [...new Set(products.flatMap((product) => product.specs.map((spec) => spec.label)))];
}

/** /compare: one column per product, one row per spec label. */
export default function CompareTemplate({ pageContext }: TemplateProps<CompareData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const labels = specLabels(data.products);
  return (
    <Layout pageContext={pageContext} t={t}>
      <h1 className="page-title">{t('compare.title')}</h1>
      {data.products.length === 0 ? (
        <p>
          {t('compare.empty')} <a href={`${storefront.home}product-list/`}>{t('productList.title')}</a>
        </p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
          <table className="table">
            <caption id="compare-caption">{t('compare.title')}</caption>
            <thead>
              <tr>
                <td />
                {data.products.map((product) => (
                  <th key={product.id} scope="col">
                    <img src={product.image} alt="" width={96} height={96} loading="lazy" />
                    <a href={product.href}>{product.name}</a>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {storefront.isToC && (
                <tr>
                  <th scope="row">{t('product.price')}</th>
                  {data.products.map((product) => (
                    <td key={product.id}>
                      <PriceLine salePrice={product.salePrice} originPrice={product.originPrice} salePriceIsEQ={product.salePriceIsEQ} display={storefront.priceDisplay} isToC t={t} />
                    </td>
                  ))}
                </tr>
              )}
              {labels.map((label) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {data.products.map((product) => (
                    <td key={product.id}>{product.specs.find((spec) => spec.label === label)?.value ?? '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}

export const Head = PageHead;

export const query = graphql`
  query ($language: String!) {
    ...PageLocales
  }
`;
