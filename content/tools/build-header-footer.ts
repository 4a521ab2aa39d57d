/**
 * Builds one header-footer snapshot per storefront: menus from the catalogue (only what the country sells,
 * priced in its currency), texts from the storefront's translation catalogue.
 */
import type { HeaderFooter, MenuChild, MenuItem, NavGroup, NavProduct } from '../schemas/header-footer.schema';
import type { Product, ProductCategory, ProductsSnapshot } from '../schemas/products.schema';
import type { ContentStorefront } from '../storefronts';
import { categoryDefs } from './category-defs';
import { localize, localizeBundleLabel, localizeEnergyLabel } from '../localize';
import { resolvedCatalogue } from './catalogue-texts';
import { linkRuns, type ProgrammeData } from '../programmes';

/** Countries with the POCO sub-brand menu. */
const pocoCountries = new Set([
  'de',
  'es',
  'fr',
  'it',
  'nl',
  'be',
  'uk',
  'th',
  'my',
  'kr',
  'vn',
  'hk',
  'tw',
  'pl',
  'tr',
  'mx',
  'id',
  'co',
  'sg',
]);
/** Navigation versions (the same table as sites/; v0 elsewhere). */
const navigationVersions: Record<string, 'v1' | 'v2'> = {
  id: 'v2',
  de: 'v2',
  fr: 'v2',
  es: 'v2',
  it: 'v2',
  uk: 'v2',
  pl: 'v1',
  nl: 'v1',
  be: 'v1',
  th: 'v1',
  my: 'v1',
};
/** Countries whose regulator asks for the compliance QR code in the footer. */
const complianceCountries = new Set(['in', 'id']);
/** Export time of the snapshots; fixed so regenerating gives the same files. */
const exportedAt = Date.UTC(2026, 10, 20, 8, 0, 0);

/** How each category's menu renders; together the menus use every submenu style (1–4) and both layouts. */
const menuStyles: Record<
  ProductCategory,
  { style: 1 | 2 | 3 | 4; layout: 'product' | 'list'; type: MenuItem['type'] }
> = {
  phones: { style: 4, layout: 'product', type: 'phone' },
  tvs: { style: 4, layout: 'product', type: 'default' },
  wearables: { style: 2, layout: 'product', type: 'default' },
  tablets: { style: 1, layout: 'product', type: 'default' },
  appliances: { style: 3, layout: 'list', type: 'default' },
  scooters: { style: 2, layout: 'list', type: 'default' },
  accessories: { style: 3, layout: 'list', type: 'default' },
  refurbished: { style: 1, layout: 'list', type: 'default' },
};

const socialByCountry: Record<string, string[]> = {
  cn: ['weibo', 'wechat', 'bilibili'],
  ru: ['vk', 'telegram', 'youtube'],
  kz: ['vk', 'telegram', 'instagram'],
  jp: ['x', 'line', 'youtube'],
  kr: ['instagram', 'youtube', 'naver'],
  tw: ['facebook', 'line', 'instagram', 'youtube'],
  vn: ['facebook', 'zalo', 'tiktok', 'youtube'],
  id: ['facebook', 'instagram', 'tiktok', 'x', 'youtube'],
  th: ['facebook', 'line', 'instagram', 'tiktok'],
};
const socialUrls: Record<string, string> = {
  facebook: 'https://www.facebook.com/XiaomiGlobal',
  x: 'https://x.com/Xiaomi',
  instagram: 'https://www.instagram.com/xiaomi.global/',
  youtube: 'https://www.youtube.com/c/Xiaomi',
  tiktok: 'https://www.tiktok.com/@xiaomi',
  weibo: 'https://weibo.com/xiaomi',
  wechat: 'https://weixin.qq.com/',
  bilibili: 'https://space.bilibili.com/xiaomi',
  vk: 'https://vk.com/xiaomi',
  telegram: 'https://t.me/xiaomi',
  line: 'https://line.me/R/ti/p/@xiaomi',
  naver: 'https://blog.naver.com/xiaomi',
  zalo: 'https://zalo.me/xiaomi',
};
export const socialNetworks = Object.keys(socialUrls);

interface Context {
  storefront: ContentStorefront;
  code: string;
  s: Record<string, string>;
  link: (path: string) => string;
  /** False for the page of a programme the country does not run (content/programmes.ts): no link leads there. */
  runs: (path: string) => boolean;
}

function offerIn(product: Product, local: string) {
  const offers = product.commodities.flatMap((c) => {
    const offer = c.offers[local];
    return offer ? [{ commodity: c, offer }] : [];
  });
  // The card shows the cheapest variant that can be bought now, else the cheapest at all.
  const sorted = [...offers].sort(
    (a, b) => Number(b.offer.stock > 0) - Number(a.offer.stock > 0) || a.offer.salePrice - b.offer.salePrice,
  );
  return sorted[0];
}

