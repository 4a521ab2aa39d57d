import { useComputed, useSignal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../lib/strings';
import { money } from '../lib/money';
import { adoptStyles } from '../lib/styles';
import { SUPPORT_CSS } from '../lib/support-parts';
import { useSubmit } from '../lib/use-submit';
import { staffApi, type OrderMoney, type StaffPaneProps, type StaffRefund } from './staff-api';
import {
  OrderSummary,
  PartsTable,
  PaymentsTable,
  PAYMENTS_CSS,
  RefundsTable,
  refundStateLabel,
} from './payments-tables';
import { RefundQueue } from './refund-queue';
import { OrderLegal } from './order-legal';

/** Staff cancel an unpaid order, or a paid one before anything shipped (refunded in full). */
const cancellable = (m: OrderMoney) => ['unpaid', 'paid', 'processing'].includes(m.order.state);

/** Order numbers are the orders' ids: digits only. */
const ORDER_NUMBER = /^\d{1,18}$/;

/**
 * The staff console's payments pane, for "where is my money?": an order looked up by its number shows its owner,
 * payments, split-payment parts and refunds. Staff cancel an unpaid order (after confirming), record a refund paid
 * back by hand, or send a refused refund to its provider again; each button shows only where the server allows it,
 * and after each action the order is read again, so what is shown is what the server recorded.
 * @example <PaymentsPane strings={props.strings} />
 */
export function PaymentsPane({ strings: s, api }: StaffPaneProps) {
  adoptStyles('support-desk', SUPPORT_CSS);
  adoptStyles('staff-payments', PAYMENTS_CSS);
  const calls = staffApi(api ?? undefined);
  const number = useSignal('');
  const shown = useSignal<OrderMoney | null>(null);
  const error = useSignal('');
  const notice = useSignal<string | null>(null);
  const lookup = useSubmit((id: string) => calls.orderMoney(id), {
    strings: s,
    error,
    onSuccess: (r) => (shown.value = r),
  });
  /** Runs an action on the shown order and reads the order again whatever the outcome, then says how it went. */
  const acting = useSubmit(
    async (orderId: string, action: () => Promise<string>) => {
      try {
        return await action();
      } finally {
        // The answer of the action says what happened; when this read fails, the table keeps what it showed.
        await calls.orderMoney(orderId).then(
          (r) => (shown.value = r),
          () => undefined,
        );
      }
    },
    { strings: s, error, onSuccess: (text) => (notice.value = text) },
  );
  const busy = useComputed(() => lookup.busy.value || acting.busy.value);
  const confirming = useSignal(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLDivElement>(null);

  const wasConfirming = useRef(false);
  // The confirmation takes the focus so it is read out; dismissing it gives the focus back to the button.
  useEffect(() => {
    if (confirming.value) question.current?.focus();
    else if (wasConfirming.current) cancelButton.current?.focus();
    wasConfirming.current = confirming.value;
  }, [confirming.value]);

  async function lookUp(e: Event) {
    e.preventDefault();
    const id = number.value.trim();
    notice.value = null;
    confirming.value = false;
    if (!ORDER_NUMBER.test(id)) {
      error.value = t(s, 'console.payments.error.numberFormat');
      shown.value = null;
      return;
    }
    shown.value = null;
    await lookup.run(id);
  }

  /** Shows an order of the refund queue, as if its number had been typed. */
  function open(id: string) {
    number.value = id;
    notice.value = null;
    confirming.value = false;
    return lookup.run(id);
  }

  function act(orderId: string, action: () => Promise<string>) {
    notice.value = null;
    confirming.value = false;
    return acting.run(orderId, action);
  }

  const cancel = (orderId: string, paid: boolean) =>
    act(orderId, async () => {
      await calls.cancelOrder(orderId, paid);
      return t(s, 'console.payments.cancelled', { id: orderId });
    });
  const markDone = (orderId: string, r: StaffRefund) =>
    act(orderId, async () => {
      await calls.refundDone(r.id);
      return t(s, 'console.payments.markedDone', { id: r.id });
    });
  const retry = (orderId: string, r: StaffRefund) =>
    act(orderId, async () => {
      const after = await calls.refundRetry(r.id);
      return t(s, 'console.payments.retried', { id: r.id, state: refundStateLabel(s, after.state) });
    });

  const m = shown.value;
  return (
    <section class="support-desk staff-payments" data-testid="staff-payments" aria-labelledby="staff-payments-title">
      <h2 id="staff-payments-title">{t(s, 'console.payments.title')}</h2>
      <RefundQueue s={s} calls={calls} onOpen={open} />
      <form role="search" data-testid="staff-payments-form" onSubmit={(e) => void lookUp(e)}>
        <label for="staff-payments-order">{t(s, 'console.payments.orderNumber')}</label>
        <input
          id="staff-payments-order"
          name="orderId"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={number.value}
          aria-invalid={error.value !== '' && m === null}
          aria-describedby={error.value ? 'staff-payments-error' : undefined}
          onInput={(e) => (number.value = e.currentTarget.value)}
        />
        <p>
          <button type="submit" disabled={busy.value}>
            {t(s, 'console.payments.find')}
          </button>
        </p>
      </form>
      {error.value ? (
        <p role="alert" id="staff-payments-error" data-testid="staff-payments-error">
          {error.value}
        </p>
      ) : null}
      <p role="status" class={notice.value ? 'notice' : undefined} data-testid="staff-payments-notice">
        {notice.value ?? ''}
      </p>
      {busy.value && !m ? <p>{t(s, 'supportDesk.common.loading')}</p> : null}
      {m ? (
        <>
          <OrderSummary s={s} m={m}>
            {cancellable(m) && !confirming.value ? (
              <p>
                <button
                  type="button"
                  ref={cancelButton}
                  disabled={busy.value}
                  data-testid="staff-order-cancel"
                  onClick={() => (confirming.value = true)}
                >
                  {t(s, 'console.payments.cancel')}
                </button>
              </p>
            ) : null}
            {cancellable(m) && confirming.value ? (
              <div
                class="staff-payments__confirm"
                role="group"
                aria-labelledby="staff-cancel-question"
                tabIndex={-1}
                ref={question}
                data-testid="staff-order-cancel-confirmation"
              >
                <p id="staff-cancel-question">
                  {m.order.state === 'unpaid'
                    ? t(s, 'console.payments.cancelConfirm', { id: m.order.id })
                    : t(s, 'console.refunds.cancelPaidConfirm', {
                        id: m.order.id,
                        amount: money(m.order.total, m.order.exponent),
                      })}
                </p>
                <div class="staff-payments__actions">
                  <button
                    type="button"
                    class="primary"
                    disabled={busy.value}
                    data-testid="staff-order-cancel-confirm"
                    onClick={() => void cancel(m.order.id, m.order.state !== 'unpaid')}
                  >
                    {t(s, 'console.payments.cancelYes')}
                  </button>
                  <button type="button" onClick={() => (confirming.value = false)}>
                    {t(s, 'console.payments.cancelNo')}
                  </button>
                </div>
              </div>
            ) : null}
          </OrderSummary>
          <OrderLegal s={s} orderId={m.order.id} api={api ?? undefined} />
          <PaymentsTable s={s} m={m} />
          <PartsTable s={s} m={m} />
          <RefundsTable
            s={s}
            m={m}
            busy={busy.value}
            onDone={(r) => void markDone(m.order.id, r)}
            onRetry={(r) => void retry(m.order.id, r)}
          />
        </>
      ) : null}
    </section>
  );
}
