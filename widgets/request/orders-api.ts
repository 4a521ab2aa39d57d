import { request } from './';
import { site } from '../state/site';

/**
 * The checkout, order and payment calls (server/routes/orders/orders.ts, payments.ts), camel-cased by the request layer.
 * Money is integer minor units with the currency's exponent.
 */

export interface Amounts {
  currency: string;
  exponent: number;
  itemsTotal: number;
  discount: number;
  shippingFee: number;
  tax: number;
  taxInclusive: boolean;
  taxRateBp: number;
  netAmount: number;
  total: number;
}

export type LineProblem = 'not_on_sale' | 'out_of_stock' | 'not_enough_stock' | 'limit' | 'fcode';

export interface OrderLine {
  commodityId: string;
  productId: string;
  name: string;
  spec: string;
  image: string;
  quantity: number;
  unitPrice: number;
  /** Checkout: the unit price when the line was added to the cart, when a new release changed it since. */
  previousUnitPrice?: number;
  subtotal: number;
  stock?: number;
  problem?: LineProblem | null;
  preOrder?: boolean;
}

export interface Quote {
  amounts: Amounts;
  lines: OrderLine[];
  delivery: { id: 'standard' | 'express'; fee: number; days: number[] }[];
  deliveryMethod: 'standard' | 'express';
  blockers: ('lines' | 'empty' | 'amount_max' | 'coupon' | 'points' | 'presale_alone' | 'presale_discounts' | 'gift_cards')[];
  /** The shopper's old device taken off one phone, or why it does not apply. */
  tradeIn: { id: string; discount: number; commodityId?: string | null; exchangeValue?: number; bonus?: number; subsidy?: number; refused: 'no_phone' | 'not_eligible' | null } | null;
  /** Gift cards paying part of the total, and what is left for the card payment. */
  giftCards: { code: string; balance: number; applied: number }[];
  giftCardAmount: number;
  amountDue: number;
  /** A pre-sale product in its deposit window: this order takes the deposit only. */
  presale: (PresaleTerms & { depositTotal: number; fullTotal: number }) | null;
  points: { balance: number; max: number; min: number; pointValue: number; used: number; discount: number; refused: 'below_minimum' | 'not_enough' | 'over_share' | null } | null;
  coupon: { userCouponId: string; title: string; kind: string; discount: number; freeShipping: boolean; refused: 'not_eligible' | 'min_spend' | null; minSpend: number } | null;
  /** A line is a pre-order: the pre-order agreement must be ticked too. */
  preOrder: boolean;
  unpaidOrderId: string | null;
  invoice: { company: boolean; taxIdLabel: string | null; fiscalIdFrom: number };
  /** A company purchase (flow=company, /business/checkout): the account's invoice data, tiers, VAT exemption, split payment. */
  business?: {
    companyStatus: number;
    companyName: string;
    taxId: string;
    vatExempt: boolean;
    vatExempted: number;
    tierSaving: number;
    splitFrom: number;
    splitRequired: boolean;
    orderMax: number;
  } | null;
}

export type OrderState = 'unpaid' | 'processing' | 'paid' | 'shipped' | 'cancelled';

/** A pre-sale's deposit (per unit) and windows, times in ms since the epoch. */
export interface PresaleTerms {
  campaignId: string;
  deposit: number;
  depositEndsAt: number;
  finalStartsAt: number;
  finalEndsAt: number;
}

export interface OrderPresale extends PresaleTerms {
  state: 'deposit_unpaid' | 'deposit_paid' | 'completed' | 'lapsed';
  finalOrderId: string | null;
  finalAmount: number;
  refund: { amount: number; dueBy: number; state: string } | null;
}

/** Money going back on an order, as the server's order view describes it. */
export interface Refund {
  amount: number;
  currency: string;
  reason: 'order_closed' | 'duplicate' | 'split_parts_paid' | 'presale_lapsed';
  state: 'pending' | 'succeeded' | 'failed' | 'done';
  createdAt: number;
  dueBy: number;
  refundedAt: number | null;
}

export interface Order {
  orderId: string;
  state: OrderState;
  amounts: Amounts;
  deliveryMethod: string;
  address: Record<string, string>;
  addressChangeable: boolean;
  invoice: Record<string, string> | null;
  addTime: number;
  payBefore: number;
  payTime: number | null;
  paymentType: string | null;
  giftCardAmount: number;
  amountDue: number;
  kind: 'standard' | 'deposit' | 'final';
  depositCredit: number;
  parentOrderId: string | null;
  presale: OrderPresale | null;
  cancelReason: string | null;
  /** company: a business order (placed on /business/checkout). */
  flow?: 'consumer' | 'company';
  vatExempt?: boolean;
  vatExempted?: number;
  splitRequired?: boolean;
  lines: OrderLine[];
  refunds?: Refund[];
}

export interface PaymentMethods {
  orderId: string;
  state: OrderState;
  total: number;
  currency: string;
  exponent: number;
  payBefore: number;
  methods: string[];
  savedCards: { id: string; brand: string; last4: string; expiry: string }[];
  maxSavedCards: number;
  /** Instalment plans the amount reaches (card EMI and, in India, the BFL EMI card). */
  instalmentPlans?: InstalmentPlanOffer[];
  /** The country's pay-later providers, each eligible or with the reason it is not. */
  bnpl?: BnplOffer[];
  /** §8 "no eligible BNPL method" when no provider takes the order. */
  bnplMessage?: string | null;
}

