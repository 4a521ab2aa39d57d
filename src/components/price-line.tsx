import { formatPrice } from '../../region-config';
import type { PriceDisplay } from '../../region-config';
import type { Translate } from './translate';

export interface PriceLineProps {
  salePrice: number | null;
  originPrice: number | null;
  /** When sale and original price are equal only one price is shown. */
  salePriceIsEQ: boolean;
  display: PriceDisplay;
  /** Prices are shown only on consumer (isToC) storefronts. */
  isToC: boolean;
  /** Blind price (`???`), for offers whose price is announced later. */
  blind?: boolean;
  t: Translate;
  className?: string;
}

/**
 * The price line of cards and product pages: sale price, then the original price struck through. Each price
 * carries a visually hidden label because a strike-through alone says nothing to a screen reader.
 */
export function PriceLine({
  salePrice,
  originPrice,
  salePriceIsEQ,
  display,
  isToC,
  blind = false,
  t,
  className,
}: PriceLineProps) {
  if (!isToC || salePrice === null) return null;
  const showOrigin = !salePriceIsEQ && originPrice !== null && originPrice !== salePrice;
  return (
    <p className={className ? `price ${className}` : 'price'}>
      <span className="price__sale">
        {showOrigin && <span className="visually-hidden">{t('product.salePrice')} </span>}
        {formatPrice(salePrice, display, { blind })}
      </span>
      {showOrigin && (
        <>
          {' '}
          <del className="price__origin">
            <span className="visually-hidden">{t('product.originalPrice')} </span>
            {formatPrice(originPrice, display, { blind })}
          </del>
        </>
      )}
    </p>
  );
}
