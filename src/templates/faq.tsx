import type { FaqData } from '../template-data';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

/** /support/faq and /support/faq/{categoryNumber}/{index}: every category, the selected question open. */
export default function FaqTemplate({ pageContext }: TemplateProps<FaqData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  const selected = data.selected;
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className="faq-page">
        <h1 className="page-title">{t('support.faq')}</h1>
        <nav aria-label={t('support.faq')}>
          <ul className="chips" role="list">
            {data.categories.map((category) => (
              <li key={category.categoryNumber}>
                <a
                  href={`#faq-${category.categoryNumber}`}
                  aria-current={selected?.categoryNumber === category.categoryNumber ? 'true' : undefined}
                >
                  {category.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {data.categories.map((category) => (
          <section
            key={category.categoryNumber}
            id={`faq-${category.categoryNumber}`}
            aria-labelledby={`faq-${category.categoryNumber}-title`}
            className="faq"
          >
            <h2 id={`faq-${category.categoryNumber}-title`}>{category.title}</h2>
            {category.items.map((item) => (
              <details
                key={item.id}
                className="accordion"
                id={`faq-${category.categoryNumber}-${item.index}`}
                open={selected?.categoryNumber === category.categoryNumber && selected.index === item.index}
              >
                <summary>{item.question}</summary>
                {item.answer.map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
                <p>
                  <a href={`${storefront.home}support/faq/details/${item.id}/`}>
                    {t('common.learnMore')}
                    <span className="visually-hidden">: {item.question}</span>
                  </a>
                </p>
              </details>
            ))}
          </section>
        ))}
      </div>
    </Layout>
  );
}
