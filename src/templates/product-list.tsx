import type { ProductListData } from '../template-data';
import { Layout } from '../components/layout';
import { ProductGrid } from '../components/product-card';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

/** /product-list, /product-list/{catalogue}, /product-list/{catalogue}/{third}. */
export default function ProductListTemplate({ pageContext }: TemplateProps<ProductListData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className="listing">
        <h1 className="page-title">{data.title}</h1>
        <nav className="listing__nav" aria-label={t('productList.title')}>
          <ul role="list">
            {data.categories.map((category) => (
              <li key={category.id}>
                <a
                  href={category.href}
                  aria-current={data.category?.id === category.id && !data.subCategory ? 'page' : undefined}
                >
                  {category.name}
                </a>
                {data.category?.id === category.id && category.subCategories.length > 0 && (
                  <ul role="list">
                    {category.subCategories.map((sub) => (
                      <li key={sub.id}>
                        <a href={sub.href} aria-current={data.subCategory?.id === sub.id ? 'page' : undefined}>
                          {sub.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <section className="listing__results" aria-labelledby="listing-count">
          <h2 id="listing-count" className="listing__count">
            {t('productList.count', { count: data.products.length })}
          </h2>
          {data.products.length === 0 ? (
            <p>{t('productList.empty')}</p>
          ) : (
            <ProductGrid products={data.products} storefront={storefront} t={t} headingLevel={3} />
          )}
        </section>
      </div>
    </Layout>
  );
}
