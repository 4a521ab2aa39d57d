import type { NavProduct } from '../../../content/schemas/header-footer.schema';
import type { StorefrontContext } from '../../page-context';
import { EnergyLabelView } from '../../components/energy-label';
import { PanelImage } from '../../components/panel-image';
import { PriceLine } from '../../components/price-line';
import { SmartLink } from '../../components/smart-link';
import type { Translate } from '../../components/translate';
import { WidgetHost } from '../../components/widget-host';
import { showsLowestPrice } from '../../../sites/lowest-price';

export interface NavProductCardProps {
  product: NavProduct;
  storefront: Pick<StorefrontContext, 'isToC' | 'priceDisplay' | 'local' | 'urlLocal' | 'api'>;
  t: Translate;
}

/** A mega-menu / slide-menu product card: image, name, new tag, energy label and price. */
export function NavProductCard({ product, storefront, t }: NavProductCardProps) {
  return (
    <div className="nav-card">
      <SmartLink className="nav-card__link" href={product.gotoUrl}>
        <PanelImage className="nav-card__image" src={product.imgUrl} width={120} height={120} />
        <span className="nav-card__name">{product.name}</span>
      </SmartLink>
      {product.tag && <span className={`tag tag--${product.tag.subtype}`}>{product.tag.text}</span>}
      <EnergyLabelView label={product.energyInfo} t={t} />
      <PriceLine
        className="nav-card__price"
        salePrice={product.salePrice}
        originPrice={product.originPrice}
        salePriceIsEQ={product.salePriceIsEQ}
        display={storefront.priceDisplay}
        isToC={storefront.isToC}
        t={t}
      />
      {/* EU and EEA: the lowest price of the last 30 days of its cheapest version, when the panel opens. */}
      {storefront.isToC && showsLowestPrice(storefront.local) && (
        <WidgetHost
          name="lowest-price"
          load="visible"
          storefront={storefront}
          props={{ commodityId: product.itemId }}
        />
      )}
    </div>
  );
}
