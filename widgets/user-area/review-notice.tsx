import { t } from '../lib/strings';
import type { OrderState } from '../request/orders-api';

/**
 * On an order in review: it is being checked and cannot be paid yet (the shopper hears of the decision by message).
 */
export function ReviewNotice({
  state,
  strings: s,
}: {
  state: OrderState;
  strings: Record<string, string> | undefined;
}) {
  if (state !== 'in_review') return null;
  return (
    <p class="notice notice--info" role="status" data-testid="order-in-review">
      {t(s, 'review.order.pending')}
    </p>
  );
}
