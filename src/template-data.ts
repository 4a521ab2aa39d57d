import type { WidgetMount } from '../widgets/contract';
import type { SiteLink } from './page-context';
import type { Regulator } from './components/regulator-link';

/** A product as cards show it (lists, menus, rows, search, compare): shaped once in sites/product-card.ts. */
export type { ProductCard } from '../sites/product-card';
import type { ProductCard } from '../sites/product-card';

export interface CommodityView {
  commodityId: string;
  goodsId: string;
  firstSpecValue: string;
  secondSpecValue: string;
  salePrice: number | null;
  marketPrice: number | null;
  stock: number;
}

export interface ProductView extends ProductCard {
  description: string;
  specs: { label: string; value: string }[];
  commodities: CommodityView[];
  /** The two-dimensional spec grid: rows by firstSpecValue, columns by secondSpecValue; null where no commodity. */
  specGrid: (CommodityView | null)[][];
  refurbished?: { grade: string; warrantyMonths: number };
  purchaseLimit: number;
}

export interface ResolvedBlock {
  type: 'hero' | 'product-row' | 'banner' | 'rich-text' | 'faq-list' | 'countdown' | 'category-grid' | 'warranty-check';
  title?: string;
  subtitle?: string;
  image?: string;
  cta?: { text: string; href: string };
  paragraphs?: string[];
  products?: ProductCard[];
  faqs?: { question: string; answer: string[] }[];
  /** A countdown block's window (ISO instants); its phase is worked out in the browser, never at build time. */
  startsAt?: string;
  endsAt?: string;
  categories?: { id: string; name: string; href: string; icon?: string }[];
}

export interface ContentData {
  kind: 'content' | 'event' | 'support';
  title: string;
  description: string;
  blocks: ResolvedBlock[];
}

export interface FaqItemView {
  id: string;
  index: number;
  question: string;
  answer: string[];
}

export interface FaqCategoryView {
  categoryNumber: number;
  title: string;
  items: FaqItemView[];
}

export interface ArticleSummary {
  articleId: string;
  title: string;
  summary: string;
  href: string;
  updatedAt: string;
}

export interface SupportData {
  area: string; // 'support', 'phone', 'smart-home', … or 'search'
  title: string;
  searchKey?: string;
  categories: { categoryNumber: number; title: string; href: string; count: number }[];
  articles: ArticleSummary[];
  /** Local co shows a regulator logo link on the support page: the storefront's footer.regulator, where it has one. */
  regulator?: Regulator;
}

export interface FaqData {
  categories: FaqCategoryView[];
  selected?: { categoryNumber: number; index: number };
}

export interface FaqDetailData {
  category: { categoryNumber: number; title: string; href: string };
  item: FaqItemView;
  related: FaqItemView[];
}

export interface ArticleData {
  article: ArticleSummary & { body: string[]; category: string };
}

export interface ProductListData {
  title: string;
  category?: { id: string; name: string };
  subCategory?: { id: string; name: string };
  categories: { id: string; name: string; href: string; subCategories: { id: string; name: string; href: string }[] }[];
  products: ProductCard[];
}

export interface SearchData {
  key: string;
  business: boolean;
  searchTypes: string[];
  products: ProductCard[]; // matches for `key` (all products when key is empty)
}

/** /compare: what the shopper can pick (products on sale here, by category); the island shows the chosen ones. */
export interface CompareData {
  categories: { id: string; name: string }[];
  candidates: { id: string; name: string; category: string }[];
  /** At most this many side by side. */
  max: number;
}

export type { StoresData, StoreView, SparePartsData, SparePartsModel } from './search-pages-data';

export interface SitemapData {
  sections: { title: string; links: { name: string; href: string }[] }[];
}

export interface SelectLocationData {
  groups: { title: string; sites: SiteLink[] }[];
}

/**
 * What applies to a product in a country beside its price, known when the pages are built: a pre-sale's
 * deposit and windows, the F-code requirement, the trade-in bonus, the Mi Points a purchase earns, the lowest
 * instalment. Amounts are minor units with the currency's exponent. Live parts (coupons to claim) come from islands.
 */
export interface ProductOffers {
  exponent: number;
  presale: {
    deposit: number;
    depositStartsAt: string;
    depositEndsAt: string;
    finalStartsAt: string;
    finalEndsAt: string;
  } | null;
  /** An F-code campaign that had not ended when the pages were built; the page names its end as a date. */
  fcode: { endsAt: string } | null;
  tradeInBonus: number | null;
  pointsEarned: number | null;
  instalmentFrom: { monthly: number; months: number; noCost: boolean } | null;
}

export interface ProductData {
  mode: 'detail' | 'buy' | 'item' | 'bundle';
  product: ProductView;
  selectedCommodityId: string;
  related: ProductCard[];
  offers: ProductOffers;
  /** The product's reviews in this country from the review snapshot; the reviews island refreshes them. */
  reviews?: ProductReviews;
  /** A flash sale of this product in this country (the latest to start): the page's banner links to its page. */
  flashSale?: FlashSaleBanner;
}

/** The product page's flash-sale banner: where the sale's page is, its price (minor units) and start. */
export interface FlashSaleBanner {
  href: string;
  salePrice: number;
  exponent: number;
  startsAt: string;
}

/** /flash-sale/{saleId}: the sale's product, versions, price and window; the flash-sale island runs the rest. */
export interface FlashSaleData {
  saleId: string;
  productName: string;
  productHref: string;
  image?: string;
  /** The sale's versions with their names (first and second spec values) and regular prices. */
  commodities: { commodityId: string; name: string; regularPrice: number | null }[];
  /** Minor units with `exponent`. */
  salePrice: number;
  exponent: number;
  startsAt: string;
  endsAt: string;
  units: number;
  perAccountLimit: number;
  /** The seckill host family's base for the island. */
  seckillApi: string;
}

/** A published review as the product page shows it. */
export interface ReviewView {
  id: string;
  score: number;
  text: string;
  author: string;
  createdAt: string; // ISO instant
  photos: string[];
  likes: number;
}

/** Count, average (one decimal, 0 without reviews) and the latest reviews of a product in one country. */
export interface ProductReviews {
  count: number;
  average: number;
  latest: ReviewView[];
}

/** A page whose main content is an island: the static part says what the page is and works without JS. */
export interface WidgetPageData {
  /** The island and its typed props (widgets/contract.ts). */
  mount: WidgetMount;
  title: string; // resolved in the storefront's language (catalogue key `titleKey`, else the route's English text)
  description: string;
  titleKey: string; // the translation keys behind them
  descriptionKey: string;
  requiresSignIn: boolean;
  signInHref: string; // '/api/id/site/login?redirectUrl=…'
}

export type ErrorData = Record<string, never>;

/** /business: the static landing page for business buyers; the status island words it per account. */
export interface BusinessData {
  /** Where the apply button goes: sign-in with the application page as callback. */
  applyHref: string;
  /** The application / account page, /{prefix}/business/account/. */
  accountHref: string;
  /** The review promise in working days. */
  reviewDays: number;
  /** The tax identity the country asks for (GSTIN, VAT number, RUC, …). */
  taxLabels: string[];
}
