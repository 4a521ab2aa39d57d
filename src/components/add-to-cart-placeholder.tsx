import { formatPrice, type PriceDisplay } from '../../region-config';
import type { CommodityView } from '../template-data';
import type { Translate } from './translate';

export interface AddToCartPlaceholderProps {
  productId: string;
  commodities: CommodityView[];
  selectedCommodityId: string;
  display: PriceDisplay;
  isToC: boolean;
  t: Translate;
}

/**
 * What the add-to-cart island (widgets/add-to-cart) draws, drawn by the build with its classes and rows, so the
 * box the island mounts into already has its size: mounting on a desktop product page, above the fold, moved
 * the page by 0.04 of the screen. Inert until the island takes over; with scripting off the static spec grid
 * (links to each version's page) is shown instead (widgets.css).
 */
export function AddToCartPlaceholder({
  productId,
  commodities,
  selectedCommodityId,
  display,
  isToC,
  t,
}: AddToCartPlaceholderProps) {
  const buyable = commodities.filter((c) => c.salePrice !== null);
  if (buyable.length === 0)
    return <p className="add-to-cart__unavailable add-to-cart--placeholder">{t('product.notAvailable')}</p>;
  return (
    <div className="add-to-cart add-to-cart--placeholder" aria-hidden="true">
      <fieldset className="add-to-cart__options" disabled>
        <legend>{t('product.chooseVariant')}</legend>
        {commodities.map((c) => {
          const out = c.stock <= 0 || c.salePrice === null;
          return (
            <label key={c.commodityId} className={`add-to-cart__option${out ? ' is-out' : ''}`}>
              <input
                type="radio"
                name={`placeholder-${productId}`}
                defaultChecked={c.commodityId === selectedCommodityId}
                tabIndex={-1}
              />
              <span>{[c.firstSpecValue, c.secondSpecValue].filter(Boolean).join(' · ')}</span>
              {isToC && c.salePrice !== null && (
                <span className="add-to-cart__price">{formatPrice(c.salePrice, display)}</span>
              )}
              {out && <span className="add-to-cart__stock">{t('product.outOfStock')}</span>}
            </label>
          );
        })}
      </fieldset>
      <label className="add-to-cart__qty">
        {t('product.quantity')}
        <input type="number" defaultValue={1} disabled tabIndex={-1} />
      </label>
      <button type="button" className="add-to-cart__button" disabled tabIndex={-1}>
        {t('product.addToCart')}
      </button>
      <p className="add-to-cart__status" />
    </div>
  );
}
