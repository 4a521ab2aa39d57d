import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';

/**
 * /static/toshare: shared links arrive with title, image, desc and link in the query. The page is
 * static, so it reads nothing at build time; the `share` widget reads the query and shows the preview.
 */
export default function ShareLandingTemplate({ pageContext }: TemplateProps<unknown>) {
  const t = useTranslate();
  const { storefront } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className="error-page">
        <h1 className="page-title">{t('share.title')}</h1>
        <WidgetHost name="share" load="eager" storefront={storefront} props={{ mode: 'landing' }}>
          <p>{pageContext.seo.description}</p>
        </WidgetHost>
        <p>
          <a className="button" href={storefront.home}>
            {t('error.goHome')}
          </a>
        </p>
      </div>
    </Layout>
  );
}
