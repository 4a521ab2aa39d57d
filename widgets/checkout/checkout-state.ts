import { batch, signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { failureMessage } from '../lib/failure';
import { addressApi, type AddressBook } from '../request/address-api';
import { couponApi, type Coupon } from '../request/coupon-api';
import { checkoutApi, type DeliveryMethodId, type PlaceInput, type Quote } from '../request/orders-api';
import { serverNow } from '../request/server-time';
import { tradeInApi, type TradeIn } from '../request/trade-in-api';
import { checkoutToken } from './checkout-token';
import type { PriceDisplay } from '../../region-config/price-display.schema';

type Strings = Record<string, string> | undefined;

/** The shopper's choices and the server's answers, as signals. */
function choices() {
  return {
    quote: signal<Quote | null>(null),
    book: signal<AddressBook | null>(null),
    addressId: signal(''),
    adding: signal(false),
    delivery: signal<DeliveryMethodId>('standard'),
    couponId: signal(''),
    points: signal(0),
    giftCards: signal<string[]>([]),
    tradeIns: signal<TradeIn[]>([]),
    // An evaluation can arrive from the trade-in page (?tradeIn=id).
    tradeInId: signal(new URLSearchParams(location.search).get('tradeIn') ?? ''),
    coupons: signal<Coupon[]>([]),
    invoiceType: signal<'personal' | 'company'>('personal'),
    invoice: signal<{ companyName: string; taxId: string; fiscalId: string }>({
      companyName: '',
      taxId: '',
      fiscalId: '',
    }),
    agreed: signal(false),
    agreedPreOrder: signal(false),
    errors: signal<Record<string, string>>({}),
    /** The one message line of the form: a refused quote, a failed address list, a refused order. */
    message: signal(''),
  };
}
type Choices = ReturnType<typeof choices>;

/** The totals of the current choices, as a change to apply: it shows the quote, or the reason the server refused it. */
function quoteFor(c: Choices, strings: Strings) {
  return async (
    method?: DeliveryMethodId,
    userCouponId = c.couponId.value,
    pointsWanted = c.points.value,
    cards = c.giftCards.value,
  ): Promise<() => boolean> => {
    try {
      const next = await checkoutApi.quote({
        deliveryMethod: method,
        userCouponId: userCouponId || undefined,
        points: pointsWanted || undefined,
        giftCards: cards,
        tradeInId: c.tradeInId.value || undefined,
      });
      return () => {
        c.quote.value = next;
        c.delivery.value = next.deliveryMethod;
        // A company purchase is always invoiced to the company, prefilled from the enterprise account.
        const company = next.business;
        if (company && c.invoiceType.value !== 'company') {
          c.invoiceType.value = 'company';
          c.invoice.value = { ...c.invoice.value, companyName: company.companyName, taxId: company.taxId };
        }
        c.giftCards.value = cards;
        c.message.value = '';
        return true;
      };
    } catch (e) {
      return () => {
        c.message.value = failureMessage(e, strings);
        return false;
      };
    }
  };
}

/** The first answers: the quote, the shopper's coupons, trade-ins and addresses. */
function firstAnswers(c: Choices, strings: Strings, quote: ReturnType<typeof quoteFor>): Promise<void> {
  const changeOf = <T>(
    request: Promise<T>,
    onValue: (value: T) => void,
    onError: (e: unknown) => void = () => undefined,
  ) =>
    request.then(
      (value) => () => onValue(value),
      (e: unknown) => () => onError(e),
    );
  // The first four answers are applied together, so the screen renders once with all of them instead of once per
  // answer (each render of the whole form is a long task on a phone).
  return Promise.all([
    quote(),
    changeOf(couponApi.mine(), (mine) => (c.coupons.value = mine.filter((x) => x.state === 'claimed'))),
    changeOf(
      tradeInApi.mine(),
      (r) => (c.tradeIns.value = r.tradeIns.filter((d) => d.state === 'evaluated' && d.validUntil > serverNow())),
    ),
    changeOf(
      addressApi.list(),
      (b) => {
        c.book.value = b;
        c.addressId.value = b.addresses.find((a) => a.isDefault)?.id ?? b.addresses[0]?.id ?? '';
        c.adding.value = b.addresses.length === 0;
      },
      (e) => (c.message.value = failureMessage(e, strings)),
    ),
  ]).then((changes) => batch(() => changes.forEach((change) => change())));
}

/** A personal invoice needs the fiscal id from an amount on (the server says which). */
function needsFiscalId(c: Choices, q: Quote): boolean {
  return c.invoiceType.value === 'personal' && q.amounts.total >= q.invoice.fiscalIdFrom;
}

/** What "place order" sends: the choices as they stand. */
function placeInput(c: Choices, q: Quote): PlaceInput {
  return {
    addressId: c.addressId.value,
    deliveryMethod: c.delivery.value,
    agreePrivacy: c.agreed.value,
    agreePreOrder: c.agreedPreOrder.value,
    ...(c.couponId.value ? { userCouponId: c.couponId.value } : {}),
    ...(c.points.value ? { points: c.points.value } : {}),
    ...(c.giftCards.value.length ? { giftCards: c.giftCards.value } : {}),
    ...(c.tradeInId.value ? { tradeInId: c.tradeInId.value } : {}),
    invoice:
      c.invoiceType.value === 'company'
        ? { type: 'company' as const, companyName: c.invoice.value.companyName, taxId: c.invoice.value.taxId }
        : { type: 'personal' as const, ...(needsFiscalId(c, q) ? { fiscalId: c.invoice.value.fiscalId } : {}) },
    checkoutToken: checkoutToken(),
  };
}

/**
 * The checkout form as a model: the shopper's choices and the server's quote of them as signals, and the actions
 * that ask for a new quote. The section components read and set these signals; the screen places the order.
 */
export function createCheckout(strings: Strings) {
  const c = choices();
  const quote = quoteFor(c, strings);
  return {
    ...c,
    /** Asks for the totals of the current choices; false (with the reason shown) when the server refuses them. */
    loadQuote: async (...args: Parameters<typeof quote>): Promise<boolean> => (await quote(...args))(),
    start: () => firstAnswers(c, strings, quote),
    needsFiscalId: (q: Quote) => needsFiscalId(c, q),
    placeInput: (q: Quote) => placeInput(c, q),
  };
}

export type Checkout = ReturnType<typeof createCheckout>;

/** The checkout model for the life of the screen, started once on mount. */
export function useCheckout(strings: Strings): Checkout {
  const model = useRef<Checkout | null>(null);
  model.current ??= createCheckout(strings);
  useEffect(() => void model.current?.start(), []);
  return model.current;
}

/** What every section of the checkout form is given: the model, the current quote, the strings, the price format. */
export interface SectionProps {
  c: Checkout;
  q: Quote;
  s: Strings;
  display: PriceDisplay | undefined;
}
