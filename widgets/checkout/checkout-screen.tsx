import { batch, useSignal, type Signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { AddressForm } from '../lib/address-form';
import { addressApi, addressLine, type AddressBook } from '../request/address-api';
import { checkoutApi, type Quote } from '../request/orders-api';
import { couponApi, couponValue, type Coupon } from '../request/coupon-api';
import { failure } from '../lib/failure';
import { money } from '../lib/money';
import { OrderAmounts, OrderLines } from '../lib/order-summary';
import { storePath } from '../lib/store-path';
import { checkoutToken, forgetCheckoutToken } from './checkout-token';
import { GiftCardSection } from './gift-card-section';
import { PresaleNotice } from '../lib/presale-notice';
import { TradeInChoice } from './trade-in-choice';
import { serverNow } from '../request/server-time';
import { BusinessNotice, BusinessRefusal } from './business-notice';
import { tradeInApi, type TradeIn } from '../request/trade-in-api';

/** §9: at most 10 gift cards per order (the server says so too). */
const MAX_GIFT_CARDS = 10;

type Props = HostProps<'checkout'>;

/** The invoice field errors the server names (checkout.invoiceError.* in the catalogue); another reads as `format`. */
const INVOICE_ERRORS = ['required', 'format', 'state', 'unavailable'] as const;
const invoiceErrorKey = (error: string) => `checkout.invoiceError.${(INVOICE_ERRORS as readonly string[]).includes(error) ? (error as (typeof INVOICE_ERRORS)[number]) : 'format'}` as const;

/** A box the shopper must tick before placing the order (§5 privacy and pre-order agreements); the server marks it when missing. */
function Agreement({ name, checked, invalid, testId, children }: { name: string; checked: Signal<boolean>; invalid: boolean; testId: string; children: ComponentChildren }) {
  return (
    <label class="field field--check">
      <input
        type="checkbox"
        name={name}
        checked={checked.value}
        aria-invalid={invalid ? 'true' : undefined}
        onChange={(ev) => (checked.value = (ev.target as HTMLInputElement).checked)}
        data-testid={testId}
      />
      <span>{children}</span>
    </label>
  );
}

/**
 * /checkout (and /checkout/gray, /business/checkout): address, delivery, invoice, the order summary with the
 * country's VAT, the privacy agreement, then the order is placed and the shopper goes to pay it.
 */
export function CheckoutScreen({ props }: { props: Props }) {
  const s = props.strings;
  const quote = useSignal<Quote | null>(null);
  const book = useSignal<AddressBook | null>(null);
  const addressId = useSignal<string>('');
  const adding = useSignal(false);
  const delivery = useSignal<string>('standard');
  const couponId = useSignal<string>('');
  const points = useSignal(0);
  const giftCards = useSignal<string[]>([]);
  const tradeIns = useSignal<TradeIn[]>([]);
  // An evaluation can arrive from the trade-in page (?tradeIn=id).
  const tradeInId = useSignal(new URLSearchParams(location.search).get('tradeIn') ?? '');
  const coupons = useSignal<Coupon[]>([]);
  const invoiceType = useSignal<'personal' | 'company'>('personal');
  const invoice = useSignal<{ companyName: string; taxId: string; fiscalId: string }>({ companyName: '', taxId: '', fiscalId: '' });
  const agreed = useSignal(false);
  const agreedPreOrder = useSignal(false);
  const errors = useSignal<Record<string, string>>({});
  const message = useSignal('');
  const busy = useSignal(false);

  /** The totals of the current choices, as a change to apply: it shows the quote, or the reason the server refused it. */
  const quoteFor = async (method?: string, userCouponId = couponId.value, usePoints = points.value, cards = giftCards.value): Promise<() => boolean> => {
    try {
      const next = await checkoutApi.quote({ deliveryMethod: method, userCouponId: userCouponId || undefined, points: usePoints || undefined, giftCards: cards, tradeInId: tradeInId.value || undefined });
      return () => {
        quote.value = next;
        delivery.value = next.deliveryMethod;
        // A company purchase is always invoiced to the company, prefilled from the enterprise account.
        const company = next.business;
        if (company && invoiceType.value !== 'company') {
          invoiceType.value = 'company';
          invoice.value = { ...invoice.value, companyName: company.companyName, taxId: company.taxId };
        }
        giftCards.value = cards;
        message.value = '';
        return true;
      };
    } catch (e) {
      return () => {
        message.value = failure(e, s).message;
        return false;
      };
    }
  };
  /** Asks for the totals of the current choices; false (with the reason shown) when the server refuses them. */
  const loadQuote = async (...choices: Parameters<typeof quoteFor>): Promise<boolean> => (await quoteFor(...choices))();
  useEffect(() => {
    const changeOf = <T,>(request: Promise<T>, onValue: (value: T) => void, onError: (e: unknown) => void = () => undefined) =>
      request.then(
        (value) => () => onValue(value),
        (e: unknown) => () => onError(e),
      );
    // The first four answers are applied together, so the screen renders once with all of them instead of once per
    // answer (each render of the whole form is a long task on a phone).
    void Promise.all([
      quoteFor(),
      changeOf(couponApi.mine(), (mine) => (coupons.value = mine.filter((c) => c.state === 'claimed'))),
      changeOf(tradeInApi.mine(), (r) => (tradeIns.value = r.tradeIns.filter((d) => d.state === 'evaluated' && d.validUntil > serverNow()))),
      changeOf(
        addressApi.list(),
        (b) => {
          book.value = b;
          addressId.value = b.addresses.find((a) => a.isDefault)?.id ?? b.addresses[0]?.id ?? '';
          adding.value = b.addresses.length === 0;
        },
        (e) => (message.value = failure(e, s).message),
      ),
    ]).then((changes) => batch(() => changes.forEach((change) => change())));
  }, []);

  const q = quote.value;
  const b = book.value;
  if (!q && props.business && message.value) return <BusinessRefusal message={message.value} strings={s} />;
  if (!q || !b) return <p class="checkout checkout--loading">{message.value || t(s, 'common.loading')}</p>;

  if (q.blockers.includes('empty')) {
    return (
      <p class="checkout checkout--empty" data-testid="checkout">
        {t(s, 'checkout.nothingSelected')} <a href={storePath('cart/')}>{t(s, 'cart.title')}</a>
      </p>
    );
  }

  const needsFiscalId = invoiceType.value === 'personal' && q.amounts.total >= q.invoice.fiscalIdFrom;
  const place = async (e: Event) => {
    e.preventDefault();
    errors.value = {};
    message.value = '';
    if (!addressId.value) {
      errors.value = { addressId: 'required' };
      message.value = t(s, 'address.error.choose');
      return;
    }
    busy.value = true;
    try {
      const inv = invoiceType.value === 'company' ? { type: 'company' as const, companyName: invoice.value.companyName, taxId: invoice.value.taxId } : { type: 'personal' as const, ...(needsFiscalId ? { fiscalId: invoice.value.fiscalId } : {}) };
      const placed = await checkoutApi.place({
        addressId: addressId.value,
        deliveryMethod: delivery.value,
        agreePrivacy: agreed.value,
        agreePreOrder: agreedPreOrder.value,
        ...(couponId.value ? { userCouponId: couponId.value } : {}),
        ...(points.value ? { points: points.value } : {}),
        ...(giftCards.value.length ? { giftCards: giftCards.value } : {}),
        ...(tradeInId.value ? { tradeInId: tradeInId.value } : {}),
        invoice: inv,
        checkoutToken: checkoutToken(),
      });
      forgetCheckoutToken();
      // Gift cards that paid it all leave nothing to charge: straight to the order.
      const next = placed.state === 'paid' ? `user/order/${placed.orderId}/` : q.business?.splitRequired ? `split-payment-details/${placed.orderId}/` : `buy/card-payment/?orderId=${placed.orderId}`;
      location.assign(storePath(next));
    } catch (err) {
      const f = failure(err, s);
      errors.value = f.fields;
      message.value = f.message;
      // A line sold out or changed meanwhile: show the flags of the fresh quote.
      if (f.data['lines'] || f.data['commodity_id'] || f.data['order_id']) await loadQuote(delivery.value);
      busy.value = false;
    }
  };

  const field = (name: 'companyName' | 'taxId' | 'fiscalId', label: string) => (
    <div class="field">
      <label for={`invoice-${name}`}>{label} *</label>
      <input
        id={`invoice-${name}`}
        name={name}
        required
        value={invoice.value[name]}
        aria-invalid={errors.value[name] ? 'true' : undefined}
        aria-describedby={errors.value[name] ? `invoice-${name}-error` : undefined}
        onInput={(ev) => (invoice.value = { ...invoice.value, [name]: (ev.target as HTMLInputElement).value })}
      />
      {errors.value[name] ? (
        <small id={`invoice-${name}-error`} class="field__error">
          {t(s, invoiceErrorKey(errors.value[name]))}
        </small>
      ) : null}
    </div>
  );

  return (
    <form class="checkout" data-testid="checkout" onSubmit={place} noValidate>
      {q.business ? <BusinessNotice business={q.business} exponent={q.amounts.exponent} strings={s} display={props.priceDisplay} /> : null}
      {q.unpaidOrderId ? (
        <p class="checkout__unpaid" role="status" data-testid="checkout-unpaid">
          {t(s, 'order.error.unpaidExists')}{' '}
          <a href={storePath(`checkout-again/?orderId=${q.unpaidOrderId}`)}>{t(s, 'checkout.payUnpaid')}</a>
        </p>
      ) : null}

      <fieldset class="checkout__section" aria-invalid={errors.value['addressId'] ? 'true' : undefined}>
        <legend>{t(s, 'checkout.address')}</legend>
        {b.addresses.map((a) => (
          <label class="choice" key={a.id}>
            <input type="radio" name="addressId" value={a.id} checked={addressId.value === a.id} onChange={() => (addressId.value = a.id)} />
            <span>
              <strong translate={false}>{a.recipient}</strong> · {a.phone}
              <br />
              {addressLine(a)}
            </span>
          </label>
        ))}
        {adding.value ? (
          <AddressForm
            form={b.form}
            strings={s}
            onSaved={(a) => {
              book.value = { ...b, addresses: [...b.addresses, a] };
              addressId.value = a.id;
              adding.value = false;
            }}
            onCancel={b.addresses.length > 0 ? () => (adding.value = false) : undefined}
          />
        ) : b.addresses.length < b.max ? (
          <button type="button" class="button button--secondary" onClick={() => (adding.value = true)} data-testid="checkout-add-address">
            {t(s, 'address.add')}
          </button>
        ) : null}
      </fieldset>

      {q.presale ? (
        <section class="checkout__section" aria-labelledby="checkout-presale">
          <h2 id="checkout-presale">{t(s, 'presale.title')}</h2>
          <PresaleNotice terms={q.presale} exponent={q.amounts.exponent} strings={s} display={props.priceDisplay} depositTotal={q.presale.depositTotal} />
          {q.blockers.includes('presale_alone') ? (
            <p role="alert" class="checkout__blocked">
              {t(s, 'presale.error.alone')} <a href={storePath('cart/')}>{t(s, 'cart.title')}</a>
            </p>
          ) : null}
        </section>
      ) : null}

      {q.presale ? null : (
      <fieldset class="checkout__section">
        <legend>{t(s, 'checkout.delivery')}</legend>
        {q.delivery.map((d) => (
          <label class="choice" key={d.id}>
            <input type="radio" name="deliveryMethod" value={d.id} checked={delivery.value === d.id} onChange={() => void loadQuote(d.id)} />
            <span>
              {t(s, `checkout.delivery.${d.id}`)} ({t(s, 'checkout.deliveryDays', { from: d.days[0] ?? 1, to: d.days[1] ?? 5 })}) —{' '}
              {d.fee === 0 ? t(s, 'checkout.free') : money(d.fee, q.amounts.exponent, props.priceDisplay)}
            </span>
          </label>
        ))}
      </fieldset>
      )}

      {q.invoice.company || needsFiscalId ? (
        <fieldset class="checkout__section">
          <legend>{t(s, 'checkout.invoice')}</legend>
          {q.invoice.company && !q.business ? (
            <>
              <label class="choice">
                <input type="radio" name="invoiceType" value="personal" checked={invoiceType.value === 'personal'} onChange={() => (invoiceType.value = 'personal')} />
                {t(s, 'checkout.invoice.personal')}
              </label>
              <label class="choice">
                <input type="radio" name="invoiceType" value="company" checked={invoiceType.value === 'company'} onChange={() => (invoiceType.value = 'company')} />
                {t(s, 'checkout.invoice.company')}
              </label>
            </>
          ) : null}
          {invoiceType.value === 'company' ? (
            <>
              {field('companyName', t(s, 'checkout.invoice.companyName'))}
              {field('taxId', q.invoice.taxIdLabel ?? t(s, 'checkout.invoice.taxId'))}
            </>
          ) : null}
          {needsFiscalId ? field('fiscalId', t(s, 'checkout.invoice.fiscalId')) : null}
          <p class="checkout__hint">{t(s, 'checkout.invoice.final')}</p>
        </fieldset>
      ) : null}

      {coupons.value.length > 0 && !q.presale ? (
        <fieldset class="checkout__section">
          <legend>{t(s, 'coupon.title')}</legend>
          <label class="choice">
            <input type="radio" name="coupon" checked={couponId.value === ''} onChange={() => ((couponId.value = ''), void loadQuote(delivery.value, ''))} />
            {t(s, 'coupon.noneChosen')}
          </label>
          {coupons.value.map((c) => (
            <label class="choice" key={c.userCouponId}>
              <input
                type="radio"
                name="coupon"
                value={c.userCouponId}
                checked={couponId.value === c.userCouponId}
                onChange={() => ((couponId.value = c.userCouponId!), void loadQuote(delivery.value, c.userCouponId))}
              />
              <span>
                <strong>{couponValue(c, s)}</strong> · {c.title}
              </span>
            </label>
          ))}
          {q.coupon?.refused ? (
            <p role="alert" class="field__error" data-testid="coupon-refused">
              {t(s, `coupon.error.${q.coupon.refused === 'min_spend' ? 'minSpend' : 'notEligible'}`)}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {q.points && q.points.balance > 0 && !q.presale ? (
        <fieldset class="checkout__section" data-testid="checkout-points">
          <legend>{t(s, 'points.title')}</legend>
          <p>
            {t(s, 'points.available', { count: q.points.balance })}{' '}
            {t(s, 'points.usable', { count: q.points.max, min: q.points.min, max: q.points.max, value: money(q.points.pointValue * 10, q.amounts.exponent, props.priceDisplay) })}
          </p>
          <div class="field">
            <label for="checkout-points-input">{t(s, 'points.use')}</label>
            <input
              id="checkout-points-input"
              name="points"
              type="number"
              min={0}
              max={q.points.max}
              step={1}
              value={points.value || ''}
              aria-invalid={q.points.refused ? 'true' : undefined}
              aria-describedby={q.points.refused ? 'checkout-points-error' : undefined}
              onChange={(ev) => {
                points.value = Math.max(0, Math.floor(Number((ev.target as HTMLInputElement).value)) || 0);
                void loadQuote(delivery.value);
              }}
            />
          </div>
          {q.points.refused ? (
            <p id="checkout-points-error" role="alert" class="field__error">
              {t(s, `points.error.${q.points.refused === 'below_minimum' ? 'belowMinimum' : q.points.refused === 'not_enough' ? 'notEnough' : 'overShare'}`)}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {!q.presale && (tradeIns.value.length > 0 || q.tradeIn) ? (
        <TradeInChoice
          quote={q}
          tradeIns={tradeIns.value}
          chosen={tradeInId.value}
          strings={s}
          display={props.priceDisplay}
          onChoose={(id) => {
            tradeInId.value = id;
            void loadQuote(delivery.value);
          }}
        />
      ) : null}

      {q.presale ? null : (
        <GiftCardSection quote={q} codes={giftCards} max={MAX_GIFT_CARDS} strings={s} display={props.priceDisplay} onChange={(cards) => loadQuote(delivery.value, couponId.value, points.value, cards)} />
      )}

      <section class="checkout__section" aria-labelledby="checkout-summary">
        <h2 id="checkout-summary">{t(s, 'checkout.summary')}</h2>
        <OrderLines lines={q.lines} amounts={q.amounts} strings={s} display={props.priceDisplay} />
        <OrderAmounts amounts={q.amounts} strings={s} display={props.priceDisplay} giftCardAmount={q.giftCardAmount} amountDue={q.amountDue} />
        {q.blockers.includes('lines') ? (
          <p role="alert" class="checkout__blocked">
            {t(s, 'order.error.lines')} <a href={storePath('cart/')}>{t(s, 'cart.title')}</a>
          </p>
        ) : null}
        {q.blockers.includes('amount_max') ? <p role="alert">{t(s, 'order.error.amountMax')}</p> : null}
      </section>

      <Agreement name="agreePrivacy" checked={agreed} invalid={!!errors.value['agreePrivacy']} testId="checkout-agree">
        {t(s, 'checkout.agree')}{' '}
        <a href={props.privacyHref ?? storePath('support/policy/privacy-policy/')} target="_blank" rel="noopener">
          {t(s, 'checkout.privacyPolicy')}
        </a>
      </Agreement>

      {q.preOrder ? (
        <Agreement name="agreePreOrder" checked={agreedPreOrder} invalid={!!errors.value['agreePreOrder']} testId="checkout-agree-pre-order">
          {t(s, 'checkout.preOrderAgree')}
        </Agreement>
      ) : null}

      <p role="alert" class="form-message" data-testid="checkout-message">
        {message.value}
      </p>
      <button type="submit" class="button button--primary" disabled={busy.value || q.blockers.length > 0 || !!q.unpaidOrderId} data-testid="checkout-place">
        {q.presale ? t(s, 'presale.payDeposit') : t(s, 'checkout.place')} · {money(q.amountDue, q.amounts.exponent, props.priceDisplay)}
      </button>
    </form>
  );
}