function navProduct(ctx: Context, product: Product): NavProduct | undefined {
  const best = offerIn(product, ctx.storefront.local);
  if (!best) return undefined;
  const labelled = product.labelCountries?.includes(ctx.storefront.local) ?? false;
  return {
    itemId: best.commodity.commodityId,
    imgUrl: product.image,
    name: product.name,
    ...(product.marketingTag
      ? { tag: { subtype: product.marketingTag.subtype, text: localize(product.marketingTag.text, ctx.code) } }
      : {}),
    gotoUrl: ctx.link(`/product/${product.id}/`),
    ...(labelled && product.energyInfo ? { energyInfo: localizeEnergyLabel(product.energyInfo, ctx.code) } : {}),
    ...(labelled && product.bundleLabels
      ? { bundleLabels: product.bundleLabels.map((label) => localizeBundleLabel(label, ctx.code)) }
      : {}),
    salePrice: best.offer.salePrice,
    originPrice: best.offer.marketPrice,
    salePriceIsEQ: best.offer.salePrice === best.offer.marketPrice,
    spuId: product.commodities[0]?.goodsId ?? best.commodity.goodsId,
    productId: product.id,
    category: ctx.s[`category.${product.category}`] ?? product.category,
    category2: ctx.s[`category.${product.category}.${product.subCategory}`] ?? product.subCategory,
  };
}

function categoryMenu(ctx: Context, products: Product[], category: ProductCategory): MenuItem | undefined {
  const def = categoryDefs.find((d) => d.id === category);
  if (!def) return undefined;
  const children: MenuChild[] = [];
  for (const sub of def.subs) {
    // POCO has its own menu there
    if (category === 'phones' && sub.id === 'poco-series' && pocoCountries.has(ctx.storefront.local)) continue;
    const subProducts = products.filter((p) => p.category === category && p.subCategory === sub.id);
    const cards = subProducts.map((p) => navProduct(ctx, p)).filter((c): c is NavProduct => c !== undefined);
    if (cards.length === 0) continue;
    const listUrl = ctx.link(`/product-list/${category}/${sub.id}/`);
    children.push({
      title: ctx.s[`category.${category}.${sub.id}`] ?? sub.id,
      learnMore: { text: ctx.s['header.learnMore'] ?? 'Learn more', gotoUrl: listUrl },
      products: cards,
      addonUrl:
        category === 'phones'
          ? [
              { name: 'compare', text: ctx.s['menu.addon.compare'] ?? 'Compare', gotoUrl: ctx.link('/compare/') },
              {
                name: 'accessories',
                text: ctx.s['menu.addon.accessories'] ?? 'Accessories',
                gotoUrl: ctx.link('/product-list/accessories/power-and-charging/'),
              },
            ]
          : [{ name: 'all', text: ctx.s['header.allProducts'] ?? 'All products', gotoUrl: listUrl }],
      hasNew: subProducts.some((p) => p.marketingTag?.subtype === 'new'),
    });
  }
  if (children.length === 0) return undefined;
  const style = menuStyles[category];
  return {
    content: ctx.s[`category.${category}`] ?? category,
    url: ctx.link(`/product-list/${category}/`),
    catId: category,
    catName: ctx.s[`category.${category}`] ?? category,
    anchor: category,
    submenu: true,
    submenuStyle: style.style,
    submenuLayout: style.layout,
    type: style.type,
    icon: `/images/categories/${category}.svg`,
    children,
  };
}

function pocoMenu(ctx: Context, products: Product[]): MenuItem | undefined {
  const cards = products
    .filter((p) => p.subCategory === 'poco-series')
    .map((p) => navProduct(ctx, p))
    .filter((c): c is NavProduct => c !== undefined);
  if (cards.length === 0) return undefined;
  const listUrl = ctx.link('/product-list/phones/poco-series/');
  return {
    content: ctx.s['menu.poco'] ?? 'POCO',
    url: ctx.link('/poco/'),
    catId: 'poco',
    catName: 'POCO',
    anchor: 'poco',
    submenu: true,
    submenuStyle: 1,
    submenuLayout: 'product',
    type: 'poco',
    icon: '/images/brand/poco.svg',
    children: [
      {
        title: ctx.s['category.phones.poco-series'] ?? 'POCO series',
        learnMore: { text: ctx.s['header.learnMore'] ?? 'Learn more', gotoUrl: listUrl },
        products: cards,
        addonUrl: [{ name: 'poco', text: ctx.s['common.viewAll'] ?? 'View all', gotoUrl: ctx.link('/poco/') }],
        hasNew: cards.some((c) => c.tag?.subtype === 'new'),
      },
    ],
  };
}

