import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { headerFooter, navProduct, storefront, t } from '../../testing/fixtures';
import { MegaMenu, MegaPanels } from './mega-menu';
import { NavProductCard } from './nav-product';

const energy = { energy_image: '', energy_info: '', product_energy: '', product_energy_info: '', description: 'F' };

function card(product = navProduct(), sf = storefront()): string {
  return renderToStaticMarkup(<NavProductCard product={product} storefront={sf} t={t} />);
}

describe('NavProductCard', () => {
  it('shows the sale price and the original price struck through', () => {
    const html = card();
    expect(html).toContain('Rp3.999.000');
    expect(html).toMatch(
      /<del class="price__origin"><span class="visually-hidden">Original price <\/span>Rp4.499.000<\/del>/,
    );
  });

  it('shows one price when sale and original price are equal', () => {
    const html = card(navProduct({ salePrice: 4299000, originPrice: 4299000, salePriceIsEQ: true }));
    expect(html).toContain('Rp4.299.000');
    expect(html).not.toContain('<del');
    expect(html.match(/Rp4\.299\.000/g)).toHaveLength(1);
  });

  it('asks for the lowest price of the last 30 days of its version in EU and EEA storefronts only', () => {
    expect(card(navProduct(), storefront({ urlLocal: 'de' }))).toMatch(
      /<store-widget name="lowest-price" load="visible"/,
    );
    expect(card(navProduct(), storefront({ urlLocal: 'de', isToC: false }))).not.toContain('lowest-price');
    expect(card()).not.toContain('lowest-price');
  });

  it('shows no price on storefronts that are not consumer (isToC false)', () => {
    expect(card(navProduct(), storefront({ isToC: false }))).not.toContain('Rp');
  });

  it('shows an energy label only with an image or an info link', () => {
    expect(card(navProduct({ energyInfo: energy }))).not.toContain('class="energy"');
    const withImage = card(navProduct({ energyInfo: { ...energy, energy_image: '/images/energy/f.svg' } }));
    expect(withImage).toContain('<img class="energy__image" src="/images/energy/f.svg" alt="Energy label F"');
    const withLink = card(navProduct({ energyInfo: { ...energy, energy_info: 'https://eprel.ec.europa.eu/qr/123' } }));
    expect(withLink).toContain(
      '<a href="https://eprel.ec.europa.eu/qr/123" target="_blank" rel="noopener noreferrer"><span ' +
        'class="energy__text">Energy label F</span></a>',
    );
  });

  it('shows the new tag', () => {
    expect(card(navProduct({ tag: { subtype: 'new', text: 'New' } }))).toContain(
      '<span class="tag tag--new">New</span>',
    );
  });
});

describe('MegaMenu', () => {
  const page = () =>
    renderToStaticMarkup(<MegaMenu items={headerFooter().header.main} storefront={storefront()} t={t} />);
  const render = () =>
    renderToStaticMarkup(<MegaPanels items={headerFooter().header.main} storefront={storefront()} t={t} />);

  it('renders the enhancement markup of contracts.md inside the mega-menu host, each panel an empty box', () => {
    const html = page();
    expect(html).toMatch(/<store-widget name="mega-menu" load="idle" props="[^"]*hasPoco&quot;:true/);
    expect(html).toContain('<nav class="mega" data-mega-menu="" aria-label="header.menu">');
    expect(html).toContain('<li class="mega__item mega__item--phone" data-mega-item="">');
    expect(html).toContain(
      '<a class="mega__trigger" data-mega-trigger="" aria-expanded="false" aria-controls="mega-0-panel" ' +
        'href="/id/product-list/phones/">',
    );
    expect(html).toContain(
      '<div class="mega__panel mega__panel--product" id="mega-0-panel" data-mega-panel="" ' +
        'data-header-part="mega-0-panel /id/product-list/phones/" hidden=""></div>',
    );
    expect(html).toContain(
      '<li class="mega__item mega__item--link"><a class="mega__trigger" href="/id/support/">Support</a></li>',
    );
    expect(render()).toContain(
      '<div class="mega__panel mega__panel--product" id="mega-0-panel" data-mega-panel="" ' +
        'data-header-part="mega-0-panel /id/product-list/phones/" hidden=""><div class="mega__tabs"',
    );
  });

  it('renders third-level tabs with tab/tabpanel roles, the first selected', () => {
    const html = render();
    expect(html).toContain('role="tablist" aria-label="Phones"');
    expect(html).toContain(
      'role="tab" id="mega-0-tab-0" aria-selected="true" aria-controls="mega-0-tabpanel-0" tabindex="0"',
    );
    expect(html).toContain(
      'role="tab" id="mega-0-tab-1" aria-selected="false" aria-controls="mega-0-tabpanel-1" tabindex="-1"',
    );
    expect(html).toContain('role="tabpanel" id="mega-0-tabpanel-1" aria-labelledby="mega-0-tab-1" hidden=""');
  });

  it('renders learn-more and add-on links and the list layout as columns', () => {
    const html = render();
    expect(html).toContain('href="/id/product-list/phones/redmi-series/"');
    expect(html).toContain('<a href="/id/compare/">Compare phones</a>');
    expect(html).toContain('mega__panel--list');
    expect(html).toContain('<div class="mega__columns">');
  });
});
