import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PageContext, TemplateName } from '../page-context';
import type { ProductCard, ProductView } from '../template-data';
import { sites, storefront } from '../testing/fixtures';

const card: ProductCard = {
  id: 'redmi-note-14-pro',
  name: 'Redmi Note 14 Pro',
  tagline: '200MP',
  image: '/images/products/redmi-note-14-pro.svg',
  href: '/id/product/redmi-note-14-pro/',
  category: 'phones',
  subCategory: 'redmi-series',
  salePrice: 3999000,
  originPrice: 4499000,
  salePriceIsEQ: false,
  inStock: true,
};
const commodity = {
  commodityId: '10001',
  goodsId: '20001',
  firstSpecValue: '8GB+256GB',
  secondSpecValue: 'Black',
  salePrice: 3999000,
  marketPrice: 4499000,
  stock: 0,
};
const product: ProductView = {
  ...card,
  description: 'A phone.',
  specs: [{ label: 'Display', value: '6.67"' }],
  commodities: [commodity, { ...commodity, commodityId: '10002', secondSpecValue: 'Blue', stock: 5 }],
  specGrid: [
    [commodity, { ...commodity, commodityId: '10002', secondSpecValue: 'Blue', stock: 5 }],
    [null, null],
  ],
  refurbished: { grade: 'A', warrantyMonths: 12 },
  purchaseLimit: 2,
  bundleLabels: [
    {
      title: 'EU label',
      energy: {
        energy_image: '/images/energy/b.svg',
        energy_info: 'https://eprel.ec.europa.eu/1',
        product_energy: 'Sheet',
        product_energy_info: 'https://eprel.ec.europa.eu/1/sheet',
        description: 'B',
      },
      durability: {
        durability_score_img: '/images/energy/d.svg',
        durability_score_doc: '',
        description: 'Repairability B',
      },
    },
  ],
};