export interface InstalmentPlanOffer {
  id: string;
  network: 'card' | 'bfl';
  months: number;
  monthlyRateBp: number;
  monthly: number;
  lastMonthly: number;
  interest: number;
  total: number;
  minAmount: number;
  banks: { id: string; name: string }[];
  debitBanks: { id: string; name: string }[];
}

export interface BnplOffer {
  id: string;
  name: string;
  parts: number;
  everyDays: number;
  minAmount: number;
  maxAmount: number;
  eligible: boolean;
  reason: string | null;
  partAmount: number;
  lastPartAmount: number;
  total: number;
}

export interface PlanPaymentStatus {
  state: 'succeeded' | 'failed' | 'pending';
  orderId: string;
  paymentId: string;
  provider: { id: string; name: string };
  plan: { kind: string; months: number; monthly: number; lastMonthly: number; interest: number; total: number; currency: string };
}

export interface PaymentAnswer {
  state: 'succeeded' | 'otp_required';
  orderId: string;
  paymentId: string;
  cardSaved?: boolean;
}

/** One part of a split payment (server/routes/payments/split-payments.ts). */
export interface SplitPart {
  id: string;
  method: 'card' | 'bank_transfer';
  state: 'pending' | 'succeeded' | 'failed';
  amount: number;
  card?: string | null;
  failure?: string | null;
  reference?: string;
  time?: number;
}

/** GET payment/split: the amount due, the parts paid and pending, what a new part may take, the transfer account. */
export interface SplitSummary {
  orderId: string;
  state: OrderState;
  currency: string;
  exponent: number;
  due: number;
  paid: number;
  held: number;
  remaining: number;
  splitRequired: boolean;
  splitFrom: number;
  maxCardPart: number;
  parts: SplitPart[];
  transferAccount: { bank: string; name: string; iban: string; bic: string };
}

export interface PlaceInput {
  addressId: string;
  deliveryMethod: string;
  agreePrivacy: boolean;
  agreePreOrder: boolean;
  userCouponId?: string;
  points?: number;
  giftCards?: string[];
  tradeInId?: string;
  invoice?: { type: 'personal' | 'company'; companyName?: string; taxId?: string; fiscalId?: string };
  checkoutToken: string;
}

const api = (path: string) => `${site.value.api}${path}`;
// Failures are shown by the screens themselves, next to what caused them.
const quiet = { redirectOnNotLoggedIn: true } as const;

export const checkoutApi = {
  quote: (choices: { deliveryMethod?: string; userCouponId?: string; points?: number; giftCards?: string[]; tradeInId?: string } = {}) =>
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
  finalPayment: (orderId: string) => request<{ orderId: string; replayed: boolean }>(api('/presale/final'), { ...quiet, body: { orderId }, json: true }),
  points: () =>
    request<{ balance: number; currency: string; exponent: number; pointValue: number; minRedeem: number; maxShareBp: number; earnPer: number; history: { delta: number; reason: 'earn' | 'redeem' | 'return' | 'welcome'; orderId: string | null; time: number }[] }>(
      api('/points'),
    ),
  place: (input: PlaceInput) => request<{ orderId: string; state: OrderState; replayed: boolean }>(api('/order/place'), { ...quiet, body: { ...input }, json: true }),
  order: (orderId: string) => request<{ order: Order }>(api('/order/detail'), { ...quiet, params: { orderId } }).then((r) => r.order),
  orders: () => request<{ orders: Order[] }>(api('/order/list'), quiet).then((r) => r.orders),
  cancel: (orderId: string) => request<object>(api('/order/cancel'), { ...quiet, body: { orderId }, json: true }),
  changeAddress: (orderId: string, addressId: string) => request<object>(api('/order/address'), { ...quiet, body: { orderId, addressId }, json: true }),
  methods: (orderId: string) => request<PaymentMethods>(api('/payment/methods'), { ...quiet, params: { orderId } }),
  payByCard: (body: Record<string, unknown>) => request<PaymentAnswer>(api('/payment/card'), { ...quiet, body, json: true }),
  otp: (paymentId: string, otp: string) => request<PaymentAnswer>(api('/payment/otp'), { ...quiet, body: { paymentId, otp }, json: true }),
  payInstalments: (body: Record<string, unknown>) => request<PaymentAnswer>(api('/payment/instalment'), { ...quiet, body, json: true }),
  bnplStart: (orderId: string, provider: string, returnUrl: string) =>
    request<{ state: 'redirect'; orderId: string; paymentId: string; redirectUrl: string }>(api('/payment/bnpl/start'), { ...quiet, body: { orderId, provider, returnUrl }, json: true }),
  split: (orderId: string) => request<SplitSummary>(api('/payment/split'), { ...quiet, params: { orderId } }),
  splitCard: (body: { orderId: string; amount: number; number: string; expiry: string; cvv: string; holder: string }) =>
    request<{ orderId: string; partId: string; paid: boolean; remaining: number }>(api('/payment/split/card'), { ...quiet, body, json: true }),
  splitTransfer: (orderId: string, amount: number) => request<{ orderId: string; partId: string; reference: string }>(api('/payment/split/transfer'), { ...quiet, body: { orderId, amount }, json: true }),
  planStatus: (query: { paymentId: string } | { orderId: string }) => request<PlanPaymentStatus>(api('/payment/bnpl/status'), { ...quiet, params: query }),
};
