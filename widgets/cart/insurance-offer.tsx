import { t } from '../lib/strings';
import { price, type PriceDisplay } from '../lib/price';
import type { CartItem } from '../state/cart-api';

type Strings = Record<string, string> | undefined;

/**
 * The device insurance a cart line can have here: what it covers and its price per unit, with a checkbox that adds
 * the plan for every unit of the line (sites/insurance.json; the server prices it again at checkout).
 */
export function InsuranceOffer({
  item,
  strings: s,
  display,
  onChange,
}: {
  item: CartItem;
  strings: Strings;
  display: PriceDisplay | undefined;
  onChange: (insured: boolean) => void;
}) {
  const offer = item.insuranceOffer;
  if (!offer) return null;
  return (
    <label class="choice cart__insurance-offer" data-testid="cart-insurance-offer">
      <input
        type="checkbox"
        checked={offer.insured}
        disabled={item.isNotAvailable}
        onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
      />
      <span>
        <strong>{t(s, 'insurance.offer.add', { price: price(offer.price, display) })}</strong>{' '}
        {t(s, 'insurance.offer.cover', { count: offer.coverMonths })}{' '}
        {t(s, 'insurance.offer.claims', { count: offer.claimsPerYear })}
      </span>
    </label>
  );
}

/** The insurance item of an insured line: the plan for each unit, checked and bought with its device. */
export function InsuranceItem({
  item,
  device,
  strings: s,
  display,
  onRemove,
}: {
  item: CartItem;
  device: CartItem | undefined;
  strings: Strings;
  display: PriceDisplay | undefined;
  onRemove: () => void;
}) {
  return (
    <li class="cart__item cart__item--insurance" data-testid="cart-insurance-item">
      <span class="cart__insurance-name">
        {t(s, 'insurance.plan.forProduct', { product: device?.productName ?? item.productName })}
      </span>
      <span class="cart__price">{price(item.salePrice, display)}</span>
      <span class="cart__note">× {item.productNum}</span>
      <button type="button" onClick={onRemove}>
        {t(s, 'insurance.offer.remove')}
      </button>
    </li>
  );
}
