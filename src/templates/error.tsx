import type { ErrorData } from '../template-data';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { ErrorPage } from '../shell/error-page';

/** /error: where a failed page or flow sends the shopper. */
export default function ErrorTemplate({ pageContext }: TemplateProps<ErrorData>) {
  const t = useTranslate();
  return (
    <Layout pageContext={pageContext} t={t}>
      <ErrorPage storefront={pageContext.storefront} t={t} />
    </Layout>
  );
}
