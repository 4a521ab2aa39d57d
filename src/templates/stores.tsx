import type { StoresData, StoreView } from '../template-data';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import type { Translate } from '../components/translate';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';

function StoreCard({ store, t, headingLevel }: { store: StoreView; t: Translate; headingLevel: 1 | 3 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h3';
  return (
    <article
      className="store"
      id={`store-${store.storeId}`}
      data-store-id={store.storeId}
      data-search={`${store.name} ${store.city} ${store.address}`.toLowerCase()}
    >
      {/* A store's name and postal address are written as the store and the post know them: not to be translated. */}
      <Heading translate="no">{headingLevel === 3 ? <a href={store.href}>{store.name}</a> : store.name}</Heading>
      <p className="muted">{t(`stores.kind.${store.kind}`)}</p>
      <dl className="store__facts">
        <dt>{t('stores.address')}</dt>
        <dd>
          <address translate="no">
            {store.address}, {store.postalCode ? `${store.postalCode} ` : ''}
            {store.city}
          </address>
        </dd>
        {store.phone && (
          <>
            <dt>{t('stores.phone')}</dt>
            <dd>
              <a href={`tel:${store.phone.replace(/[^+0-9]/g, '')}`}>{store.phone}</a>
            </dd>
          </>
        )}
        {store.services.length > 0 && (
          <>
            <dt>{t('stores.services')}</dt>
            <dd>{store.services.map((s) => t(`stores.service.${s}`)).join(' · ')}</dd>
          </>
        )}
      </dl>
      <table className="table store__hours">
        <caption>{t('stores.hours')}</caption>
        <tbody>
          {store.week.map(({ day, hours }) => (
            <tr key={day}>
              <th scope="row">{t(`stores.day.${day}`)}</th>
              <td>{hours ? `${hours.opens}–${hours.closes}` : t('stores.closed')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {/* In the store app the islands runtime opens the app's maps from these (widgets/lib/app-bridge). */}
        <a
          className="button"
          href={store.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-map-lat={store.latitude}
          data-map-lng={store.longitude}
          data-map-name={store.name}
          data-map-address={`${store.address}, ${store.postalCode ? `${store.postalCode} ` : ''}${store.city}`}
        >
          {t('stores.map')}
        </a>
      </p>
    </article>
  );
}

/**
 * The store finder: every store of the country with its address, phone, hours and a map link; each store also has
 * a page of its own (/detail/{storeId}/). The search island (mode "stores") filters the list by city or name and,
 * when this page answers a store id it does not know, says so.
 */
export default function StoresTemplate({ pageContext }: TemplateProps<StoresData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const one = data.selected ? data.stores[0] : undefined;
  if (one) {
    return (
      <Layout pageContext={pageContext} t={t}>
        <div className="stores stores--one">
          <p>
            <a href={data.listHref}>{t('stores.all')}</a>
          </p>
          <StoreCard store={one} t={t} headingLevel={1} />
        </div>
      </Layout>
    );
  }
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className="stores">
        <h1 className="page-title">{data.title}</h1>
        <p>{t('stores.intro')}</p>
        {data.stores.length === 0 ? (
          <p role="status">{t('stores.none')}</p>
        ) : (
          <WidgetHost
            name="search"
            load="eager"
            storefront={storefront}
            props={{ mode: 'stores', action: data.listHref }}
          >
            <p className="stores__count">{t('stores.count', { count: data.stores.length })}</p>
            <ul className="stores__list" role="list">
              {data.stores.map((store) => (
                <li key={store.storeId}>
                  <StoreCard store={store} t={t} headingLevel={3} />
                </li>
              ))}
            </ul>
          </WidgetHost>
        )}
      </div>
    </Layout>
  );
}
