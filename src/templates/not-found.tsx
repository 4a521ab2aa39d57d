import { Layout } from '../components/layout';
import { SearchForm } from '../components/search-form';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

/** The storefront's 404 page: search and the ways back (home, sitemap). */
export default function NotFoundTemplate({ pageContext }: TemplateProps<unknown>) {
  const t = useTranslate();
  const { home } = pageContext.storefront;
  return (
    <Layout pageContext={pageContext} t={t}>
      <div className="error-page">
        <h1 className="page-title">{t('notFound.title')}</h1>
        <p>{t('notFound.message')}</p>
        <SearchForm action={`${home}search/`} id="not-found-search" label={t('search.placeholder')} t={t} />
        <ul className="link-list link-list--inline" role="list">
          <li>
            <a href={home}>{t('error.goHome')}</a>
          </li>
          <li>
            <a href={`${home}search/`}>{t('search.title')}</a>
          </li>
          <li>
            <a href={`${home}sitemap/`}>{t('footer.sitemap')}</a>
          </li>
        </ul>
      </div>
    </Layout>
  );
}
