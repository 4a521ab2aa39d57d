import type { SitemapData } from '../template-data';
import { Layout } from '../components/layout';
import { SmartLink } from '../components/smart-link';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

/** /sitemap: the HTML sitemap, also the no-JavaScript target of the mobile menu toggle. */
export default function SitemapTemplate({ pageContext }: TemplateProps<SitemapData>) {
  const t = useTranslate();
  const { data } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <h1 className="page-title">{t('sitemap.title')}</h1>
      <div className="columns">
        {data.sections.map((section, index) => (
          <section key={section.title} aria-labelledby={`sitemap-${index}`}>
            <h2 id={`sitemap-${index}`}>{section.title}</h2>
            <ul className="link-list" role="list">
              {section.links.map((link) => (
                <li key={link.href}>
                  <SmartLink href={link.href}>{link.name}</SmartLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Layout>
  );
}
