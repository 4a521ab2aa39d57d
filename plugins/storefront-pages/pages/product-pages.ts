/** Product pages: /product/{id}, /product/{id}/buy, /item/{commodityId}, /product/bundle/{id}. */
import type { Product } from '../../../content/schemas/products.schema';
import type { ProductData } from '../../../src/template-data';
import { isOffered, productCard, productView } from '../catalogue-views';
import { joinSentences, productJsonLd } from '../seo';
import { productOffers } from '../product-offers';
import { absoluteUrl } from '../site-url';
import { groupBy } from '../group-by';
import { breadcrumbs, type PageEmitter, type StorefrontBuild } from '../storefront-build';
import { reviewsByProduct } from '../product-reviews';
import { flashSaleBannerOf } from './flash-sale-pages';

const RELATED_COUNT = 4;

/**
 * Up to four other products a shopper of `product` looks at: same category first, then accessories, each in
 * catalogue order, among the products this country sells. The offered products are grouped once per storefront:
 * scanning the catalogue for each product grew with its square (at 2,000 products, 9 of the 14 s the page
 * builders of six storefronts took).
 */
export function relatedProducts(products: readonly Product[], local: string): (product: Product) => Product[] {
  const byCategory = groupBy(
    products.filter((p) => isOffered(p, local)),
    (p) => p.category,
  );
  return (product) => {
    const picked: Product[] = [];
    for (const category of [product.category, 'accessories'] satisfies Product['category'][]) {
      for (const p of byCategory.get(category) ?? []) {
        if (picked.length === RELATED_COUNT) return picked;
        if (p.id !== product.id && !picked.includes(p)) picked.push(p);
      }
    }
    return picked;
  };
}

export function emitProductPages(build: StorefrontBuild, pages: PageEmitter): void {
  const listTitle = build.t('productList.title');
  const related = relatedProducts(build.content.products, build.scope.local);
  const reviewsOf = reviewsByProduct(build.content.reviews ?? [], build.scope.local);
  for (const product of build.content.products) {
    const view = productView(product, build.scope);
    const offered = isOffered(product, build.scope.local);
    const relatedCards = related(product).map((p) => productCard(p, build.scope));
    const category = build.content.categories.find((c) => c.id === product.category);
    const categoryName = category
      ? ((category.name as Record<string, string>)[build.scope.i18n] ?? category.name.en)
      : product.category;
    const detailPath = `/product/${product.id}/`;
    const trail = breadcrumbs(
      build,
      [listTitle, '/product-list/'],
      [categoryName, category?.path ?? '/product-list/'],
      [product.name, detailPath],
    );
    const reviews = reviewsOf(product.id);
    const jsonLd = offered
      ? [productJsonLd(view, build.context, absoluteUrl(`/${build.context.urlLocal}${detailPath}`), reviews)]
      : [];
    const firstId = view.commodities[0]?.commodityId ?? '';
    const flashSale = offered ? flashSaleBannerOf(build, product.id) : undefined;
    const common = {
      template: 'product' as const,
      image: product.image,
      imageAlt: product.name,
      ogType: 'product' as const,
    };
    const data = (mode: ProductData['mode'], selectedCommodityId = firstId): ProductData => ({
      mode,
      product: view,
      selectedCommodityId,
      related: relatedCards,
      offers: productOffers(
        build.content,
        product,
        build.scope.local,
        view.commodities.find((c) => c.commodityId === selectedCommodityId)?.salePrice ?? null,
      ),
      reviews,
      ...(flashSale ? { flashSale } : {}),
    });

    pages.emit<ProductData>({
      ...common,
      relativePath: detailPath,
      routeId: 'product',
      title: `${product.name} | ${view.tagline}`,
      // Name, tagline and the overview, all in the storefront's language; metaDescription() cuts it to 160 characters.
      description: joinSentences(`${product.name}: ${view.tagline}`, view.description),
      breadcrumbs: trail,
      data: data('detail'),
      jsonLd,
      app: true,
      noindex: !offered,
    });
    // A product this country does not sell keeps only its detail page (noindex, "not available", no Offer) for old
    // links; its purchase entries and variant pages would be aliases of a noindex page, so they are not built.
    if (!offered) continue;
    pages.emit<ProductData>({
      ...common,
      relativePath: `/product/${product.id}/buy/`,
      routeId: 'product-buy-tag',
      title: `${product.name} – ${build.t('product.buy')}`,
      description: joinSentences(`${product.name} – ${build.t('product.buy')}: ${view.tagline}`),
      breadcrumbs: trail,
      data: data('buy'),
      canonicalRelativePath: detailPath,
      app: true,
    });
    for (const commodity of view.commodities) {
      const variant = `${product.name} ${commodity.firstSpecValue} ${commodity.secondSpecValue}`;
      pages.emit<ProductData>({
        ...common,
        relativePath: `/item/${commodity.commodityId}/`,
        routeId: 'item',
        title: variant,
        description: joinSentences(`${variant}: ${view.tagline}`),
        breadcrumbs: trail,
        data: data('item', commodity.commodityId),
        canonicalRelativePath: detailPath,
      });
    }
    if (offered && (product.category === 'phones' || product.category === 'tablets')) {
      pages.emit<ProductData>({
        ...common,
        relativePath: `/product/bundle/${product.id}/`,
        routeId: 'product-bundle-item',
        title: `${product.name} – ${build.t('product.bundle')}`,
        description: joinSentences(`${product.name} – ${build.t('product.bundle')}: ${view.tagline}`),
        breadcrumbs: trail,
        data: data('bundle'),
        noindex: true,
        app: true,
      });
    }
  }
}
