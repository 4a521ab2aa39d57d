import type { FaqDetailData } from '../template-data';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

/** /support/faq/details/{id}: one question and answer, with the other questions of its category. */
export default function FaqDetailTemplate({ pageContext }: TemplateProps<FaqDetailData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <article className="prose">
        <p className="muted">
          <a href={data.category.href}>{data.category.title}</a>
        </p>
        <h1 className="page-title">{data.item.question}</h1>
        {data.item.answer.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </article>
      {data.related.length > 0 && (
        <section aria-labelledby="faq-related">
          <h2 id="faq-related">{t('support.faq')}</h2>
          <ul className="link-list" role="list">
            {data.related.map((item) => (
              <li key={item.id}>
                <a href={`${storefront.home}support/faq/details/${item.id}/`}>{item.question}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Layout>
  );
}