const data: Record<TemplateName, unknown> = {
  content: {
    kind: 'content',
    title: 'Home',
    description: '',
    blocks: [
      {
        type: 'hero',
        title: 'Xiaomi 15T',
        image: '/images/banners/home.svg',
        cta: { text: 'Shop', href: '/id/p/15t' },
      },
      { type: 'product-row', title: 'Popular', products: [card] },
      { type: 'faq-list', title: 'FAQ', faqs: [{ question: 'Q?', answer: ['A.'] }] },
    ],
  },
  event: {
    kind: 'event',
    title: 'Sale',
    description: 'Big sale',
    blocks: [
      { type: 'countdown', title: 'Ends soon', endsAt: '2026-12-31T16:59:00Z' },
      {
        type: 'category-grid',
        title: 'Shop',
        categories: [{ id: 'phones', name: 'Phones', href: '/id/product-list/phones/' }],
      },
    ],
  },
  support: {
    area: 'support',
    title: 'Support',
    categories: [{ categoryNumber: 1, title: 'Orders', href: '/id/support/faq/#faq-1', count: 3 }],
    articles: [
      {
        articleId: 'a1',
        title: 'Move data',
        summary: 'How to',
        href: '/id/support/article/a1/',
        updatedAt: '2026-10-02T00:00:00Z',
      },
    ],
  },
  faq: {
    categories: [
      {
        categoryNumber: 1,
        title: 'Orders',
        items: [{ id: 'f1', index: 0, question: 'Where is my order?', answer: ['Track it.'] }],
      },
    ],
    selected: { categoryNumber: 1, index: 0 },
  },
  'faq-detail': {
    category: { categoryNumber: 1, title: 'Orders', href: '/id/support/faq/' },
    item: { id: 'f1', index: 0, question: 'Where is my order?', answer: ['Track it.'] },
    related: [{ id: 'f2', index: 1, question: 'Can I cancel?', answer: [] }],
  },
  article: {
    article: {
      articleId: 'a1',
      title: 'Move data',
      summary: 'How to',
      href: '/id/support/article/a1/',
      updatedAt: '2026-10-02T00:00:00Z',
      body: ['Step 1.'],
      category: 'Phones',
    },
  },
  'product-list': {
    title: 'Phones',
    category: { id: 'phones', name: 'Phones' },
    categories: [
      {
        id: 'phones',
        name: 'Phones',
        href: '/id/product-list/phones/',
        subCategories: [{ id: 'redmi-series', name: 'Redmi', href: '/id/product-list/phones/redmi-series/' }],
      },
    ],
    products: [card],
  },
  search: { key: 'redmi', business: false, searchTypes: ['product'], products: [card] },
  compare: {
    categories: [{ id: 'phones', name: 'Phones' }],
    candidates: [
      { id: 'redmi-note-14', name: 'Redmi Note 14', category: 'phones' },
      { id: 'poco-x7', name: 'POCO X7', category: 'phones' },
    ],
    max: 4,
  },
  stores: {
    title: 'Xiaomi stores',
    listHref: '/id/store/xiaomi-store/detail/',
    stores: [
      {
        storeId: '62001',
        name: 'Xiaomi Store Grand Indonesia',
        kind: 'xiaomi-store',
        address: 'Jl. M.H. Thamrin No. 1',
        city: 'Jakarta',
        postalCode: '10310',
        phone: '+62 21 2358 0123',
        week: [
          { day: 'mon', hours: { opens: '10:00', closes: '22:00' } },
          { day: 'sun', hours: null },
        ],
        services: ['sales'],
        latitude: -6.19,
        longitude: 106.82,
        mapUrl: 'https://www.openstreetmap.org/?mlat=-6.19&mlon=106.82#map=17/-6.19/106.82',
        href: '/id/store/xiaomi-store/detail/62001/',
      },
    ],
  },
  'spare-parts': {
    models: [
      { id: 'redmi-note-14', name: 'Redmi Note 14', category: 'phones', parts: [{ part: 'battery', price: 150_000 }] },
    ],
    priceDisplay: {
      currency: 'IDR',
      prefix: 'Rp',
      suffix: '',
      position: 'prefix',
      thousandsSeparator: '.',
      decimalSeparator: ',',
      decimals: 0,
    },
  },
  sitemap: { sections: [{ title: 'Products', links: [{ name: 'Phones', href: '/id/product-list/phones/' }] }] },
  'select-location': { groups: [{ title: 'Asia', sites }] },
  product: {
    mode: 'detail',
    product,
    selectedCommodityId: '10001',
    related: [card],
    offers: {
      exponent: 0,
      presale: {
        deposit: 500_000,
        depositStartsAt: '2026-11-01T00:00:00Z',
        depositEndsAt: '2099-02-28T16:59:59Z',
        finalStartsAt: '2099-03-01T00:00:00Z',
        finalEndsAt: '2099-03-14T16:59:59Z',
      },
      fcode: { endsAt: '2099-12-31T23:59:59Z' },
      tradeInBonus: 810_000,
      pointsEarned: 4299,
      instalmentFrom: { monthly: 358_250, months: 12, noCost: true },
    },
  },
  'widget-page': {
    mount: { name: 'cart', load: 'eager', props: { business: false } },
    title: 'Shopping cart',
    description: 'Review your cart.',
    titleKey: 'cart.title',
    descriptionKey: 'cart.description',
    requiresSignIn: true,
    signInHref: '/api/id/site/login?redirectUrl=%2Fid%2Fcart%2F',
  },
  error: {},
  'not-found': {},
  offline: {},
  'share-landing': {},
  'flash-sale': {
    saleId: 'id-flash-1',
    productName: 'Xiaomi 15T Pro',
    productHref: '/id/product/xiaomi-15t-pro/',
    commodities: [{ commodityId: '2240000001', name: '12 GB + 512 GB · Black', regularPrice: 8_999_000 }],
    salePrice: 6_999_000,
    exponent: 0,
    startsAt: '2099-03-01T03:00:00Z',
    endsAt: '2099-03-01T05:00:00Z',
    units: 10,
    perAccountLimit: 1,
    seckillApi: '/api/id',
  },
  legal: {
    document: 'terms-of-sale',
    lang: 'id-ID',
    title: 'Ketentuan penjualan',
    version: '1.0',
    effectiveDate: '2026-12-01',
    effective: 'Berlaku sejak 1 Desember 2026 · versi 1.0',
    contentsLabel: 'Daftar isi',
    sections: [{ id: 'seller', heading: 'Siapa penjual Anda', blocks: [{ kind: 'p', parts: [{ text: 'PT' }] }] }],
  },
  business: {
    applyHref: '/api/in/site/login?redirectUrl=%2Fin%2Fbusiness%2Faccount%2F',
    accountHref: '/in/business/account/',
    reviewDays: 3,
    taxLabels: ['GSTIN'],
  },
};