/** A titled group of links, without those to a programme the country does not run; none left, no group. */
function group(ctx: Context, titleKey: string, links: [key: string, path: string][]): NavGroup[] {
  const shown = links.filter(([, path]) => ctx.runs(path));
  if (shown.length === 0) return [];
  return [
    {
      title: ctx.s[titleKey] ?? titleKey,
      links: shown.map(([key, path]) => ({ text: ctx.s[key] ?? key, url: ctx.link(path) })),
    },
  ];
}

function legalBlocks(local: string): Pick<HeaderFooter['footer'], 'company' | 'regulator'> {
  if (local === 'vn')
    return {
      company: {
        name: 'Công ty TNHH Xiaomi Việt Nam',
        details: [
          {
            label: 'Giấy chứng nhận đăng ký doanh nghiệp',
            value: 'Số 0315583719 do Sở Kế hoạch và Đầu tư TP. Hồ Chí Minh cấp lần đầu ngày 12/03/2019',
          },
          {
            label: 'Địa chỉ',
            value: 'Tầng 12, Tòa nhà Saigon Centre, 65 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
          },
          { label: 'Hotline', value: '1800 400 410' },
          { label: 'Giờ làm việc', value: '9:00-18:00, Thứ Hai - Thứ Sáu' },
        ],
      },
    };
  if (local === 'kr')
    return {
      company: {
        name: '샤오미코리아 유한회사',
        details: [
          { label: '대표자', value: '조니 우' },
          { label: '주소', value: '서울특별시 강남구 테헤란로 152, 강남파이낸스센터 21층' },
          { label: '사업자등록번호', value: '120-88-01234' },
          { label: '통신판매업 신고번호', value: '제2023-서울강남-04567호' },
          { label: '고객센터', value: '080-500-5500 (평일 9:00-18:00)' },
        ],
      },
    };
  if (local === 'co')
    return {
      regulator: {
        imgUrl: '/images/legal/regulator-co.svg',
        url: 'https://www.sic.gov.co/',
        alt: 'Superintendencia de Industria y Comercio',
      },
    };
  return {};
}

/**
 * The header and footer of one storefront; `programmes` (the coupon, trade-in, store, service-centre and page
 * snapshots) says which programme pages the country runs, so no link leads to one it does not.
 */
