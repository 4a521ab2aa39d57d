import { ApiError, Errno } from '../../errors';
import { message } from '../../i18n';
import type { Storefront } from '../../storefront';
import type { PaidCancelRefusal, PaidCancellation } from '../../orders/cancel-paid-order';
import type { RefundOrderResult } from '../../orders/refund-order';
import type { OrderCancelAnswer } from '../../schemas/refunds';

/** Why a paid order was not cancelled, as the envelope's error (a missing order is the route's 404). */
export function paidCancelError(storefront: Storefront, reason: Exclude<PaidCancelRefusal, 'not_found'>): ApiError {
  switch (reason) {
    case 'shipped':
      return new ApiError(Errno.ORDER_SHIPPED, message(storefront, 'order.cancel.error.shipped'));
    case 'already_cancelled':
      // The errno every cancellation of an order in the wrong state has answered with, unpaid or paid.
      return new ApiError(Errno.ORDER_NOT_PAYABLE, message(storefront, 'order.cancel.error.alreadyCancelled'));
    case 'gift_card_used':
      return new ApiError(Errno.CANCEL_GIFT_CARD_USED, message(storefront, 'order.cancel.error.giftCardUsed'));
    case 'presale':
      return new ApiError(Errno.CANCEL_PRESALE, message(storefront, 'order.cancel.error.presale'));
    case 'not_paid':
      return new ApiError(Errno.ORDER_NOT_PAYABLE, message(storefront, 'order.error.notCancellable'));
  }
}

/** Why a refund was refused, as the envelope's error (a missing order is the route's 404). */
export function refundError(
  storefront: Storefront,
  refused: Exclude<Extract<RefundOrderResult, { ok: false }>['reason'], 'not_found'>,
  refundable: number,
): ApiError {
  switch (refused) {
    case 'over_refundable':
      return new ApiError(Errno.REFUND_OVER_REFUNDABLE, message(storefront, 'order.refund.error.overRefundable'), 200, {
        refundable,
      });
    case 'nothing_left':
      return new ApiError(Errno.REFUND_NOTHING_LEFT, message(storefront, 'order.refund.error.nothingLeft'));
    case 'not_paid':
      return new ApiError(Errno.REFUND_NOT_PAID, message(storefront, 'order.refund.error.notPaid'));
    case 'currency':
    case 'invalid_amount':
      return new ApiError(Errno.REFUND_INVALID, message(storefront, 'order.refund.error.invalid'));
  }
}

/** The answer to a cancellation: what a paid order gave back and took back; all zero for an unpaid one. */
export function cancelAnswer(done: PaidCancellation | null): OrderCancelAnswer {
  return {
    state: 'cancelled',
    refunded: done?.refunded ?? 0,
    coupon_returned: done?.couponReturned ?? false,
    points_taken_back: done?.pointsTakenBack ?? 0,
    points_not_taken_back: done?.pointsNotTakenBack ?? 0,
    points_redeemed: done?.pointsRedeemed ?? 0,
    gift_cards_voided: done?.giftCardsVoided ?? 0,
  };
}
