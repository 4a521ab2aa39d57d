import type { BusinessData } from '../template-data';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';

/**
 * /business: the landing page of business buyers, static and indexable: the offer, who qualifies, how
 * to apply and the review promise. The apply button works without JavaScript (sign-in, then the application); the
 * `user-area` island in section `business` replaces it with the signed-in user's status wording.
 */
export default function BusinessTemplate({ pageContext }: TemplateProps<BusinessData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const days = { count: data.reviewDays };
  return (
    <Layout pageContext={pageContext} t={t}>
      <article className="business-landing">
        <header className="business-landing__hero">
          <p className="business-landing__kicker">{t('business.landing.kicker')}</p>
          <h1 className="page-title">{t('business.landing.title')}</h1>
          <p>{t('business.landing.intro')}</p>
          <WidgetHost name="user-area" load="eager" storefront={storefront} props={{ section: 'business' }}>
            <p className="business-landing__promise">{t('business.landing.promise', days)}</p>
            <p>
              <a className="button" href={data.applyHref} data-testid="business-apply">
                {t('business.landing.apply')}
              </a>
            </p>
          </WidgetHost>
        </header>
        <section aria-labelledby="business-offer">
          <h2 id="business-offer">{t('business.landing.offer.title')}</h2>
          <ul>
            <li>{t('business.landing.offer.invoice')}</li>
            <li>{t('business.landing.offer.prices')}</li>
            <li>{t('business.landing.offer.vat')}</li>
            <li>{t('business.landing.offer.support')}</li>
          </ul>
        </section>
        <section aria-labelledby="business-who">
          <h2 id="business-who">{t('business.landing.who.title')}</h2>
          <ul>
            <li>{t('business.landing.who.registered')}</li>
            <li>
              {t('business.landing.who.taxId')} <strong>{data.taxLabels.join(', ')}</strong>
            </li>
            <li>{t('business.landing.who.documents')}</li>
          </ul>
        </section>
        <section aria-labelledby="business-how">
          <h2 id="business-how">{t('business.landing.how.title')}</h2>
          <ol>
            <li>{t('business.landing.how.signIn')}</li>
            <li>{t('business.landing.how.form')}</li>
            <li>{t('business.landing.how.review', days)}</li>
          </ol>
          <p>
            <a className="button button--secondary" href={data.accountHref}>
              {t('business.landing.account')}
            </a>
          </p>
        </section>
      </article>
    </Layout>
  );
}
