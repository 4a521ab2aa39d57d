import type { Step } from './run-steps';
import type { Queryable } from '../db/types';
import type { CartLine, CartRepository } from '../repositories/cart';
import type { OrderLineRow, OrderRow, OrdersRepository } from '../repositories/orders';
import type { CouponsRepository, UserCouponRow } from '../repositories/coupons';
import type { PointsRepository } from '../repositories/points';
import type { FcodesRepository } from '../repositories/fcodes';
import type { GiftCardProblem, GiftCardsRepository } from '../repositories/gift-cards';
import type { PresalesRepository } from '../repositories/presales';
import type { TradeInsRepository } from '../repositories/trade-ins';
import type { PaymentsRepository } from '../repositories/payments';
import type { OrderReviewRepository } from '../repositories/order-review';
import type { LegalAcceptance, LegalAcceptancesRepository } from '../repositories/legal-acceptances';
import type { ReviewReason } from '../schemas/review';
import type { CommerceRules, DeliveryMethodId } from '../../sites/commerce';
import type { OutgoingMail } from '../mail/outbox';
import type { InsuredPlan } from '../mail/order-mails';
import type { FcodeGate } from '../orders/checkout-lines';
import type { PointsWish, Quote } from '../orders/pricing';
import type { CheckoutGiftCard } from '../orders/gift-card-payment';
import type { UsableTradeIn } from '../orders/trade-in-discount';
import type { PresaleTerms } from '../orders/presale';
import type { IssuedGiftCard } from '../orders/issued-gift-card';
import type { ClubMembership } from '../../sites/club';

/** The repositories placement composes; each reads and writes its own rows in the placement's transaction. */
export interface CheckoutRepos {
  orders: OrdersRepository;
  cart: CartRepository;
  coupons: CouponsRepository;
  points: PointsRepository;
  fcodes: FcodesRepository;
  giftCards: GiftCardsRepository;
  presales: PresalesRepository;
  tradeIns: TradeInsRepository;
  payments: PaymentsRepository;
  orderReview: OrderReviewRepository;
  legalAcceptances: LegalAcceptancesRepository;
}

export interface PlaceInput {
  userId: number;
  cartId: string;
  local: string;
  urlLocal: string;
  flow: 'consumer' | 'company';
  rules: CommerceRules;
  /** The delivery the shopper chose; the first offered one when absent or not offered. */
  deliveryMethod?: DeliveryMethodId | undefined;
  address: Record<string, string>;
  /**
   * The invoice for the order's total, checked by the caller's rules (it may throw the caller's error, which rolls
   * the placement back).
   */
  invoiceFor: (total: number) => Record<string, string> | null;
  idempotencyKey: string;
  /** A claimed coupon to use (one per purchase). */
  userCouponId?: string | undefined;
  /** Mi Points to use, checked against the balance inside the transaction. */
  points?: number | undefined;
  /** The shopper's evaluated trade-in to take off a new phone. */
  tradeInId?: string | undefined;
  /** Gift card codes paying part of the order (at most 10). */
  giftCards?: readonly string[] | undefined;
  /**
   * The shopper agreed to a pre-order (the checkout showed a deposit): a cart with a pre-order line needs it, and if
   * the deposit window has closed meanwhile the order is refused rather than placed at the full price they never saw.
   */
  agreedPreOrder: boolean;
  /** The versions of the terms of sale and the privacy policy the checkout showed, recorded with the order. */
  legal: LegalAcceptance;
  /** A company purchase by a GOOD enterprise account: tiers and business limits, its VAT exemption. */
  business?: { accountId: string; vatExempt: boolean } | null;
  /** The confirmation mail, written once the order number is known; queued in the order's transaction. */
  mail: (order: OrderRow, lines: OrderLineRow[], plans: InsuredPlan[]) => OutgoingMail;
  /** The receipt, when gift cards pay the whole order at once. */
  receipt: (order: OrderRow, giftCards: IssuedGiftCard[]) => OutgoingMail;
}

/** Why an order was not placed; server/checkout/refusal-error.ts turns each into the API's answer. */
export type PlaceRefusal =
  | { ok: false; reason: 'unpaid_exists'; orderId: string }
  | { ok: false; reason: 'in_review_exists'; orderId: string }
  | { ok: false; reason: 'blocked'; quote: Quote }
  | { ok: false; reason: 'stock'; commodityId: string }
  | { ok: false; reason: 'coupon' }
  | { ok: false; reason: 'trade_in' }
  | { ok: false; reason: 'gift_card'; code: string; problem: GiftCardProblem | 'changed' }
  | { ok: false; reason: 'presale_closed' }
  | { ok: false; reason: 'pre_order_agreement' };

/** A placed order (or the one an earlier request with the same key placed), or why none was. */
export type PlaceResult = { ok: true; order: OrderRow; replayed: boolean } | PlaceRefusal;

/**
 * What the steps of one placement know so far. Each step reads what earlier steps found and adds its own part;
 * the fields a later step needs are set by the step named beside them.
 */
export interface Placement {
  input: PlaceInput;
  repos: CheckoutRepos;
  /** The placement's transaction (set when it begins). */
  tx: Queryable;
  /** readClub: the buyer's Mi Club membership in the country (null for a company purchase). */
  club: ClubMembership | null;
  /**
   * checkCart: the cart's lines with this country's offers, the F-code gate and the pre-sales in their deposit window.
   */
  cart: CartLine[];
  gate: FcodeGate;
  presales: Map<string, PresaleTerms>;
  /**
   * chooseGiftCards, chooseTradeIn, chooseCoupon, choosePoints: the shopper's choices, resolved against their account.
   */
  giftCards: CheckoutGiftCard[];
  tradeIn: UsableTradeIn | null;
  coupon: UserCouponRow | null;
  points: PointsWish | null;
  /** price: what the order costs. */
  quote?: Quote;
  /** checkAgreements: the invoice the caller checked against the total. */
  invoice: Record<string, string> | null;
  /** assessRisk: the risk rules that fired (the order is written in review when there are any). */
  review: ReviewReason[];
  /** writeOrder and writeLines: the new order and its lines. */
  order?: OrderRow;
  lines: OrderLineRow[];
}

/**
 * A refusal found after the order was written: thrown, so the transaction rolls back everything the placement wrote.
 */
export class Refusal extends Error {
  constructor(readonly result: PlaceRefusal) {
    super(`order refused: ${result.reason}`);
    this.name = 'Refusal';
  }
}

/** The quote, once the price step has run. */
export function priced(p: Placement): Quote {
  if (!p.quote) throw new Error('checkout: a step needs the quote before the price step ran');
  return p.quote;
}

/** The order, once the write-order step has run. */
export function written(p: Placement): OrderRow {
  if (!p.order) throw new Error('checkout: a step needs the order before the write-order step ran');
  return p.order;
}

/** A step of placement: it ends the run by returning a result (committing what came before) or throwing a Refusal. */
export type PlacementStep = Step<Placement, PlaceResult>;
