import { t } from './strings';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { Amounts, LineProblem, OrderLine } from '../request/orders-api';
import { money } from './money';
import { fixedImage } from '../../sites/image-renditions';

/** The catalogue key of each reason a line cannot be ordered. */
const PROBLEMS = {
  not_on_sale: 'checkout.problem.notOnSale',
  out_of_stock: 'checkout.problem.outOfStock',
  not_enough_stock: 'checkout.problem.notEnoughStock',
  limit: 'checkout.problem.limit',
  fcode: 'checkout.problem.fcode',
} as const satisfies Record<LineProblem, string>;

type Strings = Record<string, string> | undefined;

/** The lines of an order or checkout; a line that cannot be ordered is flagged with its reason, never dropped. */
export function OrderLines({
  lines,
  amounts,
  strings: s,
  display,
}: {
  lines: OrderLine[];
  amounts: Amounts;
  strings: Strings;
  display?: PriceDisplay;
}) {
  return (
    <ul class="order-lines" data-testid="order-lines">
      {lines.map((line) => (
        <li
          key={line.commodityId}
          class={`order-line${line.problem ? ' is-blocked' : ''}`}
          data-commodity={line.commodityId}
        >
          <img {...fixedImage(line.image, 64)} alt="" width={64} height={64} loading="lazy" />
          <span class="order-line__name">
            {line.name}
            {line.spec ? <small> · {line.spec}</small> : null}
            {line.preOrder ? <strong class="tag tag--pre-order"> {t(s, 'checkout.preOrder')}</strong> : null}
          </span>
          <span class="order-line__qty">× {line.quantity}</span>
          <span class="order-line__price">{money(line.subtotal, amounts.exponent, display)}</span>
          {line.previousUnitPrice !== undefined ? (
            <small class="order-line__price-changed" role="note" data-testid="order-line-price-changed">
              {t(s, 'cart.priceChanged.line', {
                old: money(line.previousUnitPrice, amounts.exponent, display),
                new: money(line.unitPrice, amounts.exponent, display),
              })}
            </small>
          ) : null}
          {line.problem ? (
            <strong class="order-line__problem" role="note">
              {t(s, PROBLEMS[line.problem], { count: line.stock ?? 0 })}
            </strong>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Items, discount (or a pre-order's deposit already paid), shipping, VAT/GST (included or added, as the country's
 * prices work), net amount and total; then what gift cards pay and what is left to pay.
 */
export function OrderAmounts({
  amounts: a,
  strings: s,
  display,
  depositCredit = 0,
  giftCardAmount = 0,
  amountDue,
}: {
  amounts: Amounts;
  strings: Strings;
  display?: PriceDisplay | undefined;
  depositCredit?: number;
  giftCardAmount?: number;
  amountDue?: number;
}) {
  const m = (minor: number) => money(minor, a.exponent, display);
  const rate = `${a.taxRateBp / 100}%`;
  return (
    <dl class="order-amounts" data-testid="order-amounts">
      <dt>{t(s, 'checkout.itemsTotal')}</dt>
      <dd>{m(a.itemsTotal)}</dd>
      {a.discount > 0 ? (
        <>
          <dt>{t(s, 'checkout.discount')}</dt>
          <dd>−{m(a.discount)}</dd>
        </>
      ) : null}
      {depositCredit > 0 ? (
        <>
          <dt>{t(s, 'presale.depositPaid')}</dt>
          <dd>−{m(depositCredit)}</dd>
        </>
      ) : null}
      <dt>{t(s, 'checkout.shipping')}</dt>
      <dd>{a.shippingFee === 0 ? t(s, 'checkout.free') : m(a.shippingFee)}</dd>
      {a.taxRateBp > 0 ? (
        <>
          <dt>{a.taxInclusive ? t(s, 'checkout.taxIncluded', { rate }) : t(s, 'checkout.taxAdded', { rate })}</dt>
          <dd>{m(a.tax)}</dd>
          <dt>{t(s, 'checkout.net')}</dt>
          <dd>{m(a.netAmount)}</dd>
        </>
      ) : null}
      <dt class="order-amounts__total">{t(s, 'checkout.total')}</dt>
      <dd class="order-amounts__total" data-testid="order-total">
        {m(a.total)}
      </dd>
      {giftCardAmount > 0 ? (
        <>
          <dt>{t(s, 'giftCard.paid')}</dt>
          <dd data-testid="order-gift-cards">−{m(giftCardAmount)}</dd>
          <dt class="order-amounts__total">{t(s, 'giftCard.due')}</dt>
          <dd class="order-amounts__total" data-testid="order-due">
            {m(amountDue ?? a.total - giftCardAmount)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
