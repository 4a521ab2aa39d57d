import { graphql } from 'gatsby';
import type { WidgetPageData } from '../template-data';
import { Layout } from '../components/layout';
import { PageHead } from '../components/page-head';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { WidgetHost, isWidgetName } from '../components/widget-host';

/**
 * Pages whose main content is an island (cart, checkout, user area, payment, business …). The static part
 * says what the page is and offers sign-in where the area needs it; the island does the rest.
 */
export default function WidgetPageTemplate({ pageContext }: TemplateProps<WidgetPageData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className={`widget-page widget-page--${data.widget}`}>
        <h1 className="page-title">{data.title}</h1>
        <p>{data.description}</p>
        {data.requiresSignIn && (
          <p>
            <a className="button" href={data.signInHref}>
              {t('header.signIn')}
            </a>
          </p>
        )}
        {isWidgetName(data.widget) && <WidgetHost name={data.widget} load={data.load} storefront={storefront} props={data.props} />}
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
