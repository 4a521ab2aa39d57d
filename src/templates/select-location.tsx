import type { SelectLocationData } from '../template-data';
import { Layout } from '../components/layout';
import type { TemplateProps } from '../components/template-props';
import { useTranslate } from '../components/use-translate';

/** /select-location: every storefront, grouped (by region), each name in its own language. */
export default function SelectLocationTemplate({ pageContext }: TemplateProps<SelectLocationData>) {
  const t = useTranslate();
  const { data, storefront } = pageContext;
  return (
    <Layout pageContext={pageContext} t={t}>
      <h1 className="page-title">{t('selectLocation.title')}</h1>
      <div className="columns">
        {data.groups.map((group, index) => (
          <section key={group.title} aria-labelledby={`location-${index}`}>
            <h2 id={`location-${index}`}>{group.title}</h2>
            <ul className="link-list" role="list">
              {group.sites.map((site) => (
                <li key={site.href}>
                  <a
                    href={site.href}
                    hrefLang={site.lang}
                    lang={site.lang}
                    aria-current={site.urlLocal === storefront.urlLocal ? 'true' : undefined}
                  >
                    {site.name}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Layout>
  );
}
