import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { alertsApi, type SaleReminder, type StockAlert } from '../request/alerts-api';

type Props = HostProps<'user-area'>;
type S = Props['strings'];

const when = (ms: number) =>
  new Date(ms).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What a closed alert or reminder says after its state, with its date. */
function stockLine(s: S, a: StockAlert): string {
  if (a.state === 'waiting') return t(s, 'alert.list.until', { date: when(a.expiresAt) });
  if (a.state === 'notified') return t(s, 'alert.list.notifiedAt', { date: when(a.closedAt ?? a.createdAt) });
  return when(a.closedAt ?? a.createdAt);
}

function saleLine(s: S, r: SaleReminder): string {
  if (r.state === 'waiting') return t(s, 'alert.list.remindAt', { date: when(r.remindAt) });
  return t(s, 'alert.list.startsAt', { date: when(r.startsAt) });
}

/**
 * /user/alerts: the shopper's back-in-stock alerts and sale reminders with their states (waiting, told, sent, missed,
 * cancelled, expired), each waiting one with its cancel button.
 */
export function AlertsScreen({ props }: { props: Props }) {
  const s = props.strings;
  const notice = useSignal<{ ok: boolean; text: string } | null>(null);
  const failed = (f: { message: string }) => (notice.value = { ok: false, text: f.message });
  const list = useResource(() => alertsApi.list(), { strings: s, onFailure: failed });
  const cancel = useSubmit((type: 'stock' | 'sale', id: string) => alertsApi.cancel({ type, id }), {
    strings: s,
    onSuccess: () => {
      notice.value = { ok: true, text: t(s, 'alert.cancelled') };
      return list.reload();
    },
    onFailure: failed,
  });
  const d = list.data.value;
  if (!d) return <p role="status">{notice.value?.text || t(s, 'common.loading')}</p>;
  const cancelButton = (type: 'stock' | 'sale', id: string, name: string) => (
    <button
      type="button"
      class="btn"
      disabled={cancel.busy.value}
      aria-label={t(s, 'alert.cancelNamed', { name })}
      onClick={() => void cancel.run(type, id)}
    >
      {t(s, 'alert.cancel')}
    </button>
  );
  return (
    <section class="inbox" data-testid="alerts">
      <h2>{t(s, 'alert.title')}</h2>
      <p>{t(s, 'alert.list.intro')}</p>
      {notice.value && <p role={notice.value.ok ? 'status' : 'alert'}>{notice.value.text}</p>}
      <h3>{t(s, 'alert.list.stock')}</h3>
      {d.stock.length === 0 ? (
        <p>{t(s, 'alert.list.noStock')}</p>
      ) : (
        <ul class="inbox__list" data-testid="stock-alerts">
          {d.stock.map((a) => {
            const name = a.spec ? `${a.name} (${a.spec})` : a.name;
            return (
              <li key={a.id} data-alert={a.id} data-state={a.state}>
                <a class="inbox__title" href={a.link}>
                  {name}
                </a>{' '}
                <strong>{t(s, `alert.state.${a.state}`)}</strong> · {stockLine(s, a)}{' '}
                {a.state === 'waiting' ? cancelButton('stock', a.id, name) : null}
              </li>
            );
          })}
        </ul>
      )}
      <h3>{t(s, 'alert.list.sales')}</h3>
      {d.sales.length === 0 ? (
        <p>{t(s, 'alert.list.noSales')}</p>
      ) : (
        <ul class="inbox__list" data-testid="sale-reminders">
          {d.sales.map((r) => (
            <li key={r.id} data-reminder={r.id} data-state={r.state}>
              <a class="inbox__title" href={r.link}>
                {r.name}
              </a>{' '}
              <strong>{t(s, `alert.state.${r.state}`)}</strong> · {saleLine(s, r)}{' '}
              {r.state === 'waiting' ? cancelButton('sale', r.id, r.name) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