function context(template: TemplateName, app: PageContext['app'] = 'web'): PageContext {
  return {
    template,
    routeId: template,
    pagePath: app === 'web' ? `/id/${template}/` : `/id/${app}/${template}/`,
    app,
    storefront: storefront(),
    breadcrumbs: [
      { name: 'Home', path: '/id/' },
      { name: template, path: `/id/${template}/` },
    ],
    seo: {
      title: `${template} | Mi Store`,
      description: 'Described.',
      canonical: `https://store.example/id/${template}/`,
      imageUrl: '',
      imageAlt: '',
      ogType: 'website',
      noindex: app !== 'web',
      jsonLd: [],
    },
    data: data[template],
  };
}

async function render(
  template: TemplateName,
  app: PageContext['app'] = 'web',
  extraData: object = {},
): Promise<string> {
  const module = (await import(`./${template}.tsx`)) as { default: ComponentType<{ pageContext: PageContext }> };
  const pageContext = context(template, app);
  return renderToStaticMarkup(
    <module.default pageContext={{ ...pageContext, data: { ...(pageContext.data as object), ...extraData } }} />,
  );
}

describe.each(Object.keys(data) as TemplateName[])('template %s', (template) => {
  it('renders one h1 inside main, the skip link and both shell slots', async () => {
    const html = await render(template);
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html.indexOf('<h1')).toBeGreaterThan(html.indexOf('<main id="main"'));
    expect(html).toContain('<a class="skip-link" href="#main">');
    expect(html).toContain('<div data-shell-slot="header"></div>');
    expect(html).toContain('<div data-shell-slot="footer"></div>');
  });

  it('has no shell in app webviews', async () => {
    const html = await render(template, 'app');
    expect(html).not.toContain('data-shell-slot');
  });

  // The build renders the main landmark once for a page and its app and iOS variants (render/main-slot.ts), so what
  // is inside it must not depend on the app mode, the page's path or its noindex flag.
  it('has the same main landmark in the web page and its app webviews', async () => {
    const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const web = main(await render(template));
    expect(web.length).toBeGreaterThan(100);
    expect(main(await render(template, 'app'))).toBe(web);
    expect(main(await render(template, 'ios'))).toBe(web);
  });
});

