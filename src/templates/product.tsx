import { formatPrice } from '../../region-config';
import { fluidImage } from '../../sites/image-renditions';
import type { PageContext } from '../page-context';
import type { CommodityView, ProductData } from '../template-data';
import { BundleLabelDetails, EnergyLabelView, hasEnergyLabel } from '../components/energy-label';
import { Layout } from '../components/layout';
import { PriceLine } from '../components/price-line';
import { ProductOffers } from '../components/product-offers';
import { ProductGrid } from '../components/product-card';
import { ProductReviewsSection } from '../components/product-reviews';
import { ShareHost } from '../components/share-host';
import { SpecGrid } from '../components/spec-grid';
import { AddToCartPlaceholder } from '../components/add-to-cart-placeholder';
import type { TemplateProps } from '../components/template-props';
import type { Translate } from '../components/translate';
import { useTranslate } from '../components/use-translate';
import { WidgetHost } from '../components/widget-host';

/** The availability line; nothing when the commodity can be bought (the price and buy button say so). */
function availability(commodity: CommodityView | undefined, t: Translate): string | null {
  if (!commodity || commodity.salePrice === null) return t('product.notAvailable');
  return commodity.stock > 0 ? null : t('product.outOfStock');
}

/** Products shown under a product, whether this country sells it or not. */
function RelatedProducts({ pageContext, t }: { pageContext: PageContext<ProductData>; t: Translate }) {
  const { data, storefront } = pageContext;
  if (data.related.length === 0) return null;
  return (
    <section className="product__section" aria-labelledby="product-related">
      <h2 id="product-related">{t('search.suggestions')}</h2>
      <ProductGrid products={data.related} storefront={storefront} t={t} headingLevel={3} />
    </section>
  );
}

/** The gallery is the page's one column on phones and half the content column (at most 1440 px) from 1025 px. */
const GALLERY_WIDTH = '(min-width: 1440px) 688px, (min-width: 1025px) 50vw, 100vw';

/**
 * A product this country does not sell: its page is noindex and says so plainly, with no price, no
 * versions (their /item/ pages are not built here), no Offer and no buy button.
 */
function NotSoldHere({ pageContext, t }: { pageContext: PageContext<ProductData>; t: Translate }) {
  const { data, storefront } = pageContext;
  const { product } = data;
  return (
    <Layout pageContext={pageContext} t={t}>
      <article className="product">
        <div className="product__gallery">
          <img {...fluidImage(product.image, GALLERY_WIDTH)} alt={product.name} width={600} height={600} />
        </div>
        <div className="product__info">
          <h1 className="page-title">{product.name}</h1>
          {product.tagline && <p className="lead">{product.tagline}</p>}
          <p className="product__stock" role="status">
            {t('product.notSoldInCountry')}
          </p>
          <p>
            <a className="button" href={`${storefront.home}product-list/`}>
              {t('productList.title')}
            </a>
          </p>
        </div>
      </article>
      <RelatedProducts pageContext={pageContext} t={t} />
    </Layout>
  );
}

