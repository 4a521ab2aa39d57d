/**
 * One static page per flash sale of the storefront's country (/flash-sale/{saleId}/), from the flash-sales snapshot;
 * none while the snapshot is absent. The page carries the sale's product, versions, price and window; the state of
 * now (countdown, live, sold out, ended) is the flash-sale island's, read from the server's clock and the API, so a
 * sale moves through its states without a rebuild.
 */
import { commerceRules } from '../../../sites/commerce';
import { currencyExponent, toMinor } from '../../../region-config/money';
import { hostFor } from '../../../sites';
import type { FlashSaleCampaign } from '../../../content/schemas/flash-sales.schema';
import { formatPrice } from '../../../region-config';
import type { FlashSaleBanner, FlashSaleData } from '../../../src/template-data';
import { flashSalePath, flashSalesOf } from '../flash-sales';
import { productView } from '../catalogue-views';
import { breadcrumbs, type PageEmitter, type StorefrontBuild } from '../storefront-build';

/** The sale whose banner a product page shows: the latest to start among this country's sales of the product. */
export function flashSaleBannerOf(build: StorefrontBuild, productId: string): FlashSaleBanner | undefined {
  const sale = flashSalesOf(build.content.flashSales, build.scope.local)
    .filter((c) => c.productId === productId)
    .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt))[0];
  if (!sale) return undefined;
  const currency = commerceRules(build.scope.local).currency;
  return {
    href: `${build.context.home}${flashSalePath(sale.id).slice(1)}`,
    salePrice: toMinor(sale.salePrice, currency),
    exponent: currencyExponent(currency),
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
  const currency = commerceRules(build.scope.local).currency;
  return {
    saleId: sale.id,
    productName: view.name,
    productHref: `${build.context.home}product/${product.id}/`,
    ...(product.image ? { image: product.image } : {}),
    commodities,
    // The snapshot's prices are major units, like the catalogue's; the page and the island count minor units.
    salePrice: toMinor(sale.salePrice, currency),
    exponent: currencyExponent(currency),
    startsAt: sale.startsAt,
    endsAt: sale.endsAt,
    units: sale.units,
    perAccountLimit: sale.perAccountLimit ?? 1,
    // The seckill host family, which a deployment scales apart; the storefront's API base in the embedded default.
    seckillApi: hostFor(build.storefront.urlLocal, 'seckill'),
  };
}

export function emitFlashSalePages(build: StorefrontBuild, pages: PageEmitter): void {
  for (const sale of flashSalesOf(build.content.flashSales, build.scope.local)) {
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
      // The apps remind their shoppers of a sale and open its page in the webview.
      app: true,
    });
  }
}
