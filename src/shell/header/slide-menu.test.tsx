import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../content/schemas/header-footer.schema';
import { headerFooter, storefront, t } from '../../testing/fixtures';
import { SlideMenu, SlidePanelFilled, userEntryHref } from './slide-menu';

function render(transform: (item: MenuItem) => MenuItem = (item) => item): string {
  const data = headerFooter();
  const main = data.header.main.map(transform);
  return renderToStaticMarkup(
    <SlidePanelFilled headerFooter={{ ...data, header: { ...data.header, main } }} storefront={storefront()} t={t} />,
  );
}

describe('SlideMenu', () => {
  it("puts the toggle and the menu's empty box in the page; the panels file holds the content", () => {
    const page = renderToStaticMarkup(<SlideMenu headerFooter={headerFooter()} storefront={storefront()} t={t} />);
    expect(page).toContain(
      '<a class="icon-button slide__toggle" href="/id/sitemap/" data-slide-toggle="" ' +
        'aria-controls="slide-menu-id" aria-expanded="false">',
    );
    expect(page).toContain(
      '<div class="slide" id="slide-menu-id" data-slide-menu="" data-header-part="slide-menu" hidden=""></div>',
    );
    expect(render()).toMatch(
      /^<div class="slide" id="slide-menu-id" data-slide-menu="" data-header-part="slide-menu" hidden=""><div class="slide__top">/,
    );
  });

  it('opens submenus by id and has back buttons (contracts.md markup)', () => {
    const html = render();
    expect(html).toContain(
      '<button type="button" class="slide__open" data-slide-open="slide-menu-id-sub-0" ' +
        'aria-controls="slide-menu-id-sub-0" aria-expanded="false">',
    );
    expect(html).toContain('id="slide-menu-id-sub-0" data-slide-submenu="" hidden="">');
    expect(html).toContain('data-slide-back=""');
  });

  it('renders the phone category as a flat list', () => {
    expect(render()).toContain(
      '<ul class="slide__flat" role="list"><li><a href="/id/product/redmi-note-14-pro/">Redmi Note 14 ' +
        'Pro</a></li><li><a href="/id/product/poco-x7/">POCO X7</a></li></ul>',
    );
  });

  it('renders style 1 as accordions with an All products link, 2 without, 3 as a grid, 4 as product cards', () => {
    const as = (style: 1 | 2 | 3 | 4) =>
      render((item) => (item.type === 'phone' ? { ...item, type: 'default', submenuStyle: style } : item));
    expect(as(1)).toContain('<details class="accordion" data-accordion=""><summary>Redmi series</summary>');
    expect(as(1)).toContain('<a class="slide__all" href="/id/product-list/phones/">');
    expect(as(2)).toContain('<details class="accordion" data-accordion=""><summary>Redmi series</summary>');
    expect(as(2)).not.toContain('slide__all" href="/id/product-list/phones/"');
    expect(as(3)).toContain('<ul class="slide__grid" role="list">');
    expect(as(4)).toContain('<div class="nav-card">');
  });

  it('has the user entry, aside links and footer navigation accordions', () => {
    const html = render();
    expect(html).toContain('<a class="slide__user" href="/id/user/">');
    expect(html).toContain('href="/id/business/"');
    expect(html).toContain('<details class="accordion" data-accordion=""><summary>Support</summary>');
  });

  it('sends non-consumer sites to the account service page', () => {
    expect(userEntryHref(storefront({ isToC: false }))).toBe('/api/id/site/login');
  });
});