/** /product/{id}, /product/{tag}/buy, /item/{commodityId}, /product/bundle/{itemId}. */
export default function ProductTemplate({ pageContext }: TemplateProps<ProductData>) {
  const t = useTranslate();
  const { data, storefront, seo } = pageContext;
  const { product } = data;
  if (!product.commodities.some((c) => c.salePrice !== null)) return <NotSoldHere pageContext={pageContext} t={t} />;
  const selected =
    product.commodities.find((c) => c.commodityId === data.selectedCommodityId) ?? product.commodities[0];
  const itemHref = (commodityId: string) => `${storefront.home}item/${commodityId}/`;
  const stockText = availability(selected, t);
  const hasLabels = hasEnergyLabel(product.energyInfo) || (product.bundleLabels?.length ?? 0) > 0;
  return (
    <Layout pageContext={pageContext} t={t}>
      <article className="product">
        <div className="product__gallery">
          <img
            {...fluidImage(product.image, GALLERY_WIDTH)}
            alt={product.name}
            width={600}
            height={600}
            {...{ fetchpriority: 'high' }}
          />
        </div>
        <div className="product__info">
          {product.tag && <span className={`tag tag--${product.tag.subtype}`}>{product.tag.text}</span>}
          <h1 className="page-title">{product.name}</h1>
          {product.tagline && <p className="lead">{product.tagline}</p>}
          {product.refurbished && (
            <p className="product__refurbished">
              {t('product.refurbishedGrade', { grade: product.refurbished.grade })} ·{' '}
              {t('product.warranty', { count: product.refurbished.warrantyMonths })}
            </p>
          )}
          {/* The add-to-cart island redraws this block when the shopper chooses another version. */}
          <div className="product__selection" data-product-selection="">
            {selected && (
              <PriceLine
                className="price--large"
                salePrice={selected.salePrice}
                originPrice={selected.marketPrice}
                salePriceIsEQ={selected.salePrice === selected.marketPrice}
                display={storefront.priceDisplay}
                isToC={storefront.isToC}
                t={t}
              />
            )}
            {stockText && <p className="product__stock">{stockText}</p>}
          </div>
          {product.specGrid.length > 0 && (
            <SpecGrid
              grid={product.specGrid}
              selectedCommodityId={selected?.commodityId ?? ''}
              itemHref={itemHref}
              t={t}
            />
          )}
          <EnergyLabelView label={product.energyInfo} t={t} />
          {storefront.isToC && data.flashSale ? (
            <p className="product__flash-sale" data-testid="flash-sale-banner">
              <a href={data.flashSale.href}>
                {t('flashSale.banner', {
                  price: formatPrice(data.flashSale.salePrice / 10 ** data.flashSale.exponent, storefront.priceDisplay),
                })}
              </a>
            </p>
          ) : null}
          {storefront.isToC && (
            <ProductOffers
              productId={product.id}
              offers={data.offers}
              storefront={storefront}
              display={storefront.priceDisplay}
              t={t}
            />
          )}
          <WidgetHost
            name="add-to-cart"
            load="visible"
            storefront={storefront}
            props={{
              productId: product.id,
              category: product.category,
              selectedCommodityId: selected?.commodityId ?? null,
              purchaseLimit: product.purchaseLimit,
              commodities: product.commodities,
              cartHref: `${storefront.home}cart/`,
              isToC: storefront.isToC,
              priceDisplay: storefront.priceDisplay,
            }}
          >
            <AddToCartPlaceholder
              productId={product.id}
              commodities={product.commodities}
              selectedCommodityId={selected?.commodityId ?? ''}
              display={storefront.priceDisplay}
              isToC={storefront.isToC}
              t={t}
            />
            <p className="product__nojs">
              <a className="button" href={`${storefront.home}cart/`}>
                {t('cart.title')}
              </a>
            </p>
          </WidgetHost>
          <ShareHost
            storefront={storefront}
            url={seo.canonical}
            title={product.name}
            image={seo.imageUrl}
            desc={product.tagline}
          />
        </div>
        <section className="product__section" aria-labelledby="product-overview">
          <h2 id="product-overview">{t('product.overview')}</h2>
          <p>{product.description}</p>
        </section>
        <section className="product__section" aria-labelledby="product-specs">
          <h2 id="product-specs">{t('product.specs')}</h2>
          <table className="table">
            <tbody>
              {product.specs.map((spec) => (
                <tr key={spec.label}>
                  <th scope="row">{spec.label}</th>
                  <td>{spec.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {hasLabels && (
          <section className="product__section" id="labels" aria-labelledby="product-labels">
            <h2 id="product-labels">{t('product.bundleLabels.title')}</h2>
            <EnergyLabelView label={product.energyInfo} t={t} />
            {product.bundleLabels && <BundleLabelDetails labels={product.bundleLabels} t={t} />}
          </section>
        )}
        {data.reviews && (
          <ProductReviewsSection
            reviews={data.reviews}
            productId={product.id}
            productName={product.name}
            storefront={storefront}
            t={t}
          />
        )}
      </article>
      <RelatedProducts pageContext={pageContext} t={t} />
    </Layout>
  );
}
