import type { ContentData } from '../template-data';
import { Blocks } from '../components/blocks/blocks';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { ServiceContact } from '../components/service-contact';

/** Editable CMS pages: home, /smart-home, /p/{pathname}, /about, fixed support pages … */
export default function ContentTemplate({ pageContext }: TemplateProps<ContentData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <article className={`content content--${data.kind}`}>
        <Blocks blocks={data.blocks} storefront={storefront} t={t} title={data.title} />
        {pageContext.routeId === 'page:/contact/' && <ServiceContact storefront={storefront} t={t} variant="page" />}
      </article>
    </Layout>
  );
}
