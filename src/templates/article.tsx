import type { ArticleData } from '../template-data';
import { FormattedDate } from '../components/formatted-date';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

/** /support/article/{articleId}. */
export default function ArticleTemplate({ pageContext }: TemplateProps<ArticleData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const { article } = data;
  return (
    <Layout pageContext={pageContext} t={t}>
      <article className="prose">
        <p className="muted">{article.category}</p>
        <h1 className="page-title">{article.title}</h1>
        <p className="muted">
          <FormattedDate
            value={article.updatedAt}
            storefront={storefront}
            format="dateFormatOnlyDate"
            label={(date) => t('support.updated', { date })}
          />
        </p>
        <p className="lead">{article.summary}</p>
        {article.body.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </article>
    </Layout>
  );
}
