import type { SparePartsData } from '../template-data';
import { formatPrice } from '../../region-config';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';

/**
 * /support/spare-parts-price: genuine part prices per model in the country's currency. Every model's table is in the
 * page (readable without JavaScript, with a list of models to jump to); the spare-parts island turns the list into a
 * model picker that shows one table and keeps the choice in the URL (?model=).
 */
export default function SparePartsTemplate({ pageContext }: TemplateProps<SparePartsData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const title = pageContext.breadcrumbs[pageContext.breadcrumbs.length - 1]?.name ?? t('spareParts.model');
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className="spare-parts">
        <h1 className="page-title">{title}</h1>
        <p>{t('spareParts.intro')}</p>
        {data.models.length === 0 ? (
          <p role="status">{t('spareParts.none')}</p>
        ) : (
          <WidgetHost name="spare-parts" load="eager" storefront={storefront}>
            <nav aria-label={t('spareParts.choose')} className="spare-parts__models">
              <h2>{t('spareParts.choose')}</h2>
              <ul role="list">
                {data.models.map((m) => (
                  <li key={m.id}>
                    <a href={`#parts-${m.id}`}>{m.name}</a>
                  </li>
                ))}
              </ul>
            </nav>
            {data.models.map((m) => (
              <section
                key={m.id}
                id={`parts-${m.id}`}
                data-model={m.id}
                data-name={m.name}
                aria-labelledby={`parts-${m.id}-title`}
              >
                <h2 id={`parts-${m.id}-title`}>{m.name}</h2>
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{t('spareParts.part')}</th>
                      <th scope="col">{t('spareParts.price')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.parts.map((p) => (
                      <tr key={p.part}>
                        <th scope="row">{t(`spareParts.part.${p.part}`)}</th>
                        <td>{formatPrice(p.price, data.priceDisplay)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </WidgetHost>
        )}
      </div>
    </Layout>
  );
}
