import { LOWEST_PRICE_WINDOW_DAYS } from '../../sites/lowest-price';
import { money } from './money';
import type { PriceDisplay } from './price';
import { t } from './strings';
import type { LowestOffer } from './lowest-prices';

/**
 * "Lowest price in the last 30 days: …" under a reduced price (EU and EEA storefronts): product pages, product cards
 * and cart lines. Nothing when the price is not reduced or the figure is not known yet.
 */
export function LowestPriceLine({
  offer,
  strings,
  display,
  tag = 'p',
  className = '',
}: {
  offer: LowestOffer | null | undefined;
  strings: Record<string, string> | undefined;
  display?: PriceDisplay | undefined;
  /** A span inside a line of text (the cart); a paragraph under a price line. */
  tag?: 'p' | 'span';
  className?: string;
}) {
  if (!offer?.reduced || offer.lowestPrice === null) return null;
  const Tag = tag;
  return (
    <Tag class={`price__lowest ${className}`.trim()} data-testid="lowest-price">
      {t(strings, 'price.lowest.lastDays', {
        count: LOWEST_PRICE_WINDOW_DAYS,
        price: money(offer.lowestPrice, offer.exponent, display),
      })}
    </Tag>
  );
}
