/** Small hand-written inputs for the components' unit tests (typed against the real contracts). */
import type { HeaderFooter, NavProduct } from '../../content/schemas/header-footer.schema';
import type { ShellContext, SiteLink, StorefrontContext } from '../page-context';
import { makeTranslate } from '../components/translate';

export function storefront(overrides: Partial<StorefrontContext> = {}): StorefrontContext {
  const urlLocal = overrides.urlLocal ?? 'id';
  return {
    urlLocal,
    local: urlLocal.slice(0, 2),
    lang: 'id-ID',
    i18n: 'id',
    dir: 'ltr',
    siteName: 'Mi Store Indonesia',
    countryName: 'Indonesia',
    isToC: true,
    priceDisplay: {
      currency: 'IDR',
      prefix: 'Rp',
      suffix: '',
      position: 'prefix',
      thousandsSeparator: '.',
      decimalSeparator: ',',
      decimals: 0,
    },
    cookiePolicyLevel: 'low',
    navigationVersion: 'v2',
    hasPoco: true,
    api: `/api/${urlLocal}`,
    home: `/${urlLocal}/`,
    ...overrides,
  };
}

export function navProduct(overrides: Partial<NavProduct> = {}): NavProduct {
  return {
    itemId: '10001',
    imgUrl: '/images/products/redmi-note-14-pro.svg',
    name: 'Redmi Note 14 Pro',
    gotoUrl: '/id/product/redmi-note-14-pro/',
    salePrice: 3999000,
    originPrice: 4499000,
    salePriceIsEQ: false,
    spuId: '1',
    productId: 'redmi-note-14-pro',
    category: 'phones',
    category2: 'redmi-series',
    ...overrides,
  };
}

export function headerFooter(
  overrides: { footer?: Partial<HeaderFooter['footer']> } & Partial<Omit<HeaderFooter, 'footer'>> = {},
): HeaderFooter {
  const { footer, ...rest } = overrides;
  return {
    urlLocal: 'id',
    header: {
      main: [
        {
          content: 'Phones',
          url: '/id/product-list/phones/',
          catId: '1',
          catName: 'phones',
          anchor: '',
          submenu: true,
          submenuStyle: 1,
          submenuLayout: 'product',
          type: 'phone',
          icon: '',
          children: [
            {
              title: 'Redmi series',
              products: [navProduct()],
              addonUrl: [{ name: 'compare', text: 'Compare phones', gotoUrl: '/id/compare/' }],
              hasNew: true,
              learnMore: { text: 'Learn more', gotoUrl: '/id/product-list/phones/redmi-series/' },
            },
            {
              title: 'POCO series',
              products: [
                navProduct({
                  itemId: '10002',
                  name: 'POCO X7',
                  gotoUrl: '/id/product/poco-x7/',
                  salePriceIsEQ: true,
                  salePrice: 4299000,
                  originPrice: 4299000,
                }),
              ],
              addonUrl: [],
              hasNew: false,
            },
          ],
        },
        {
          content: 'Appliances',
          url: '/id/product-list/appliances/',
          catId: '2',
          catName: 'appliances',
          anchor: '',
          submenu: true,
          submenuStyle: 3,
          submenuLayout: 'list',
          type: 'default',
          icon: '',
          children: [
            {
              title: 'Robot vacuums',
              products: [
                navProduct({ itemId: '10003', name: 'Robot Vacuum S20', gotoUrl: '/id/product/robot-vacuum-s20/' }),
              ],
              addonUrl: [],
              hasNew: false,
            },
          ],
        },
        {
          content: 'Support',
          url: '/id/support/',
          catId: '',
          catName: '',
          anchor: '',
          submenu: false,
          submenuStyle: 1,
          submenuLayout: 'list',
          type: 'link',
          icon: '',
          children: [],
        },
      ],
      aside: [{ content: 'Business', url: '/id/business/', icon: '/images/icons/business.svg' }],
    },
    notification: { content: 'Free shipping', url: '/id/event/shipping/' },
    navigation: [],
    storeNavigation: { whatIsNew: [], keyEvents: [], discountPrograms: [], eventProducts: [] },
    timestamp: 0,
    navigationVersion: 'v2',
    differentSiteTip: { show: false, text: '', sitesText: '', buttonText: '', toDomain: '' },
    footer: {
      navigation: [
        {
          title: 'Support',
          links: [
            { text: 'Contact us', url: '/id/contact/' },
            { text: 'Community', url: 'https://community.example.org/' },
          ],
        },
      ],
      socialMedia: {
        title: 'Follow us',
        icons: [{ title: 'Facebook', imgUrl: '/images/icons/facebook.svg', url: 'https://www.facebook.com/xiaomi' }],
      },
      connect: { title: 'Be the first to know', placeholder: 'Enter your email address' },
      app: {
        title: 'App',
        qrCodeUrl: '/images/qr/app.svg',
        description: 'Scan to download',
        googlePlayDesc: 'Get it on Google Play',
        googlePlayUrl: 'https://play.google.com/store/apps/details?id=x',
      },
      legal: {},
      terms: { paymentTerms: 'Prices include VAT.' },
      footnotes: [
        { index: 2, content: 'Second note' },
        { index: 1, content: 'First note' },
      ],
      ...footer,
    },
    ...rest,
  };
}

export const sites: SiteLink[] = [
  { local: 'id', urlLocal: 'id', lang: 'id-ID', name: 'Indonesia', href: '/id/' },
  { local: 'be', urlLocal: 'be-fr', lang: 'fr-BE', name: 'Belgique (Français)', href: '/be-fr/' },
  { local: 'be', urlLocal: 'be-nl', lang: 'nl-BE', name: 'België (Nederlands)', href: '/be-nl/' },
  { local: 'hk', urlLocal: 'hk', lang: 'zh-HK', name: '香港', href: '/hk/' },
  { local: 'tw', urlLocal: 'tw', lang: 'zh-TW', name: '台灣', href: '/tw/' },
  { local: 'in', urlLocal: 'in', lang: 'en-IN', name: 'India', href: '/in/' },
  { local: 'id', urlLocal: 'id', lang: 'id-ID', name: 'Indonesia (again)', href: '/id/' },
];

export const strings: Record<string, string> = {
  'footer.copyright': 'Copyright © 2010 - {{year}} Xiaomi. All rights reserved.',
  'footer.sitemap': 'Sitemap',
  'footer.cookiePolicy': 'Cookie policy',
  'footer.subscribe.placeholder': 'Enter your email address',
  'footer.subscribe.button': 'Subscribe',
  'footer.subscribe.success': 'Thanks!',
  'header.cartCount': 'Cart, {{count}} items',
  'product.salePrice': 'Sale price',
  'product.originalPrice': 'Original price',
  'product.energyLabel': 'Energy label',
};

export const t = makeTranslate(strings);

export function shell(overrides: Partial<ShellContext> = {}): ShellContext {
  return {
    storefront: storefront(),
    headerFooter: headerFooter(),
    strings,
    sites,
    year: 2026,
    footerMode: 'full',
    ...overrides,
  };
}
