import type { StorefrontContext } from '../page-context';
import type { ProductCard as ProductCardData } from '../template-data';
import { fixedImage } from '../../sites/image-renditions';
import { BundleLabels, EnergyLabelView } from './energy-label';
import { showsLowestPrice } from '../../sites/lowest-price';
import { PriceLine } from './price-line';
import type { Translate } from './translate';
import { WidgetHost } from './widget-host';

export interface ProductCardProps {
  product: ProductCardData;
  storefront: Pick<StorefrontContext, 'isToC' | 'priceDisplay' | 'local' | 'urlLocal' | 'api'>;
  t: Translate;
  /** Keeps the page's heading order: h2 on flat lists, h3 inside a titled section. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * A product tile: image and name as one link, marketing tag, tagline, price line, stock and labels. Analytics counts
 * the tile seen (data-track-exposure) and its link followed (data-track), both by the product's id.
 */
export function ProductCard({ product, storefront, t, headingLevel = 3 }: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  const tracked = `product:${product.id}`;
  return (
    <article className="card" data-track-exposure={tracked}>
      {/* The name is in the link, so the image is decorative here (alt="") and not read twice. */}
      <img
        className="card__image"
        {...fixedImage(product.image, 240)}
        alt=""
        width={240}
        height={240}
        loading="lazy"
        decoding="async"
      />
      <Heading className="card__name">
        <a href={product.href} data-track={tracked}>
          {product.name}
        </a>
      </Heading>
      {product.tag && <span className={`tag tag--${product.tag.subtype}`}>{product.tag.text}</span>}
      {product.tagline && <p className="card__tagline">{product.tagline}</p>}
      <PriceLine
        salePrice={product.salePrice}
        originPrice={product.originPrice}
        salePriceIsEQ={product.salePriceIsEQ}
        display={storefront.priceDisplay}
        isToC={storefront.isToC}
        t={t}
      />
      {/* EU and EEA: the lowest price of the last 30 days when the price is reduced, known only after its publish. */}
      {storefront.isToC && product.salePrice !== null && product.commodityId && showsLowestPrice(storefront.local) && (
        <WidgetHost
          name="lowest-price"
          load="visible"
          storefront={storefront}
          props={{ commodityId: product.commodityId }}
        />
      )}
      {product.salePrice === null ? (
        <p className="card__stock">{t('product.notAvailable')}</p>
      ) : (
        !product.inStock && <p className="card__stock">{t('product.outOfStock')}</p>
      )}
      <EnergyLabelView label={product.energyInfo} t={t} />
      <BundleLabels labels={product.bundleLabels} moreHref={`${product.href}#labels`} t={t} />
    </article>
  );
}

export interface ProductGridProps extends Omit<ProductCardProps, 'product'> {
  products: ProductCardData[];
}

/** Cards as a list, so screen readers announce how many there are. */
export function ProductGrid({ products, ...rest }: ProductGridProps) {
  return (
    <ul className="grid" role="list">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} {...rest} />
        </li>
      ))}
    </ul>
  );
}
