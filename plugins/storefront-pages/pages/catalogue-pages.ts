/** Catalogue and search pages: lists by category, search, compare. */
import { localize } from '../../../content/localize';
import type { Product } from '../../../content/schemas/products.schema';
import type { CompareData, ProductCard, ProductListData, SearchData } from '../../../src/template-data';
import { getSiteConfig } from '../../../sites';
import { isOffered, productCard } from '../catalogue-views';
import { COMPARE_MAX } from '../../../sites/compare';
import type { FixedRoute } from '../route-table';
import { breadcrumbs, type PageEmitter, type StorefrontBuild } from '../storefront-build';
import { soldToBusiness } from '../../../sites/business-pricing';
import { MODEL_NAME } from '../../../content/i18n/neutral-terms';

function offeredProducts(build: StorefrontBuild): Product[] {
  return build.content.products.filter((p) => isOffered(p, build.scope.local));
}

function categoryLinks(build: StorefrontBuild): ProductListData['categories'] {
  const home = build.context.home.slice(0, -1);
  return build.content.categories.map((c) => ({
    id: c.id,
    name: localize(c.name, build.scope.i18n),
    href: `${home}${c.path}`,
    subCategories: c.subcategories.map((s) => ({
      id: s.id,
      name: localize(s.name, build.scope.i18n),
      href: `${home}${s.path}`,
    })),
  }));
}

/** Products whose name, tagline, category or subcategory contains every word of the key. */
export function searchProducts(cards: ProductCard[], key: string): ProductCard[] {
  const words = key.toLowerCase().split(/\s+/).filter(Boolean);
  return cards.filter((card) => {
    const haystack = `${card.name} ${card.tagline} ${card.category} ${card.subCategory}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Search keys prerendered as /search/{key}/: the series names shoppers type most (Xiaomi, Redmi, POCO). */
export function popularSearchKeys(products: Product[]): string[] {
  const series = products.filter((p) => MODEL_NAME.test(p.name)).map((p) => p.name.split(' ')[0]?.toLowerCase() ?? '');
  return [...new Set(series)].slice(0, 8);
}

export function emitCatalogueLists(build: StorefrontBuild, pages: PageEmitter, routes: Map<string, FixedRoute>): void {
  const products = offeredProducts(build);
  const cards = products.map((p) => productCard(p, build.scope));
  const categories = categoryLinks(build);
  const route = (id: string) => routes.get(id);
  const listTitle = build.t('productList.title');

  const allList = route('product-list');
  // The category lists follow the list of all products into the apps' webviews (or not).
  const listsInApp = allList?.app ?? false;
  if (allList) {
    pages.emit<ProductListData>({
      relativePath: '/product-list/',
      template: 'product-list',
      routeId: allList.id,
      title: build.t('page.product-list.title'),
      description: build.t('page.product-list.description'),
      breadcrumbs: breadcrumbs(build, [listTitle, '/product-list/']),
      data: { title: listTitle, categories, products: cards },
      app: listsInApp,
    });
  }
  for (const category of build.content.categories) {
    const name = localize(category.name, build.scope.i18n);
    const inCategory = cards.filter((card) => card.category === category.id);
    pages.emit<ProductListData>({
      relativePath: category.path,
      template: 'product-list',
      routeId: 'product-list-category',
      // "<category> – All products": a CMS page may carry the bare category name as its title.
      title: `${name} – ${listTitle}`,
      description: build.t('productList.categoryDescription', { category: name }),
      breadcrumbs: breadcrumbs(build, [listTitle, '/product-list/'], [name, category.path]),
      data: { title: name, category: { id: category.id, name }, categories, products: inCategory },
      app: listsInApp,
    });
    for (const sub of category.subcategories) {
      const subName = localize(sub.name, build.scope.i18n);
      pages.emit<ProductListData>({
        relativePath: sub.path,
        template: 'product-list',
        routeId: 'product-list-subcategory',
        title: `${subName} | ${name}`,
        description: build.t('productList.categoryDescription', { category: `${subName} (${name})` }),
        breadcrumbs: breadcrumbs(build, [listTitle, '/product-list/'], [name, category.path], [subName, sub.path]),
        data: {
          title: subName,
          category: { id: category.id, name },
          subCategory: { id: sub.id, name: subName },
          categories,
          products: inCategory.filter((c) => c.subCategory === sub.id),
        },
        app: listsInApp,
      });
    }
  }
  // Other lists of the route table: every item, the buy entry, bundles and refurbished phones.
  const lists: [string, (card: ProductCard) => boolean][] = [
    ['item', () => true],
    ['product-buy', () => true],
    ['product-bundle', (card) => card.category === 'phones' || card.category === 'tablets'],
    ['buy-refurbished', (card) => card.category === 'refurbished'],
  ];
  for (const [id, keep] of lists) {
    const fixed = route(id);
    if (!fixed) continue;
    const title = build.t(`page.${id}.title`);
    pages.emit<ProductListData>({
      relativePath: `${fixed.path}/`,
      template: 'product-list',
      routeId: id,
      title,
      description: build.t(`page.${id}.description`),
      breadcrumbs: breadcrumbs(build, [title, `${fixed.path}/`]),
      data: { title, categories, products: cards.filter(keep) },
      app: fixed.app ?? false,
      ...(fixed.canonicalOf ? { canonicalRelativePath: `${fixed.canonicalOf}/` } : {}),
    });
  }

  const searchTypes = getSiteConfig(build.scope.local).searchTypes;
  for (const [id, business] of [
    ['search', false],
    ['business-search', true],
  ] as const) {
    const fixed = route(id);
    if (!fixed) continue;
    const title = build.t(`page.${id}.title`);
    const base = `${fixed.path}/`;
    pages.emit<SearchData>({
      relativePath: base,
      template: 'search',
      routeId: id,
      title,
      description: build.t(`page.${id}.description`),
      breadcrumbs: breadcrumbs(build, [title, base]),
      data: {
        key: '',
        business,
        searchTypes: [...searchTypes],
        products: business ? cards.filter((card) => soldToBusiness(card.category)) : cards,
      },
      app: fixed.app ?? false,
      ...(fixed.clientRoutes ? { clientRoutes: fixed.clientRoutes } : {}),
    });
    if (business) continue;
    for (const key of popularSearchKeys(products)) {
      pages.emit<SearchData>({
        relativePath: `${base}${encodeURIComponent(key)}/`,
        template: 'search',
        routeId: 'search-key',
        title: build.t('search.resultsFor', { query: key }),
        description: `${title}: ${key}`,
        breadcrumbs: breadcrumbs(build, [title, base], [key, `${base}${key}/`]),
        data: { key, business, searchTypes: [...searchTypes], products: searchProducts(cards, key) },
        noindex: true,
        app: fixed.app ?? false,
      });
    }
  }

  const compare = route('compare');
  if (compare) {
    // What can be compared: products on sale here, by category; the island reads the choice (?ids=) and asks the API.
    const title = build.t('page.compare.title');
    const offeredCategories = new Set<string>(products.map((p) => p.category));
    pages.emit<CompareData>({
      relativePath: '/compare/',
      template: 'compare',
      routeId: 'compare',
      title,
      description: build.t('page.compare.description'),
      breadcrumbs: breadcrumbs(build, [title, '/compare/']),
      data: {
        categories: categories.filter((c) => offeredCategories.has(c.id)).map((c) => ({ id: c.id, name: c.name })),
        candidates: products.map((p) => ({ id: p.id, name: p.name, category: p.category })),
        max: COMPARE_MAX,
      },
      app: compare.app ?? false,
    });
  }
}
