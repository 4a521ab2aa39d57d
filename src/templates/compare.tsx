import type { CompareData } from '../template-data';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';

/**
 * /compare: the shopper picks a category, then up to `max` of its products; the choice lives in the URL
 * (?ids=a,b,c), so a comparison can be shared and reloaded. Without JavaScript the form submits the same URL; the
 * compare island reads it, keeps it up to date as boxes are ticked, and shows prices and specifications side by side.
 */
export default function CompareTemplate({ pageContext }: TemplateProps<CompareData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <h1 className="page-title">{t('compare.title')}</h1>
      <p>{t('compare.intro', { count: data.max })}</p>
      <WidgetHost
        name="compare"
        load="eager"
        storefront={storefront}
        props={{
          categories: data.categories,
          candidates: data.candidates,
          max: data.max,
          priceDisplay: storefront.priceDisplay,
          isToC: storefront.isToC,
        }}
      >
        <form className="compare-picker" method="get" action={`${storefront.home}compare/`}>
          {data.categories.map((category) => (
            <fieldset key={category.id}>
              <legend>{category.name}</legend>
              <ul className="compare-picker__list" role="list">
                {data.candidates
                  .filter((c) => c.category === category.id)
                  .map((c) => (
                    <li key={c.id}>
                      <label>
                        <input type="checkbox" name="ids" value={c.id} /> {c.name}
                      </label>
                    </li>
                  ))}
              </ul>
            </fieldset>
          ))}
          <button type="submit" className="button">
            {t('compare.submit')}
          </button>
        </form>
      </WidgetHost>
    </Layout>
  );
}
