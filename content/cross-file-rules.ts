import type { CouponsSnapshot } from './schemas/coupons.schema';
import type { FcodesSnapshot } from './schemas/fcodes.schema';
import type { TradeInSnapshot } from './schemas/trade-in.schema';
import type { PresalesSnapshot } from './schemas/presales.schema';
/**
 * Rules that need more than one snapshot (or the image folder). Each is a pure function returning the
 * problems it found as { file, pointer, message }; loadContent runs them all and stops on any problem.
 */
import type { HeaderFooter, NavProduct } from './schemas/header-footer.schema';
import type { PagesSnapshot } from './schemas/pages.schema';
import type { ProductsSnapshot } from './schemas/products.schema';
import type { CategoriesSnapshot } from './schemas/categories.schema';
import type { SnapshotIssue } from './snapshot-error';

export interface Located<T> {
  file: string;
  data: T;
}

/** Every product's category (and sub-category) exists in categories.json. */
export function productCategoriesExist(
  products: Located<ProductsSnapshot>,
  categories: Located<CategoriesSnapshot>,
): SnapshotIssue[] {
  const known = new Map(
    categories.data.categories.map((c) => [c.id as string, new Set(c.subcategories.map((s) => s.id))]),
  );
  const issues: SnapshotIssue[] = [];
  products.data.products.forEach((product, i) => {
    const subs = known.get(product.category);
    if (!subs)
      issues.push({
        file: products.file,
        pointer: `/products/${i}/category`,
        message: `category "${product.category}" is not in ${categories.file}`,
      });
    else if (!subs.has(product.subCategory))
      issues.push({
        file: products.file,
        pointer: `/products/${i}/subCategory`,
        message: `sub-category "${product.subCategory}" is not under "${product.category}" in ${categories.file}`,
      });
  });
  return issues;
}

/** Product ids, commodityIds and goodsIds are each unique across the catalogue (they are URLs and cart keys). */
export function catalogueIdsUnique(products: Located<ProductsSnapshot>): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const seen = {
    id: new Map<string, string>(),
    commodityId: new Map<string, string>(),
    goodsId: new Map<string, string>(),
  };
  const check = (kind: keyof typeof seen, value: string, pointer: string) => {
    const first = seen[kind].get(value);
    if (first !== undefined)
      issues.push({ file: products.file, pointer, message: `${kind} "${value}" is already used at ${first}` });
    else seen[kind].set(value, pointer);
  };
  products.data.products.forEach((product, i) => {
    check('id', product.id, `/products/${i}/id`);
    product.commodities.forEach((commodity, j) => {
      check('commodityId', commodity.commodityId, `/products/${i}/commodities/${j}/commodityId`);
      check('goodsId', commodity.goodsId, `/products/${i}/commodities/${j}/goodsId`);
    });
  });
  return issues;
}

/** Every offer is priced in its country's currency. */
export function offerCurrenciesMatch(
  products: Located<ProductsSnapshot>,
  countryCurrency: Readonly<Record<string, string>>,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  products.data.products.forEach((product, i) =>
    product.commodities.forEach((commodity, j) => {
      for (const [local, offer] of Object.entries(commodity.offers)) {
        const pointer = `/products/${i}/commodities/${j}/offers/${local}`;
        const expected = countryCurrency[local];
        if (expected === undefined)
          issues.push({ file: products.file, pointer, message: `"${local}" is not a country of docs/contracts.md` });
        else if (offer.currency !== expected)
          issues.push({
            file: products.file,
            pointer: `${pointer}/currency`,
            message: `${local} prices in ${expected}, not ${offer.currency}`,
          });
        if (offer.salePrice > offer.marketPrice)
          issues.push({
            file: products.file,
            pointer: `${pointer}/salePrice`,
            message: `sale price ${offer.salePrice} is above the market price ${offer.marketPrice}`,
          });
      }
    }),
  );
  return issues;
}

/** Every product image (and every other /images/ path the products use) exists under content/images. */
export function productImagesExist(
  products: Located<ProductsSnapshot>,
  imageExists: (publicPath: string) => boolean,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  products.data.products.forEach((product, i) => {
    if (!imageExists(product.image))
      issues.push({
        file: products.file,
        pointer: `/products/${i}/image`,
        message: `image ${product.image} does not exist under content/images`,
      });
  });
  return issues;
}

