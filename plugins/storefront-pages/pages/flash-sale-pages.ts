/**
 * One static page per flash sale of the storefront's country (/flash-sale/{saleId}/), from the flash-sales snapshot;
 * none while the snapshot is absent. The page carries the sale's product, versions, price and window; the state of
 * now (countdown, live, sold out, ended) is the flash-sale island's, read from the server's clock and the API, so a
 * sale moves through its states without a rebuild.
 */
import { commerceRules } from '../../../sites/commerce';
import { currencyExponent } from '../../../region-config/money';
import { formatPrice } from '../../../region-config';
import type { FlashSaleBanner, FlashSaleData } from '../../../src/template-data';
import { flashSaleCampaigns, flashSalePath, flashSalesOf, type FlashSaleCampaign } from '../flash-sales';
import { productView } from '../catalogue-views';
import { breadcrumbs, type PageEmitter, type StorefrontBuild } from '../storefront-build';

/** The sale whose banner a product page shows: the latest to start among this country's sales of the product. */
export function flashSaleBannerOf(build: StorefrontBuild, productId: string): FlashSaleBanner | undefined {
  const sale = flashSalesOf(flashSaleCampaigns(), build.scope.local)
    .filter((c) => c.productId === productId)
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt))[0];
  if (!sale) return undefined;
  return {
    href: `${build.context.home}${flashSalePath(sale.id).slice(1)}`,
    salePrice: sale.salePrice,
    exponent: currencyExponent(commerceRules(build.scope.local).currency),
    startsAt: sale.startsAt,
  };
}

function pageData(build: StorefrontBuild, sale: FlashSaleCampaign): FlashSaleData | null {
  const product = build.content.products.find((p) => p.id === sale.productId);
  if (!product) return null;
  const view = productView(product, build.scope);
  const commodities = view.commodities
    .filter((c) => sale.commodityIds.length === 0 || sale.commodityIds.includes(c.commodityId))
    .map((c) => ({
      commodityId: c.commodityId,
      name: [c.firstSpecValue, c.secondSpecValue].filter(Boolean).join(' · '),
      regularPrice: c.salePrice,
    }));
  return {
    saleId: sale.id,
    productName: view.name,
    productHref: `${build.context.home}product/${product.id}/`,
    ...(product.image ? { image: product.image } : {}),
    commodities,
    salePrice: sale.salePrice,
    exponent: currencyExponent(commerceRules(build.scope.local).currency),
    startsAt: sale.startsAt,
    endsAt: sale.endsAt,
    units: sale.units,
    perAccountLimit: sale.perAccountLimit,
    // The seckill host family: the storefront's API base in the embedded default. At the merge this becomes
    // hostFor(urlLocal, 'seckill') once sites/site.schema.ts lists the family.
    seckillApi: build.context.api,
  };
}

export function emitFlashSalePages(build: StorefrontBuild, pages: PageEmitter): void {
  for (const sale of flashSalesOf(flashSaleCampaigns(), build.scope.local)) {
    const data = pageData(build, sale);
    if (!data) continue;
    const path = flashSalePath(sale.id);
    const title = build.t('flashSale.title', { product: data.productName });
    const price = formatPrice(data.salePrice / 10 ** data.exponent, build.context.priceDisplay);
    pages.emit<FlashSaleData>({
      relativePath: path,
      template: 'flash-sale',
      routeId: 'flash-sale',
      title,
      description: build.t('flashSale.description', { product: data.productName, price }),
      breadcrumbs: breadcrumbs(build, [data.productName, `/product/${sale.productId}/`], [title, path]),
      ...(data.image ? { image: data.image, imageAlt: data.productName } : {}),
      data,
    });
  }
}
