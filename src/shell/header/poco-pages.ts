/**
 * The POCO sub-brand's own pages in a storefront: its landing page, its series list and its products. Only
 * there does the menu's POCO item carry the sub-brand's highlight (header.css); elsewhere (a checkout, a TV
 * page) it is one item among the others.
 */
const POCO_SECTIONS = ['poco/', 'product-list/phones/poco-series/', 'product/poco-'];

export function isPocoPage(pagePath: string, home: string): boolean {
  if (!pagePath.startsWith(home)) return false;
  const rest = pagePath.slice(home.length).replace(/^(app|ios)\//, '');
  return POCO_SECTIONS.some((section) => rest.startsWith(section));
}
