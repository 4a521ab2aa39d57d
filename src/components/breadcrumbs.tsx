import type { Breadcrumb } from '../page-context';

/**
 * The trail above a page's heading (its BreadcrumbList JSON-LD comes from the build's seo.jsonLd). A plain
 * list, not a nav landmark: the catalogue has no name for such a landmark, and an unnamed second nav would be
 * ambiguous.
 */
export function Breadcrumbs({ items }: { items: readonly Breadcrumb[] }) {
  if (items.length < 2) return null;
  return (
    <div className="crumbs">
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
    </div>
  );
}
