import { request } from './';
import { site } from '../state/site';
import type { Camelized } from './camelized';
import type { AsyncResultAnswer, AsyncStartAnswer, AsyncStartBody } from '../../server/schemas/async-payments';
import type {
  AmountsView,
  DeliveryMethodId,
  LineProblem,
  OrderLineView,
  OrderPlaceAnswer,
  OrderState,
  OrderView,
  PresaleFinalAnswer,
  QuoteView,
  RefundView,
} from '../../server/schemas/order';
import type {
  PaymentAnswer as PaymentAnswerView,
  PaymentMethodsAnswer,
  PaymentSplitCardAnswer,
  PaymentSplitTransferAnswer,
  PaymentCardBody,
  SplitCardBody,
  SplitPartView,
  SplitSummaryView,
} from '../../server/schemas/payments';
import type { PointsAnswer } from '../../server/schemas/promotions';
import type { CheckoutQuoteBody, OrderPlaceBody } from '../../server/schemas/checkout';
import type {
  BnplOfferView,
  InstalmentBody,
  InstalmentPlanOffer as InstalmentPlanOfferView,
  PlanStatusAnswer,
} from '../../server/schemas/payment-plans';

/**
 * The checkout, order and payment calls (server/routes/orders/orders.ts, payments.ts), camel-cased by the request
 * layer.
 * Money is integer minor units with the currency's exponent.
 */

export type Amounts = Camelized<AmountsView>;
export type { DeliveryMethodId, LineProblem, OrderState };
export type OrderLine = Camelized<OrderLineView>;
export type Quote = Camelized<QuoteView>;
export type Order = Camelized<OrderView>;
/** A pre-sale's deposit (per unit) and windows, and where the order's pre-sale stands. */
export type OrderPresale = NonNullable<Order['presale']>;
export type PresaleTerms = Pick<
  OrderPresale,
  'campaignId' | 'deposit' | 'depositEndsAt' | 'finalStartsAt' | 'finalEndsAt'
>;
/** Money going back on an order, as the server's order view describes it. */
export type Refund = Camelized<RefundView>;

/** The ways to pay an order, with the instalment plans the amount reaches and the country's pay-later offers. */
export type PaymentMethods = Camelized<PaymentMethodsAnswer>;
export type InstalmentPlanOffer = Camelized<InstalmentPlanOfferView>;
/** A pay-later provider of the country, eligible for this order or with the reason it is not. */
export type BnplOffer = Camelized<BnplOfferView>;
export type PlanPaymentStatus = Camelized<PlanStatusAnswer>;

export type PaymentAnswer = Camelized<PaymentAnswerView>;
/**
 * One part of a split payment, and GET payment/split: the amount due, the parts, what a new part may take, the transfer
 * account.
 */
export type SplitPart = Camelized<SplitPartView>;
export type SplitSummary = Camelized<SplitSummaryView>;

/** The placement as the island sends it: the server's body schema (camelCase keys, sent as they are). */
export type PlaceInput = OrderPlaceBody;
/** A card payment as the island sends it (a new card, or a saved one with its CVV). */
export type { PaymentCardBody };
/** The shopper's checkout choices, sent as they are for the quote. */
export type QuoteChoices = CheckoutQuoteBody;

const api = (path: string) => `${site.value.api}${path}`;
// Failures are shown by the screens themselves, next to what caused them.
const quiet = { redirectOnNotLoggedIn: true } as const;

export const checkoutApi = {
  quote: (choices: QuoteChoices = {}) =>
    request<Quote>(api('/checkout/quote'), {
      ...quiet,
      body: {
        ...(choices.deliveryMethod ? { deliveryMethod: choices.deliveryMethod } : {}),
        ...(choices.userCouponId ? { userCouponId: choices.userCouponId } : {}),
        ...(choices.points ? { points: choices.points } : {}),
        ...(choices.giftCards?.length ? { giftCards: choices.giftCards } : {}),
        ...(choices.tradeInId ? { tradeInId: choices.tradeInId } : {}),
      },
      json: true,
    }),
  finalPayment: (orderId: string) =>
    request<Camelized<PresaleFinalAnswer>>(api('/presale/final'), { ...quiet, body: { orderId }, json: true }),
  points: () => request<Camelized<PointsAnswer>>(api('/points')),
  /** An e-wallet (redirect) or QRIS payment: the shopper's action (server/routes/payments/async-payments.ts). */
  asyncStart: (body: AsyncStartBody) =>
    request<Camelized<AsyncStartAnswer>>(api('/payment/async/start'), { ...quiet, body, json: true }),
  asyncResult: (paymentId: string) =>
    request<Camelized<AsyncResultAnswer>>(api(`/payment/async/${encodeURIComponent(paymentId)}`), quiet),
  place: (input: PlaceInput) =>
    request<Camelized<OrderPlaceAnswer>>(api('/order/place'), { ...quiet, body: { ...input }, json: true }),
  order: (orderId: string) =>
    request<{ order: Order }>(api('/order/detail'), { ...quiet, params: { orderId } }).then((r) => r.order),
  orders: () => request<{ orders: Order[] }>(api('/order/list'), quiet).then((r) => r.orders),
  cancel: (orderId: string) => request<object>(api('/order/cancel'), { ...quiet, body: { orderId }, json: true }),
  /** Cancels a paid order that has not shipped, refunded in full (the shopper confirmed it). */
  cancelAndRefund: (orderId: string) =>
    request<object>(api('/order/cancel'), { ...quiet, body: { orderId, refund: true }, json: true }),
  changeAddress: (orderId: string, addressId: string) =>
    request<object>(api('/order/address'), { ...quiet, body: { orderId, addressId }, json: true }),
  methods: (orderId: string) => request<PaymentMethods>(api('/payment/methods'), { ...quiet, params: { orderId } }),
  payByCard: (body: PaymentCardBody) => request<PaymentAnswer>(api('/payment/card'), { ...quiet, body, json: true }),
  otp: (paymentId: string, otp: string) =>
    request<PaymentAnswer>(api('/payment/otp'), { ...quiet, body: { paymentId, otp }, json: true }),
  payInstalments: (body: InstalmentBody) =>
    request<PaymentAnswer>(api('/payment/instalment'), { ...quiet, body, json: true }),
  bnplStart: (orderId: string, provider: string, returnUrl: string) =>
    request<{ state: 'redirect'; orderId: string; paymentId: string; redirectUrl: string }>(
      api('/payment/bnpl/start'),
      { ...quiet, body: { orderId, provider, returnUrl }, json: true },
    ),
  split: (orderId: string) => request<SplitSummary>(api('/payment/split'), { ...quiet, params: { orderId } }),
  splitCard: (body: SplitCardBody) =>
    request<Camelized<PaymentSplitCardAnswer>>(api('/payment/split/card'), { ...quiet, body, json: true }),
  splitTransfer: (orderId: string, amount: number) =>
    request<Camelized<PaymentSplitTransferAnswer>>(api('/payment/split/transfer'), {
      ...quiet,
      body: { orderId, amount },
      json: true,
    }),
  planStatus: (query: { paymentId: string } | { orderId: string }) =>
    request<PlanPaymentStatus>(api('/payment/bnpl/status'), { ...quiet, params: query }),
};
