import type { Database } from '../db/types';
import { runSteps } from './run-steps';
import {
  Refusal,
  type CheckoutRepos,
  type PlaceInput,
  type PlaceResult,
  type Placement,
  type PlacementStep,
} from './placement';
import { lockBuyer } from './steps/lock-buyer';
import { readClub } from './steps/club';
import { checkCart } from './steps/check-cart';
import { chooseGiftCards, spendGiftCards } from './steps/gift-cards';
import { chooseTradeIn, redeemTradeIn } from './steps/trade-in';
import { chooseCoupon, redeemCoupon } from './steps/coupon';
import { choosePoints, redeemPoints } from './steps/points';
import { price } from './steps/price';
import { checkAgreements, recordAgreements } from './steps/check-agreements';
import { unpaidOrder } from './steps/unpaid-order';
import { checkBlockers } from './steps/check-blockers';
import { assessRisk, holdForReview, inReviewOrder } from './steps/review';
import { writeLines, writeOrder } from './steps/write-order';
import { writeInsurance } from './steps/insurance';
import { reserveStock } from './steps/reserve-stock';
import { useFcodes } from './steps/fcodes';
import { queueConfirmation } from './steps/queue-confirmation';
import { settleByGiftCards } from './steps/settle-by-gift-cards';

/**
 * Placement, in order. The choices are resolved before the unpaid-order rule, so a choice that is not the shopper's
 * to use is named first; a step that refuses before `writeOrder` returns its refusal (what came before, at most the
 * cancellation of an overdue unpaid order, is kept), one after it throws and the whole order rolls back.
 */
export const PLACEMENT_STEPS: readonly PlacementStep[] = [
  lockBuyer,
  readClub,
  checkCart,
  chooseGiftCards,
  chooseTradeIn,
  chooseCoupon,
  choosePoints,
  price,
  checkAgreements,
  unpaidOrder,
  inReviewOrder,
  checkBlockers,
  assessRisk,
  writeOrder,
  recordAgreements,
  reserveStock,
  redeemCoupon,
  redeemPoints,
  useFcodes,
  redeemTradeIn,
  spendGiftCards,
  writeLines,
  writeInsurance,
  holdForReview,
  queueConfirmation,
  settleByGiftCards,
];

/**
 * Places the order of the checked cart lines: the steps above in one transaction. A retry with the same
 * idempotency key returns the first order; the database allows one unpaid order per user.
 */
export async function placeOrder(db: Database, repos: CheckoutRepos, input: PlaceInput): Promise<PlaceResult> {
  const earlier = await repos.orders.byKey(db, input.userId, input.idempotencyKey);
  if (earlier) return { ok: true, order: earlier, replayed: true };
  const placement: Placement = {
    input,
    repos,
    tx: db,
    club: null,
    cart: [],
    gate: { required: new Set(), held: new Map() },
    presales: new Map(),
    giftCards: [],
    tradeIn: null,
    coupon: null,
    points: null,
    invoice: null,
    review: [],
    lines: [],
  };
  try {
    const result = await runSteps(PLACEMENT_STEPS, placement, {
      transaction: (body) =>
        db.transaction(async (tx) => {
          placement.tx = tx;
          return body();
        }),
      failed: (r) => !r.ok,
    });
    if (!result) throw new Error('checkout: the last step ends every placement with its result');
    return result;
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}
