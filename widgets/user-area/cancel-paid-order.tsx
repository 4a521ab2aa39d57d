import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { useSubmit } from '../lib/use-submit';
import { money } from '../lib/money';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import { checkoutApi, type Order } from '../request/orders-api';

type Strings = Record<string, string> | undefined;

/**
 * Cancelling a paid order before anything ships, in one click and a confirmation: the confirmation says what the
 * shopper gets back (the whole amount, where it was paid from, within the refund promise) and what they do not
 * (Mi Points redeemed on it are not refundable; points earned on it are taken back; a coupon only while valid).
 */
export function CancelPaidOrder({
  order: o,
  strings: s,
  display,
  onCancelled,
}: {
  order: Order;
  strings: Strings;
  display: PriceDisplay | undefined;
  onCancelled: () => unknown;
}) {
  const asking = useSignal(false);
  const done = useSignal(false);
  const cancel = useSubmit(() => checkoutApi.cancelAndRefund(o.orderId), {
    strings: s,
    onSuccess: async () => {
      done.value = true;
      asking.value = false;
      await onCancelled();
    },
  });
  if (done.value)
    return (
      <p role="status" data-testid="order-cancel-paid-done">
        {t(s, 'order.cancel.paid.done')}
      </p>
    );
  if (!o.cancellableAfterPayment) return null;
  if (!asking.value)
    return (
      <p class="form-actions">
        <button
          type="button"
          class="button button--secondary"
          onClick={() => (asking.value = true)}
          data-testid="order-cancel-paid"
        >
          {t(s, 'order.cancel.paid.open')}
        </button>
      </p>
    );
  return (
    <section class="order-cancel-confirm" aria-labelledby="order-cancel-title" data-testid="order-cancel-confirm">
      <h3 id="order-cancel-title">{t(s, 'order.cancel.paid.title')}</h3>
      <p>{t(s, 'order.cancel.paid.refund', { amount: money(o.amounts.total, o.amounts.exponent, display) })}</p>
      <ul>
        {o.pointsUsed > 0 ? <li>{t(s, 'order.cancel.paid.pointsUsed')}</li> : null}
        <li>{t(s, 'order.cancel.paid.pointsEarned')}</li>
        <li>{t(s, 'order.cancel.paid.coupon')}</li>
      </ul>
      <p class="form-actions">
        <button
          type="button"
          class="button button--primary"
          disabled={cancel.busy.value}
          onClick={() => void cancel.run()}
          data-testid="order-cancel-paid-confirm"
        >
          {t(s, 'order.cancel.paid.confirm')}
        </button>
        <button type="button" class="button button--secondary" onClick={() => (asking.value = false)}>
          {t(s, 'order.cancel.paid.keep')}
        </button>
      </p>
      <p role="alert">{cancel.error.value}</p>
    </section>
  );
}