/** Every /images/ path anywhere in a snapshot exists (labels, icons, QR codes, banners). */
export function referencedImagesExist(
  snapshot: Located<unknown>,
  imageExists: (publicPath: string) => boolean,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  walkStrings(snapshot.data, '', (value, pointer) => {
    if (value.startsWith('/images/') && !imageExists(value))
      issues.push({ file: snapshot.file, pointer, message: `image ${value} does not exist under content/images` });
  });
  return issues;
}

const productLink = /^\/([a-z]{2}(?:-[a-z]{2})?)\/product\/([a-z0-9-]+)\/$/;

/** Header-footer product cards and product links point at existing products, under the file's own storefront. */
export function headerFooterProductsExist(
  headerFooter: Located<HeaderFooter>,
  productIds: ReadonlySet<string>,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const { file, data } = headerFooter;
  const checkCard = (card: NavProduct, pointer: string) => {
    if (!productIds.has(card.productId))
      issues.push({
        file,
        pointer: `${pointer}/productId`,
        message: `product "${card.productId}" is not in the catalogue`,
      });
  };
  data.header.main.forEach((item, i) =>
    item.children.forEach((child, j) =>
      child.products.forEach((card, k) => checkCard(card, `/header/main/${i}/children/${j}/products/${k}`)),
    ),
  );
  walkStrings(data, '', (value, pointer) => {
    const match = productLink.exec(value);
    if (!match) return;
    if (match[1] !== data.urlLocal)
      issues.push({ file, pointer, message: `link ${value} leaves the storefront /${data.urlLocal}/` });
    else if (!productIds.has(match[2] ?? ''))
      issues.push({ file, pointer, message: `link ${value} points at a product that is not in the catalogue` });
  });
  return issues;
}

/** Product rows of content pages reference existing products; category grids existing categories. */
export function pageReferencesExist(
  pages: Located<PagesSnapshot>,
  productIds: ReadonlySet<string>,
  categoryIds: ReadonlySet<string>,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  pages.data.pages.forEach((page, i) =>
    page.blocks.forEach((block, j) => {
      if (block.type === 'product-row')
        block.productIds.forEach((id, k) => {
          if (!productIds.has(id))
            issues.push({
              file: pages.file,
              pointer: `/pages/${i}/blocks/${j}/productIds/${k}`,
              message: `product "${id}" is not in the catalogue`,
            });
        });
      if (block.type === 'category-grid')
        block.categoryIds.forEach((id, k) => {
          if (!categoryIds.has(id))
            issues.push({
              file: pages.file,
              pointer: `/pages/${i}/blocks/${j}/categoryIds/${k}`,
              message: `category "${id}" is not in the catalogue`,
            });
        });
    }),
  );
  return issues;
}

/**
 * Coupons name existing products and categories, unique ids and codes, a window that ends after it starts; the
 * exchange coupon is for phones only.
 */
export function couponReferencesExist(
  coupons: Located<CouponsSnapshot>,
  productIds: ReadonlySet<string>,
  categoryIds: ReadonlySet<string>,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const ids = new Set<string>();
  const codes = new Set<string>();
  coupons.data.coupons.forEach((c, i) => {
    const at = (field: string, message: string) =>
      issues.push({ file: coupons.file, pointer: `/coupons/${i}/${field}`, message });
    if (ids.has(c.id)) at('id', `duplicate coupon id "${c.id}"`);
    if (codes.has(c.code)) at('code', `duplicate coupon code "${c.code}"`);
    ids.add(c.id);
    codes.add(c.code);
    if (Date.parse(c.endsAt) <= Date.parse(c.startsAt)) at('endsAt', 'must be after startsAt');
    c.products?.forEach(
      (id, k) => !productIds.has(id) && at(`products/${k}`, `product "${id}" is not in the catalogue`),
    );
    c.categories?.forEach(
      (id, k) => !categoryIds.has(id) && at(`categories/${k}`, `category "${id}" is not in the catalogue`),
    );
    if (c.kind === 'exchange' && (c.products || (c.categories ?? []).some((id) => id !== 'phones') || !c.categories))
      at('categories', 'an exchange coupon applies to phones only: categories must be ["phones"]');
  });
  return issues;
}

