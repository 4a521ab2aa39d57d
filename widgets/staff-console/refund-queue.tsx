import { useSignal } from '@preact/signals';
import { camel, t } from '../lib/strings';
import { money } from '../lib/money';
import { dateOnly, type Strings } from '../lib/support-parts';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import type { QueuedRefund, StaffApi } from './staff-api';

/**
 * Refunds waiting for staff across the country's orders, so none is missed for want of its order number: the ones
 * a provider refused (with its failure code and how often it was tried: send it again, or pay it by hand) and the
 * ones only staff pay (a bank transfer: mark it paid once sent), the earliest promised first. `onOpen` shows an
 * order in the pane.
 */
export function RefundQueue({
  s,
  calls,
  onOpen,
}: {
  s: Strings;
  calls: StaffApi;
  onOpen: (orderId: string) => unknown;
}) {
  const error = useSignal('');
  const notice = useSignal('');
  const queue = useResource(() => calls.refundQueue(), { strings: s, error });
  const acting = useSubmit(
    async (r: QueuedRefund, action: 'done' | 'retry') => {
      if (action === 'done') {
        await calls.refundDone(r.id);
        return t(s, 'console.payments.markedDone', { id: r.id });
      }
      const after = await calls.refundRetry(r.id);
      return t(s, 'console.payments.retried', { id: r.id, state: t(s, `console.payments.refundState.${after.state}`) });
    },
    {
      strings: s,
      error,
      onSuccess: async (text) => {
        notice.value = text;
        await queue.reload();
      },
    },
  );
  const rows = queue.data.value;
  return (
    <section class="staff-refund-queue" aria-labelledby="staff-refund-queue-title" data-testid="staff-refund-queue">
      <h3 id="staff-refund-queue-title">{t(s, 'console.refunds.queue.title')}</h3>
      <p role="status">{notice.value}</p>
      {error.value ? <p role="alert">{error.value}</p> : null}
      {rows && rows.length === 0 ? <p>{t(s, 'console.refunds.queue.empty')}</p> : null}
      {rows && rows.length > 0 ? (
        <div class="staff-payments__scroll" role="region" aria-labelledby="staff-refund-queue-title" tabIndex={0}>
          <table class="order-table">
            <thead>
              <tr>
                <th scope="col">{t(s, 'console.refunds.queue.order')}</th>
                <th scope="col">{t(s, 'console.payments.customer')}</th>
                <th scope="col">{t(s, 'console.payments.col.reason')}</th>
                <th scope="col">{t(s, 'console.payments.col.amount')}</th>
                <th scope="col">{t(s, 'console.payments.col.state')}</th>
                <th scope="col">{t(s, 'console.payments.col.failure')}</th>
                <th scope="col">{t(s, 'console.payments.col.attempts')}</th>
                <th scope="col">{t(s, 'console.payments.col.dueBy')}</th>
                <th scope="col">{t(s, 'console.payments.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-refund={r.id} data-state={r.state}>
                  <th scope="row">
                    <button type="button" class="link" onClick={() => void onOpen(r.orderId)}>
                      {r.orderId}
                    </button>
                  </th>
                  <td>{r.email}</td>
                  <td>{t(s, `order.refund.reason.${camel(r.reason)}`)}</td>
                  <td>{money(r.amount, r.exponent)}</td>
                  <td>{t(s, `console.payments.refundState.${r.state}`)}</td>
                  <td>{r.failureCode ? <code>{r.failureCode}</code> : '—'}</td>
                  <td>{r.attempts}</td>
                  <td>{dateOnly(r.dueBy)}</td>
                  <td>
                    <div class="staff-payments__actions">
                      {r.canRetry ? (
                        <button type="button" disabled={acting.busy.value} onClick={() => void acting.run(r, 'retry')}>
                          {t(s, 'console.payments.retry')}
                        </button>
                      ) : null}
                      {r.canMarkDone ? (
                        <button type="button" disabled={acting.busy.value} onClick={() => void acting.run(r, 'done')}>
                          {t(s, 'console.payments.markDone')}
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
