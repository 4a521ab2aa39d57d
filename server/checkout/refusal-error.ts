import { ApiError, Errno } from '../errors';
import { message, translate } from '../i18n';
import { money } from '../orders/format-money';
import type { Storefront } from '../storefront';
import type { CommerceRules } from '../../sites/commerce';
import type { PlaceRefusal } from './placement';
import type { FinalRefusal } from './place-final';

/** Why the points the shopper asked for cannot be used, as errno and message. */
const POINTS_FAILURES = {
  not_enough: [Errno.POINTS_NOT_ENOUGH, 'points.error.notEnough'],
  below_minimum: [Errno.POINTS_BELOW_MINIMUM, 'points.error.belowMinimum'],
  over_share: [Errno.POINTS_OVER_SHARE, 'points.error.overShare'],
} as const;

const GIFT_CARD_FAILURES = {
  unknown: 'giftCard.error.unknown',
  not_yet: 'giftCard.error.notYet',
  expired: 'giftCard.error.expired',
  empty: 'giftCard.error.empty',
  changed: 'giftCard.error.changed',
} as const;

/** A refusal of checkout, of placing an order or of starting a pre-order's final payment. */
export type CheckoutRefusal = PlaceRefusal | FinalRefusal;

/**
 * The API's answer to a refusal of checkout, in the storefront's language: the one place that maps what checkout
 * refused to its errno, message and details. The quote, the placement and the final payment all answer through it.
 * @example throw refusalError(request.storefront, { ok: false, reason: 'coupon' }, rules);
 */
export function refusalError(
  storefront: Storefront,
  refusal: CheckoutRefusal,
  rules: Pick<CommerceRules, 'orderMaxMinor'>,
): ApiError {
  const t = (key: string) => message(storefront, key);
  switch (refusal.reason) {
    case 'unpaid_exists':
      return new ApiError(Errno.UNPAID_ORDER_EXISTS, t('order.error.unpaidExists'), 200, { order_id: refusal.orderId });
    case 'in_review_exists':
      return new ApiError(Errno.IN_REVIEW_ORDER_EXISTS, t('review.order.blocksNew'), 200, {
        order_id: refusal.orderId,
      });
    case 'trade_in':
      return new ApiError(Errno.TRADEIN_UNAVAILABLE, t('tradeIn.error.unavailable'));
    case 'gift_card':
      // The code at fault is named by its last four characters only (the shopper may not have bought it).
      return new ApiError(Errno.GIFT_CARD_UNUSABLE, t(GIFT_CARD_FAILURES[refusal.problem]), 200, {
        code: refusal.code.slice(-4),
        reason: refusal.problem,
      });
    case 'presale_closed':
      return new ApiError(Errno.PRESALE_WINDOW, t('campaign.error.depositClosed'));
    case 'coupon':
      return new ApiError(Errno.COUPON_UNAVAILABLE, t('coupon.error.unavailable'));
    case 'stock':
      return new ApiError(Errno.OUT_OF_STOCK, t('order.error.stock'), 200, { commodity_id: refusal.commodityId });
    case 'pre_order_agreement':
      return new ApiError(Errno.AGREEMENT_REQUIRED, t('order.error.preOrderAgreement'), 200, {
        fields: { agreePreOrder: 'required' },
      });
    case 'not_found':
      return new ApiError(Errno.NOT_FOUND, t('order.error.notFound'), 404);
    case 'window':
      return new ApiError(Errno.PRESALE_WINDOW, t('presale.error.window'), 200, {
        final_starts_at: refusal.opensAt.getTime(),
        final_ends_at: refusal.closesAt.getTime(),
      });
    case 'not_payable':
      return new ApiError(Errno.PRESALE_NOT_PAYABLE, t('presale.error.notPayable'), 200, { state: refusal.state });
    case 'blocked':
      return blockedError(storefront, refusal.quote, rules);
  }
}

/** The first of a quote's blockers, in the order the shopper can act on them. */
function blockedError(
  storefront: Storefront,
  q: Extract<PlaceRefusal, { reason: 'blocked' }>['quote'],
  rules: Pick<CommerceRules, 'orderMaxMinor'>,
): ApiError {
  const t = (key: string) => message(storefront, key);
  if (q.blockers.includes('empty')) return new ApiError(Errno.NOTHING_TO_ORDER, t('order.error.empty'));
  if (q.blockers.includes('lines')) {
    const lines = q.lines.filter((l) => l.problem).map((l) => ({ commodity_id: l.commodityId, problem: l.problem }));
    return new ApiError(Errno.LINES_NOT_AVAILABLE, t('order.error.lines'), 200, { lines });
  }
  if (q.blockers.includes('presale_alone')) return new ApiError(Errno.PRESALE_ALONE, t('presale.error.alone'));
  if (q.blockers.includes('presale_discounts'))
    return new ApiError(Errno.PRESALE_NO_DISCOUNTS, t('presale.error.discounts'));
  if (q.blockers.includes('trade_in') && q.tradeIn && !q.tradeIn.ok) {
    return new ApiError(
      Errno.TRADEIN_NOT_APPLICABLE,
      t(q.tradeIn.reason === 'no_phone' ? 'tradeIn.error.noPhone' : 'tradeIn.error.notEligible'),
      200,
      { reason: q.tradeIn.reason },
    );
  }
  if (q.blockers.includes('gift_cards'))
    return new ApiError(Errno.GIFT_CARD_UNUSABLE, t('giftCard.error.notForGiftCards'), 200, { reason: 'gift_cards' });
  if (q.blockers.includes('coupon')) {
    const reason = q.coupon?.effect.ok === false ? q.coupon.effect.reason : null;
    // A student offer's device price limit: the shopper reads the limit (the rule shown with the coupon).
    if (reason === 'price_cap' && q.coupon?.maxUnitPrice)
      return new ApiError(
        Errno.COUPON_NOT_APPLICABLE,
        translate(storefront, 'student.error.priceCap', {
          price: money(storefront, q.coupon.maxUnitPrice, q.currency),
        }),
        200,
        { reason, max_unit_price: q.coupon.maxUnitPrice },
      );
    return new ApiError(
      Errno.COUPON_NOT_APPLICABLE,
      t(reason === 'min_spend' ? 'coupon.error.minSpend' : 'coupon.error.notEligible'),
      200,
      { reason },
    );
  }
  if (q.blockers.includes('points') && q.points && !q.points.use.ok) {
    const [errno, key] = POINTS_FAILURES[q.points.use.reason];
    return new ApiError(errno, t(key), 200, {
      fields: { points: q.points.use.reason },
      max: q.points.use.max,
      min: q.points.rules.minRedeem,
    });
  }
  return new ApiError(Errno.ORDER_AMOUNT_MAX, t('order.error.amountMax'), 200, { max: rules.orderMaxMinor });
}
