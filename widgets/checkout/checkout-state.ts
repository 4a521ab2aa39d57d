import { batch, signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { failure } from '../lib/failure';
import { addressApi, type AddressBook } from '../request/address-api';
import { couponApi, type Coupon } from '../request/coupon-api';
import { checkoutApi, type PlaceInput, type Quote } from '../request/orders-api';
import { serverNow } from '../request/server-time';
import { tradeInApi, type TradeIn } from '../request/trade-in-api';
import { checkoutToken } from './checkout-token';
import type { PriceDisplay } from '../../region-config/price-display.schema';

type Strings = Record<string, string> | undefined;

/**
 * The checkout form as a model: the shopper's choices and the server's quote of them as signals, and the actions
 * that ask for a new quote. The section components read and set these signals; the screen places the order.
 */
export function createCheckout(strings: Strings) {
  const quote = signal<Quote | null>(null);
  const book = signal<AddressBook | null>(null);
  const addressId = signal('');
  const adding = signal(false);
  const delivery = signal('standard');
  const couponId = signal('');
  const points = signal(0);
  const giftCards = signal<string[]>([]);
  const tradeIns = signal<TradeIn[]>([]);
  // An evaluation can arrive from the trade-in page (?tradeIn=id).
  const tradeInId = signal(new URLSearchParams(location.search).get('tradeIn') ?? '');
  const coupons = signal<Coupon[]>([]);
  const invoiceType = signal<'personal' | 'company'>('personal');
  const invoice = signal<{ companyName: string; taxId: string; fiscalId: string }>({ companyName: '', taxId: '', fiscalId: '' });
  const agreed = signal(false);
  const agreedPreOrder = signal(false);
  const errors = signal<Record<string, string>>({});
  /** The one message line of the form: a refused quote, a failed address list, a refused order. */
  const message = signal('');

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
        message.value = failure(e, strings).message;
        return false;
      };
    }
  };
  /** Asks for the totals of the current choices; false (with the reason shown) when the server refuses them. */
  const loadQuote = async (...choices: Parameters<typeof quoteFor>): Promise<boolean> => (await quoteFor(...choices))();

  /** The first answers: the quote, the shopper's coupons, trade-ins and addresses. */
  const start = (): Promise<void> => {
    const changeOf = <T>(request: Promise<T>, onValue: (value: T) => void, onError: (e: unknown) => void = () => undefined) =>
      request.then(
        (value) => () => onValue(value),
        (e: unknown) => () => onError(e),
      );
    // The first four answers are applied together, so the screen renders once with all of them instead of once per
    // answer (each render of the whole form is a long task on a phone).
    return Promise.all([
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
        (e) => (message.value = failure(e, strings).message),
      ),
    ]).then((changes) => batch(() => changes.forEach((change) => change())));
  };

  /** A personal invoice needs the fiscal id from an amount on (the server says which). */
  const needsFiscalId = (q: Quote) => invoiceType.value === 'personal' && q.amounts.total >= q.invoice.fiscalIdFrom;

  /** What "place order" sends: the choices as they stand. */
  const placeInput = (q: Quote): PlaceInput => ({
    addressId: addressId.value,
    deliveryMethod: delivery.value,
    agreePrivacy: agreed.value,
    agreePreOrder: agreedPreOrder.value,
    ...(couponId.value ? { userCouponId: couponId.value } : {}),
    ...(points.value ? { points: points.value } : {}),
    ...(giftCards.value.length ? { giftCards: giftCards.value } : {}),
    ...(tradeInId.value ? { tradeInId: tradeInId.value } : {}),
    invoice:
      invoiceType.value === 'company'
        ? { type: 'company' as const, companyName: invoice.value.companyName, taxId: invoice.value.taxId }
        : { type: 'personal' as const, ...(needsFiscalId(q) ? { fiscalId: invoice.value.fiscalId } : {}) },
    checkoutToken: checkoutToken(),
  });

  return {
    quote,
    book,
    addressId,
    adding,
    delivery,
    couponId,
    points,
    giftCards,
    tradeIns,
    tradeInId,
    coupons,
    invoiceType,
    invoice,
    agreed,
    agreedPreOrder,
    errors,
    message,
    loadQuote,
    start,
    needsFiscalId,
    placeInput,
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