/** F-code campaigns name existing products, and a code belongs to one campaign only. */
export function fcodeReferencesExist(
  fcodes: Located<FcodesSnapshot>,
  productIds: ReadonlySet<string>,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const seen = new Set<string>();
  fcodes.data.campaigns.forEach((c, i) => {
    if (!productIds.has(c.productId))
      issues.push({
        file: fcodes.file,
        pointer: `/campaigns/${i}/productId`,
        message: `product "${c.productId}" is not in the catalogue`,
      });
    c.codes.forEach((code, k) => {
      if (seen.has(code))
        issues.push({
          file: fcodes.file,
          pointer: `/campaigns/${i}/codes/${k}`,
          message: `code "${code}" is in two campaigns`,
        });
      seen.add(code);
    });
  });
  return issues;
}

/**
 * Pre-sale campaigns name existing products sold in their country, their windows follow each other (deposit, then
 * final payment), and a product has one campaign per country.
 */
export function presaleCampaignsHold(
  presales: Located<PresalesSnapshot>,
  productIds: ReadonlySet<string>,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const seen = new Set<string>();
  presales.data.campaigns.forEach((c, i) => {
    const at = (field: string, message: string) =>
      issues.push({ file: presales.file, pointer: `/campaigns/${i}/${field}`, message });
    if (!productIds.has(c.productId)) at('productId', `product "${c.productId}" is not in the catalogue`);
    if (seen.has(`${c.local}:${c.productId}`))
      at('productId', `product "${c.productId}" already has a pre-sale in ${c.local}`);
    seen.add(`${c.local}:${c.productId}`);
    const [ds, de, fs, fe] = [c.depositStartsAt, c.depositEndsAt, c.finalStartsAt, c.finalEndsAt].map((d) =>
      Date.parse(d),
    );
    if (!(ds! < de!)) at('depositEndsAt', 'the deposit window must end after it starts');
    if (!(de! <= fs!)) at('finalStartsAt', 'the final payment window must start when the deposit window has ended');
    if (!(fs! < fe!)) at('finalEndsAt', 'the final payment window must end after it starts');
  });
  return issues;
}

/**
 * Trade-in programmes: one per country, in the country's currency; model, storage, question and answer ids unique;
 * every question keeps one answer that takes nothing off; the new phones are phones of the catalogue on sale in
 * that country; every question and answer has its English label in the catalogue.
 */