export function buildHeaderFooter(
  storefront: ContentStorefront,
  catalogue: ProductsSnapshot,
  programmes: ProgrammeData,
): HeaderFooter {
  const code = storefront.i18n;
  const ctx: Context = {
    storefront,
    code,
    s: resolvedCatalogue(code),
    link: (path) => `/${storefront.urlLocal}${path}`,
    runs: (path) => linkRuns(programmes, storefront.local, path),
  };
  const { local } = storefront;
  const products = catalogue.products;
  const sold = products.filter((p) => p.commodities.some((c) => c.offers[local]));
  const categories = categoryDefs.map((d) => d.id);
  const main: MenuItem[] = [];
  for (const category of categories) {
    const item = categoryMenu(ctx, sold, category);
    if (item) main.push(item);
    if (category === 'phones' && pocoCountries.has(local)) {
      const poco = pocoMenu(ctx, sold);
      if (poco) main.push(poco);
    }
  }
  main.push({
    content: ctx.s['menu.support'] ?? 'Support',
    url: ctx.link('/support/'),
    catId: '',
    catName: '',
    anchor: 'support',
    submenu: false,
    submenuStyle: 1,
    submenuLayout: 'list',
    type: 'link',
    icon: '',
    children: [],
  });
  const soldCategories = categories.filter((c) => sold.some((p) => p.category === c));
  const storeItems = (items: [key: string, path: string, type: string, icon: string][]) =>
    items
      .filter(([, path]) => ctx.runs(path))
      .map(([key, path, type, icon]) => ({
        title: ctx.s[key] ?? key,
        icon: `/images/icons/${icon}.svg`,
        gotoUrl: ctx.link(path),
        type,
      }));
  const networks = socialByCountry[local] ?? ['facebook', 'x', 'instagram', 'youtube'];

  return {
    urlLocal: storefront.urlLocal,
    header: {
      main,
      aside: (
        [
          ['header.aside.support', 'Support', '/support/', 'support'],
          ['header.aside.store', 'Xiaomi Store', '/store/xiaomi-store/', 'store'],
          ['header.aside.business', 'Business', '/business/', 'business'],
        ] as const
      )
        .filter(([, , path]) => ctx.runs(path))
        .map(([key, fallback, path, icon]) => ({
          content: ctx.s[key] ?? fallback,
          url: ctx.link(path),
          icon: `/images/icons/${icon}.svg`,
        })),
    },
    // Japan runs no shipping promotion, so its bar is empty (the build then renders none); nor does a country
    // without coupons for new shoppers, since the bar leads to them.
    notification:
      local === 'jp' || !ctx.runs('/new-user/')
        ? { content: '', url: '' }
        : { content: ctx.s['header.notification'] ?? '', url: ctx.link('/new-user/') },
    navigation: [
      {
        title: ctx.s['footer.column.products'] ?? 'Products',
        links: soldCategories.map((c) => ({ text: ctx.s[`category.${c}`] ?? c, url: ctx.link(`/product-list/${c}/`) })),
      },
      ...group(ctx, 'footer.column.shop', [
        ['footer.link.xiaomiStore', '/store/xiaomi-store/'],
        ['footer.link.newUser', '/new-user/'],
        ['footer.link.tradeIn', '/trade-in/'],
      ]),
    ],
    storeNavigation: {
      whatIsNew: storeItems([['header.store.newArrivals', '/store/new-products/', 'new-products', 'new']]),
      keyEvents: storeItems([['header.store.flashSale', '/event/black-friday-2026/', 'event', 'event']]),
      discountPrograms: storeItems([
        ['header.store.tradeIn', '/trade-in/', 'trade-in', 'trade-in'],
        ['header.store.studentProgram', '/p/student-program/', 'student', 'student'],
      ]),
      eventProducts: storeItems([['header.store.dailyPicks', '/store/daily-picks/', 'daily-picks', 'deals']]),
    },
    timestamp: exportedAt,
    navigationVersion: navigationVersions[local] ?? 'v0',
    differentSiteTip: {
      show: false, // switched on per visitor by the API when the geo-IP country differs; {{country}} is filled then
      text: ctx.s['header.differentSite.text'] ?? '',
      sitesText: '',
      buttonText: ctx.s['header.differentSite.button'] ?? '',
      toDomain: '',
    },
    footer: {
      navigation: [
        {
          title: ctx.s['footer.column.products'] ?? 'Products',
          links: soldCategories.map((c) => ({
            text: ctx.s[`category.${c}`] ?? c,
            url: ctx.link(`/product-list/${c}/`),
          })),
        },
        ...group(ctx, 'footer.column.support', [
          ['footer.link.contactUs', '/contact/'],
          ['footer.link.afterSales', '/after-sales/'],
          ['footer.link.warranty', '/warranty/'],
          ['footer.link.returns', '/support/policy/returns-and-refunds/'],
          ['footer.link.faq', '/support/faq/'],
          ['footer.link.userGuide', '/user-guide/'],
        ]),
        ...group(ctx, 'footer.column.shop', [
          ['footer.link.xiaomiStore', '/store/xiaomi-store/'],
          ['footer.link.newUser', '/new-user/'],
          ['footer.link.tradeIn', '/trade-in/'],
          ['footer.link.termsOfSale', '/support/terms/terms-of-sale/'],
        ]),
        ...group(ctx, 'footer.column.about', [
          ['footer.link.aboutUs', '/about/'],
          ['footer.link.company', '/about/company/'],
          ['footer.link.privacyPolicy', '/support/policy/privacy-policy/'],
          ['footer.link.termsOfUse', '/support/terms/terms-of-use/'],
          ['footer.link.safetyNotice', '/support/safety-notice/'],
        ]),
      ],
      socialMedia: {
        title: ctx.s['footer.followUs'] ?? 'Follow Xiaomi',
        icons: networks.map((n) => ({
          title: n === 'x' ? 'X' : n[0]!.toUpperCase() + n.slice(1),
          imgUrl: `/images/social/${n}.svg`,
          url: socialUrls[n] ?? 'https://www.mi.com/',
        })),
      },
      // The subscribe box is hidden for kr.
      ...(local === 'kr'
        ? {}
        : {
            connect: {
              title: ctx.s['footer.subscribe.title'] ?? '',
              placeholder: ctx.s['footer.subscribe.placeholder'] ?? '',
            },
          }),
      app: {
        title: ctx.s['footer.app.title'] ?? '',
        qrCodeUrl: '/images/app/qr-code.svg',
        description: ctx.s['footer.app.description'] ?? '',
        googlePlayDesc: ctx.s['footer.app.googlePlay'] ?? '',
        googlePlayUrl: 'https://play.google.com/store/apps/details?id=com.mi.global.shop',
      },
      legal: complianceCountries.has(local)
        ? {
            complianceQrCodeUrl: `/images/legal/compliance-qr-${local}.svg`,
            complianceQrCodeDesc: ctx.s['footer.compliance'] ?? 'Compliance',
            complianceUrl: ctx.link('/certification/compliance/'),
          }
        : {},
      terms: { paymentTerms: ctx.s['footer.paymentTerms'] ?? '' },
      footnotes: [
        { index: 1, content: ctx.s['footer.footnote.prices'] ?? '' },
        { index: 2, content: ctx.s['footer.footnote.images'] ?? '' },
      ],
      ...legalBlocks(local),
    },
  };
}
