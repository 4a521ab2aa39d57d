import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { useResource } from '../lib/use-resource';
import { dateTime, type Strings } from '../lib/support-parts';
import { alertsApi } from '../request/alerts-api';
import { site } from '../state/site';

const COUNTRY = /^[a-z]{2}$/;

/**
 * The console's alerts pane: the versions of a country shoppers are waiting for (most waited for first, with the
 * stock now) and the sales with reminders waiting. It only reads: a restock in the inventory pane tells everyone
 * waiting for the version at once.
 */
export function AlertsPane({ strings: s }: { strings: Strings }) {
  const local = useSignal(site.value.local);
  const shown = useSignal(site.value.local);
  const error = useSignal('');
  const demand = useResource(() => alertsApi.staff(shown.value), { strings: s, error }, [shown.value]);
  const d = demand.data.value;
  return (
    <section class="staff-alerts" data-testid="staff-alerts">
      <p>{t(s, 'alert.console.intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!COUNTRY.test(local.value)) return void (error.value = t(s, 'console.inventory.error.country'));
          error.value = '';
          shown.value = local.value;
        }}
      >
        <label>
          {t(s, 'console.inventory.country')}{' '}
          <input
            value={local.value}
            maxLength={2}
            onInput={(e) => (local.value = (e.target as HTMLInputElement).value.trim().toLowerCase())}
          />
        </label>{' '}
        <button type="submit" class="btn">
          {t(s, 'console.inventory.find')}
        </button>
      </form>
      {error.value ? <p role="alert">{error.value}</p> : null}
      {!d ? null : d.offers.length === 0 && d.sales.length === 0 ? (
        <p role="status">{t(s, 'alert.console.none')}</p>
      ) : (
        <>
          <table data-testid="staff-alerts-offers">
            <caption>{t(s, 'alert.console.versions')}</caption>
            <thead>
              <tr>
                <th scope="col">{t(s, 'console.inventory.col.product')}</th>
                <th scope="col">{t(s, 'console.inventory.col.stock')}</th>
                <th scope="col">{t(s, 'alert.console.waiting')}</th>
                <th scope="col">{t(s, 'alert.console.since')}</th>
              </tr>
            </thead>
            <tbody>
              {d.offers.map((o) => (
                <tr key={o.commodityId} data-commodity={o.commodityId}>
                  <th scope="row">{o.spec ? `${o.name} (${o.spec})` : o.name}</th>
                  <td>{o.stock}</td>
                  <td>{o.waiting}</td>
                  <td>{dateTime(o.oldestAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table data-testid="staff-alerts-sales">
            <caption>{t(s, 'alert.console.sales')}</caption>
            <thead>
              <tr>
                <th scope="col">{t(s, 'alert.console.sale')}</th>
                <th scope="col">{t(s, 'alert.console.starts')}</th>
                <th scope="col">{t(s, 'alert.console.waiting')}</th>
              </tr>
            </thead>
            <tbody>
              {d.sales.map((r) => (
                <tr key={`${r.saleKind}:${r.saleId}`} data-sale={r.saleId}>
                  <th scope="row">{r.name}</th>
                  <td>{dateTime(r.startsAt)}</td>
                  <td>{r.waiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