export function tradeInReferencesExist(
  tradeIn: Located<TradeInSnapshot>,
  products: Located<ProductsSnapshot>,
  currencies: Readonly<Record<string, string>>,
  english: Readonly<Record<string, string>>,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const at = (pointer: string, message: string) => issues.push({ file: tradeIn.file, pointer, message });
  const byId = new Map(products.data.products.map((p) => [p.id, p]));
  const checkLabels = Object.keys(english).length > 0;
  const seenCountries = new Set<string>();
  tradeIn.data.countries.forEach((country, c) => {
    const base = `/countries/${c}`;
    if (seenCountries.has(country.local)) at(`${base}/local`, `country "${country.local}" has two trade-in programmes`);
    seenCountries.add(country.local);
    const currency = currencies[country.local];
    if (!currency) at(`${base}/local`, `"${country.local}" is not a storefront country`);
    else if (currency !== country.currency)
      at(
        `${base}/currency`,
        `currency must be ${currency} (the currency of "${country.local}"), got "${country.currency}"`,
      );
    const models = new Set<string>();
    country.models.forEach((model, m) => {
      if (models.has(model.id)) at(`${base}/models/${m}/id`, `model "${model.id}" is listed twice`);
      models.add(model.id);
      const storages = new Set<string>();
      model.storages.forEach((s, k) => {
        if (storages.has(s.storage))
          at(`${base}/models/${m}/storages/${k}/storage`, `storage "${s.storage}" is listed twice for "${model.id}"`);
        storages.add(s.storage);
      });
    });
    const questions = new Set<string>();
    country.questions.forEach((question, q) => {
      if (questions.has(question.id)) at(`${base}/questions/${q}/id`, `question "${question.id}" is asked twice`);
      questions.add(question.id);
      if (checkLabels && !english[`tradeIn.question.${question.id}`])
        at(`${base}/questions/${q}/id`, `the English catalogue has no label "tradeIn.question.${question.id}"`);
      if (!question.options.some((o) => o.deductionPercent === 0 && !o.notEligible))
        at(`${base}/questions/${q}/options`, `question "${question.id}" has no answer that keeps the full value`);
      const options = new Set<string>();
      question.options.forEach((option, o) => {
        if (options.has(option.id))
          at(`${base}/questions/${q}/options/${o}/id`, `answer "${option.id}" is listed twice`);
        options.add(option.id);
        const key = `tradeIn.answer.${question.id}.${option.id}`;
        if (checkLabels && !english[key])
          at(`${base}/questions/${q}/options/${o}/id`, `the English catalogue has no label "${key}"`);
      });
    });
    const phones = new Set<string>();
    country.phones.forEach((phone, i) => {
      const pointer = `${base}/phones/${i}/productId`;
      const product = byId.get(phone.productId);
      if (phones.has(phone.productId)) at(pointer, `phone "${phone.productId}" is listed twice`);
      phones.add(phone.productId);
      if (!product) at(pointer, `product "${phone.productId}" is not in the catalogue`);
      else if (product.category !== 'phones')
        at(pointer, `product "${phone.productId}" is not a phone (category "${product.category}")`);
      else if (!product.commodities.some((cm) => cm.offers?.[country.local]))
        at(pointer, `product "${phone.productId}" is not on sale in "${country.local}"`);
    });
  });
  return issues;
}

/** Page paths and English titles are unique over all page files (SEO needs unique titles). */
export function pagesUnique(pageFiles: readonly Located<PagesSnapshot>[]): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const paths = new Map<string, string>();
  const titles = new Map<string, string>();
  for (const { file, data } of pageFiles)
    data.pages.forEach((page, i) => {
      const here = `${file} /pages/${i}`;
      const samePath = paths.get(page.path);
      if (samePath)
        issues.push({ file, pointer: `/pages/${i}/path`, message: `path ${page.path} is already used at ${samePath}` });
      else paths.set(page.path, here);
      const sameTitle = titles.get(page.title.en);
      if (sameTitle)
        issues.push({
          file,
          pointer: `/pages/${i}/title/en`,
          message: `title "${page.title.en}" is already used at ${sameTitle}`,
        });
      else titles.set(page.title.en, here);
    });
  return issues;
}

/** Every storefront has a header-footer file, named after it and saying so. */
export function storefrontsHaveHeaderFooter(
  headerFooters: readonly Located<HeaderFooter>[],
  urlLocals: readonly string[],
  folder: string,
): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const present = new Set<string>();
  for (const { file, data } of headerFooters) {
    const expected = file
      .split('/')
      .pop()
      ?.replace(/\.json$/, '');
    if (data.urlLocal !== expected)
      issues.push({ file, pointer: '/urlLocal', message: `urlLocal "${data.urlLocal}" does not match the file name` });
    present.add(data.urlLocal);
  }
  for (const urlLocal of urlLocals)
    if (!present.has(urlLocal))
      issues.push({
        file: `${folder}/${urlLocal}.json`,
        pointer: '',
        message: `storefront ${urlLocal} has no header-footer snapshot`,
      });
  return issues;
}

/** Every catalogue the storefronts read exists. */
export function cataloguesExist(
  codes: readonly string[],
  present: ReadonlySet<string>,
  folder: string,
): SnapshotIssue[] {
  return codes
    .filter((code) => !present.has(code))
    .map((code) => ({ file: `${folder}/${code}/`, pointer: '', message: `UI catalogue ${code} is missing` }));
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function walkStrings(value: unknown, pointer: string, visit: (value: string, pointer: string) => void): void {
  if (typeof value === 'string') visit(value, pointer);
  else if (Array.isArray(value)) value.forEach((item, i) => walkStrings(item, `${pointer}/${i}`, visit));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) walkStrings(item, `${pointer}/${escapePointer(key)}`, visit);
}
