import type { Breadcrumb } from '../page-context';
import type { Translate } from './translate';

/** The trail above a page's heading (its BreadcrumbList JSON-LD comes from the build's seo.jsonLd). */
export function Breadcrumbs({ items, t }: { items: readonly Breadcrumb[]; t: Translate }) {
  if (items.length < 2) return null;
  return (
    <nav className="crumbs" aria-label={t('common.breadcrumb')}>
      <ol role="list">
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <li key={item.path} aria-current="page">
              {item.name}
            </li>
          ) : (
            <li key={item.path}>
              <a href={item.path}>{item.name}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
