import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { money } from '../lib/money';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import type { PriceDisplay } from '../../region-config/price-display.schema';
import type { Order } from '../request/orders-api';
import { codApi } from '../request/cod-api';

type Strings = Record<string, string> | undefined;

/** Orders in these states may have been confirmed by cash on delivery (an unpaid one has not been yet). */
const AFTER_CONFIRMATION = new Set<Order['state']>([
  'processing',
  'partially_shipped',
  'shipped',
  'delivered',
  'cancelled',
]);

/**
 * The order page's cash-on-delivery part: "pay on delivery: amount" while the parcel is on its way, what was paid
 * at the door once delivered, the refusal at the door, and the cancellation before it ships (nothing to refund, so
 * the confirmation says so). Shows nothing for an order paid another way.
 */
export function CodOrder({
  order: o,
  strings: s,
  display,
  onChanged,
}: {
  order: Order;
  strings: Strings;
  display: PriceDisplay | undefined;
  onChanged: () => unknown;
}) {
  const asking = useSignal(false);
  const message = useSignal('');
  const cod = useResource(
    () => (AFTER_CONFIRMATION.has(o.state) ? codApi.of(o.orderId) : Promise.resolve(null)),
    { strings: s },
    [o.orderId, o.state],
  );
  const cancel = useSubmit(() => codApi.cancel(o.orderId), {
    strings: s,
    error: message,
    onSuccess: async () => {
      asking.value = false;
      await onChanged();
    },
  });
  const c = cod.data.value;
  if (!c) return null;
  const amount = money(c.amount, o.amounts.exponent, display);
  const text =
    c.state === 'open'
      ? t(s, 'payment.cod.order.due', { amount })
      : c.state === 'collected'
        ? t(s, 'payment.cod.order.collected', { amount })
        : c.state === 'refused'
          ? t(s, 'payment.cod.order.refused')
          : t(s, 'payment.cod.order.cancelled');
  return (
    <section class="cod-order" data-testid="cod-order" data-state={c.state}>
      <p>
        <strong>{text}</strong>
      </p>
      {c.state === 'open' && c.fee > 0 ? (
        <p>{t(s, 'payment.cod.fee', { fee: money(c.fee, o.amounts.exponent, display) })}</p>
      ) : null}
      <p role="alert" class="form-message">
        {message.value}
      </p>
      {c.cancellable && !asking.value ? (
        <p class="form-actions">
          <button
            type="button"
            class="button button--secondary"
            onClick={() => (asking.value = true)}
            data-testid="cod-cancel"
          >
            {t(s, 'payment.cod.order.cancel')}
          </button>
        </p>
      ) : null}
      {c.cancellable && asking.value ? (
        <div class="order-cancel-confirm" data-testid="cod-cancel-confirm">
          <p>{t(s, 'payment.cod.order.cancelAsk')}</p>
          <p class="form-actions">
            <button
              type="button"
              class="button button--primary"
              disabled={cancel.busy.value}
              onClick={() => void cancel.run()}
              data-testid="cod-cancel-yes"
            >
              {t(s, 'payment.cod.order.cancel')}
            </button>
            <button type="button" class="button button--secondary" onClick={() => (asking.value = false)}>
              {t(s, 'payment.cod.order.keep')}
            </button>
          </p>
        </div>
      ) : null}
    </section>
  );
}