describe('template details', () => {
  it('product: price, spec grid of item links, labels, add-to-cart host with placeholder and cart link', async () => {
    const html = await render('product');
    expect(html).toContain('Rp3.999.000');
    expect(html).toContain(
      '<a class="spec-grid__option is-selected is-sold-out" href="/id/item/10001/" aria-current="true">',
    );
    expect(html).toContain('<section class="product__section" id="labels"');
    // The island's own rows, drawn by the build, hold its box (no shift when it mounts); the cart link is for no-JS.
    expect(html).toMatch(
      /<store-widget name="add-to-cart" load="visible" props="[^"]*"><div class="add-to-cart add-to-cart--placeholder" aria-hidden="true"><fieldset class="add-to-cart__options" disabled="">/,
    );
    expect(html).toMatch(
      /<\/div><p class="product__nojs"><a class="button" href="\/id\/cart\/">[^<]*<\/a><\/p><\/store-widget>/,
    );
    expect(html).toContain('product.outOfStock');
  });

  it('product: the offers that apply are static text, with a countdown host for the pre-sale window', async () => {
    const html = await render('product');
    expect(html).toContain('data-testid="product-offers"');
    for (const offer of ['presale', 'fcode', 'trade-in', 'instalment', 'points'])
      expect(html).toContain(`data-offer="${offer}"`);
    // The deposit window goes to the countdown island; which window is open is not baked into the page.
    expect(html).toMatch(
      /<store-widget name="countdown" load="visible" props="[^"]*startsAt&quot;:&quot;2026-11-01T00:00:00Z[^"]*endsAt&quot;:&quot;2099-02-28T16:59:59Z/,
    );
    expect(html).toContain('product.offers.presale');
    expect(html).toContain('href="/id/trade-in/"');
  });

  it('event: the countdown host carries the window as dates, never a phase baked at build time', async () => {
    const html = await render('event');
    expect(html).toMatch(
      /<store-widget name="countdown" load="visible" props="[^"]*endsAt&quot;:&quot;2026-12-31T16:59:00Z[^"]*"><p><time dateTime="2026-12-31T16:59:00Z">campaign.until<\/time><\/p><\/store-widget>/,
    );
    const upcoming = await render('event', 'web', {
      blocks: [{ type: 'countdown', title: 'Sale', startsAt: '2026-12-01T01:00:00Z', endsAt: '2026-12-31T16:59:00Z' }],
    });
    expect(upcoming).toMatch(
      /props="[^"]*startsAt&quot;:&quot;2026-12-01T01:00:00Z[^"]*endsAt&quot;:&quot;2026-12-31T16:59:00Z/,
    );
    for (const baked of ['countdown.startsIn', 'countdown.endsIn', 'countdown.ended'])
      expect(upcoming).not.toContain(baked);
  });

  it('content: the page kind is a class, so support pages can show their link banners as compact cards', async () => {
    expect(await render('content')).toContain('<article class="content content--content">');
    expect(await render('content', 'web', { kind: 'support' })).toContain('<article class="content content--support">');
  });

  it('support: a GET search form to the support search page', async () => {
    expect(await render('support')).toContain(
      '<form class="search-form" role="search" aria-label="support.searchPlaceholder" method="get" ' +
        'action="/id/support/search/">',
    );
  });

  it('support: the apps’ pages carry the chat launcher (the web’s is beside the footer), outside main', async () => {
    const launcher = (html: string) => /<store-widget name="live-chat" load="(\w+)"[^>]* class="([^"]+)">/.exec(html);
    expect(launcher(await render('support'))).toBeNull();
    expect(launcher(await render('support', 'app'))?.slice(1)).toEqual(['idle', 'chat-host']);
    const ios = await render('support', 'ios');
    // The support index is the iOS app's support tab: placed at once, by the island that knows the app version.
    expect(launcher(ios)?.slice(1)).toEqual(['eager', 'chat-host chat-host--ios-tab-root']);
    expect(ios).toContain('&quot;iosTabRoot&quot;:true');
    expect(ios.indexOf('name="live-chat"')).toBeGreaterThan(ios.indexOf('</main>'));
  });

  it('support: shows the regulator logo link only when the storefront has one (co)', async () => {
    expect(await render('support')).not.toContain('regulator-link');
    const regulator = {
      imgUrl: '/images/legal/regulator-co.svg',
      url: 'https://www.sic.gov.co/',
      alt: 'Superintendencia de Industria y Comercio',
    };
    const html = await render('support', 'web', { regulator });
    expect(html).toContain(
      '<p class="support__regulator"><a class="regulator-link" href="https://www.sic.gov.co/" ' +
        'target="_blank" rel="noopener noreferrer"><img src="/images/legal/regulator-co.w120.webp" ' +
        'srcSet="/images/legal/regulator-co.w120.webp 1x, /images/legal/regulator-co.w240.webp 2x" ' +
        'alt="Superintendencia de Industria y Comercio"',
    );
  });

  it('faq: questions are details elements, the selected one open', async () => {
    expect(await render('faq')).toContain(
      '<details class="accordion" id="faq-1-0" open=""><summary>Where is my order?</summary>',
    );
  });

  it('widget-page: resolved title, sign-in link and the widget host', async () => {
    const html = await render('widget-page');
    expect(html).toContain('<h1 class="page-title">Shopping cart</h1>');
    expect(html).toContain('href="/api/id/site/login?redirectUrl=%2Fid%2Fcart%2F"');
    expect(html).toContain('<store-widget name="cart" load="eager"');
  });

  it('error: retry, refresh, back and home work without JavaScript, inside the error-page host', async () => {
    const html = await render('error');
    expect(html).toContain('<store-widget name="error-page" load="eager"');
    expect(html).toContain(
      '<form method="get" class="inline-form"><button type="submit" class="button">error.retry</button></form>',
    );
    expect(html).toContain('<a class="button button--secondary" href="">error.refresh</a>');
    expect(html).toContain('<a class="button button--secondary" href="/id/">error.goHome</a>');
  });

  it('not-found: links home, search and sitemap', async () => {
    const html = await render('not-found');
    for (const href of ['/id/', '/id/search/', '/id/sitemap/']) expect(html).toContain(`href="${href}"`);
  });

  it('compare: a picker form that submits ?ids=…, hosted by the compare island (no fixed products)', async () => {
    const html = await render('compare');
    expect(html).toMatch(/<store-widget name="compare" load="eager" props="[^"]*&quot;max&quot;:4/);
    expect(html).toContain('<form class="compare-picker" method="get" action="/id/compare/">');
    expect(html).toContain('<legend>Phones</legend>');
    expect(html).toMatch(/<input type="checkbox" name="ids" value="poco-x7"\/>/);
    expect(html).not.toContain('<table');
  });

  it('stores: address, a row per weekday (closed days say so) and a map link: new window or app maps', async () => {
    const html = await render('stores');
    expect(html).toMatch(/<store-widget name="search" load="eager" props="[^"]*&quot;mode&quot;:&quot;stores&quot;/);
    expect(html).toContain('data-store-id="62001"');
    expect(html).toMatch(
      /<address translate="no">Jl\. M\.H\. Thamrin No\. 1, (<!-- -->)?10310 (<!-- -->)?Jakarta<\/address>/,
    );
    expect(html).toMatch(/<th scope="row">stores\.day\.sun<\/th><td>stores\.closed<\/td>/);
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    // The app's maps open from the link's place (the islands runtime's link routing inside the app).
    expect(html).toContain(
      'data-map-lat="-6.19" data-map-lng="106.82" data-map-name="Xiaomi Store Grand Indonesia" ' +
        'data-map-address="Jl. M.H. Thamrin No. 1, 10310 Jakarta"',
    );
  });

  it('spare-parts: one table per model with prices in the country currency', async () => {
    const html = await render('spare-parts');
    expect(html).toContain('data-model="redmi-note-14"');
    expect(html).toMatch(/<th scope="row">spareParts\.part\.battery<\/th><td>Rp150\.000<\/td>/);
  });
});

describe('template legal', () => {
  it('a document in the storefront’s language has no lang of its own and no notice', async () => {
    const html = await render('legal');
    expect(html).toContain('<article class="prose legal" data-document="terms-of-sale" data-version="1.0">');
    expect(html).toContain('<a href="#seller">Siapa penjual Anda</a>');
    expect(html).toContain('<time dateTime="2026-12-01">Berlaku sejak 1 Desember 2026 · versi 1.0</time>');
    expect(html).not.toContain('legal-notice');
  });

  it('an English stand-in carries lang="en" and the notice in the storefront’s language', async () => {
    const html = await render('legal', 'web', { lang: 'en', notice: 'Dokumen ini belum diterjemahkan.' });
    expect(html).toContain('<p class="legal__notice" role="note" data-testid="legal-notice">Dokumen ini');
    expect(html).toMatch(/<article class="prose legal" lang="en"/);
  });
});
