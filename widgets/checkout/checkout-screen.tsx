import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { money } from '../lib/money';
import { storePath } from '../lib/store-path';
import { useSubmit, untilTheNextPage } from '../lib/use-submit';
import { checkoutApi, type Quote } from '../request/orders-api';
import { AddressSection } from './address-section';
import { Agreements } from './agreements';
import { BusinessNotice, BusinessRefusal } from './business-notice';
import { useCheckout, type Checkout } from './checkout-state';
import { forgetCheckoutToken } from './checkout-token';
import { CouponSection } from './coupon-section';
import { DeliverySection } from './delivery-section';
import { GiftCardSection } from './gift-card-section';
import { InsuranceSection } from './insurance-section';
import { InvoiceSection } from './invoice-section';
import { PointsSection } from './points-section';
import { PresaleSection } from './presale-section';
import { SummarySection } from './summary-section';
import { TradeInChoice } from './trade-in-choice';
import { track } from '../lib/analytics';
import { purchaseEvent } from '../lib/analytics/events';

/** At most 10 gift cards per order (the server says so too). */
const MAX_GIFT_CARDS = 10;

type Props = HostProps<'checkout'>;

/**
 * Places the order and goes on to pay it; a refusal marks the fields at fault, and a changed line reads the quote
 * again.
 */
function usePlaceOrder(c: Checkout, s: Props['strings']) {
  return useSubmit((q: Quote) => checkoutApi.place(c.placeInput(q)).then((placed) => ({ placed, q })), {
    strings: s,
    error: c.message,
    onSuccess: ({ placed, q }) => {
      forgetCheckoutToken();
      // Gift cards paid the whole order as it was placed: the purchase is now (sent as the page is left).
      if (placed.state === 'paid') track(purchaseEvent(placed.orderId, q.amounts.total, q.amounts.currency));
      // Gift cards that paid it all leave nothing to charge, and an order in review cannot be paid yet: to the order.
      const next =
        placed.state === 'paid' || placed.state === 'in_review'
          ? `user/order/${placed.orderId}/`
          : q.business?.splitRequired
            ? `split-payment-details/${placed.orderId}/`
            : `buy/card-payment/?orderId=${placed.orderId}`;
      location.assign(storePath(next));
      return untilTheNextPage();
    },
    onFailure: (f) => {
      c.errors.value = f.fields;
      // A line sold out or changed meanwhile: show the flags of the fresh quote.
      if (f.data['lines'] || f.data['commodity_id'] || f.data['order_id']) return c.loadQuote(c.delivery.value);
      return undefined;
    },
  });
}

/**
 * /checkout (and /checkout/gray, /business/checkout): address, delivery, invoice, the order summary with the
 * country's VAT, the privacy agreement, then the order is placed and the shopper goes to pay it.
 */
export function CheckoutScreen({ props }: { props: Props }) {
  const s = props.strings;
  const display = props.priceDisplay;
  const c = useCheckout(s);
  const placing = usePlaceOrder(c, s);

  const q = c.quote.value;
  const b = c.book.value;
  if (!q && props.business && c.message.value) return <BusinessRefusal message={c.message.value} strings={s} />;
  if (!q || !b) return <p class="checkout checkout--loading">{c.message.value || t(s, 'common.loading')}</p>;

  if (q.blockers.includes('empty')) {
    return (
      <p class="checkout checkout--empty" data-testid="checkout">
        {t(s, 'checkout.nothingSelected')} <a href={storePath('cart/')}>{t(s, 'cart.title')}</a>
      </p>
    );
  }

  const place = (e: Event) => {
    e.preventDefault();
    c.errors.value = {};
    c.message.value = '';
    if (!c.addressId.value) {
      c.errors.value = { addressId: 'required' };
      c.message.value = t(s, 'address.error.choose');
      return;
    }
    void placing.run(q);
  };
  const section = { c, q, s, display };

  return (
    <form class="checkout" data-testid="checkout" onSubmit={place} noValidate>
      {q.business ? (
        <BusinessNotice business={q.business} exponent={q.amounts.exponent} strings={s} display={display} />
      ) : null}
      {q.unpaidOrderId ? (
        <p class="checkout__unpaid" role="status" data-testid="checkout-unpaid">
          {t(s, 'order.error.unpaidExists')}{' '}
          <a href={storePath(`checkout-again/?orderId=${q.unpaidOrderId}`)}>{t(s, 'checkout.payUnpaid')}</a>
        </p>
      ) : null}
      <AddressSection c={c} s={s} b={b} />
      <PresaleSection q={q} s={s} display={display} />
      {q.presale ? null : <DeliverySection {...section} />}
      <InsuranceSection {...section} />
      <InvoiceSection c={c} q={q} s={s} />
      <CouponSection c={c} q={q} s={s} />
      <PointsSection {...section} />
      {!q.presale && (c.tradeIns.value.length > 0 || q.tradeIn) ? (
        <TradeInChoice
          quote={q}
          tradeIns={c.tradeIns.value}
          chosen={c.tradeInId.value}
          strings={s}
          display={display}
          onChoose={(id) => {
            c.tradeInId.value = id;
            void c.loadQuote(c.delivery.value);
          }}
        />
      ) : null}
      {q.presale ? null : (
        <GiftCardSection
          quote={q}
          codes={c.giftCards}
          max={MAX_GIFT_CARDS}
          strings={s}
          display={display}
          onChange={(cards) => c.loadQuote(c.delivery.value, c.couponId.value, c.points.value, cards)}
        />
      )}
      <SummarySection q={q} s={s} display={display} />
      <Agreements c={c} q={q} s={s} privacyHref={props.privacyHref} />
      <p role="alert" class="form-message" data-testid="checkout-message">
        {c.message.value}
      </p>
      <button
        type="submit"
        class="button button--primary"
        disabled={placing.busy.value || q.blockers.length > 0 || !!q.unpaidOrderId}
        data-testid="checkout-place"
        data-track="checkout-place"
      >
        {q.presale ? t(s, 'presale.payDeposit') : t(s, 'checkout.place')} ·{' '}
        {money(q.amountDue, q.amounts.exponent, display)}
      </button>
    </form>
  );
}
