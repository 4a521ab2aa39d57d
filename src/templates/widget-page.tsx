import type { WidgetPageData } from '../template-data';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { MountedWidget } from '../components/widget-host';

/**
 * Pages whose main content is an island (cart, checkout, user area, payment, business …). The static part
 * says what the page is and offers sign-in where the area needs it; the island does the rest.
 */
export default function WidgetPageTemplate({ pageContext }: TemplateProps<WidgetPageData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className={`widget-page widget-page--${data.mount.name}`}>
        <h1 className="page-title">{data.title}</h1>
        <p>{data.description}</p>
        <MountedWidget mount={data.mount} storefront={storefront}>
          {/* Until the island knows who is signed in (and without JavaScript), the area offers sign-in. */}
          {data.requiresSignIn && (
            <p>
              <a className="button" href={data.signInHref}>
                {t('header.signIn')}
              </a>
            </p>
          )}
        </MountedWidget>
      </div>
    </Layout>
  );
}
