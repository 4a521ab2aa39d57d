import type { ContentData } from '../template-data';
import { Blocks } from '../components/blocks/blocks';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';
import { ShareHost } from '../components/share-host';

/** Event pages (/event/*, /poco, /store, /appdownload, /blog/*): CMS blocks plus share links. */
export default function EventTemplate({ pageContext }: TemplateProps<ContentData>) {
  const t = useTranslate();
  const { data, storefront, seo } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <article className="content content--event">
        <Blocks blocks={data.blocks} storefront={storefront} t={t} title={data.title} />
        <ShareHost
          storefront={storefront}
          url={seo.canonical}
          title={data.title}
          image={seo.imageUrl}
          desc={data.description}
        />
      </article>
    </Layout>
  );
}
