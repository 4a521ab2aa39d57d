import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';
import type { Appointment, Centre } from '../request/support-api';
import { staffApi, type StaffPaneProps } from './staff-api';
import { Alert, failure, serviceLabel, stateLabel, SUPPORT_CSS, type Failure } from '../lib/support-parts';
import { useSubmit } from '../lib/use-submit';

/** Today in a time zone as YYYY-MM-DD (en-CA writes ISO dates). */
const today = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/**
 * The staff console's appointment pane: a centre's day (or every centre's), and closing each
 * appointment as completed or no-show once it began, or cancelling it before; the customer gets a message.
 * @example <AppointmentsPane strings={props.strings} api={props.api} />
 */
export function AppointmentsPane({ strings, api }: StaffPaneProps) {
  adoptStyles('support-desk', SUPPORT_CSS);
  const s = strings;
  const calls = staffApi(api ?? undefined);
  const centres = useSignal<Centre[]>([]);
  const centreId = useSignal('');
  const date = useSignal(today());
  const list = useSignal<Appointment[] | null>(null);
  const error = useSignal<Failure | null>(null);

  async function load() {
    error.value = null;
    try {
      list.value = await calls.appointments({ centreId: centreId.value, date: date.value });
    } catch (e) {
      error.value = failure(e, s);
    }
  }
  useEffect(() => {
    calls.centres().then(
      (c) => {
        centres.value = c;
        if (c[0]) date.value = today(c[0].timezone);
        void load();
      },
      (e: unknown) => (error.value = failure(e, s)),
    );
  }, []);

  const setting = useSubmit(
    (id: string, state: 'completed' | 'no_show' | 'cancelled') => calls.setAppointment(id, state),
    {
      strings: s,
      failure: error,
      onSuccess: (updated) => (list.value = (list.value ?? []).map((x) => (x.id === updated.id ? updated : x))),
    },
  );
  const busy = setting.busy;
  const set = (a: Appointment, state: 'completed' | 'no_show' | 'cancelled') => setting.run(a.id, state);

  return (
    <section class="support-desk" data-testid="staff-appointments" aria-labelledby="staff-appointments-title">
      <h2 id="staff-appointments-title">{t(s, 'supportDesk.staff.appointments')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
      >
        <label>
          {t(s, 'supportDesk.staff.centre')}
          <select name="centre" value={centreId.value} onChange={(e) => (centreId.value = e.currentTarget.value)}>
            <option value="">{t(s, 'supportDesk.staff.allCentres')}</option>
            {centres.value.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.city})
              </option>
            ))}
          </select>
        </label>
        <label>
          {t(s, 'supportDesk.staff.date')}
          <input name="date" type="date" value={date.value} onInput={(e) => (date.value = e.currentTarget.value)} />
        </label>
        <p>
          <button type="submit">{t(s, 'supportDesk.staff.filter')}</button>
        </p>
      </form>
      <Alert f={error.value} />
      {list.value === null ? (
        <p>{t(s, 'supportDesk.common.loading')}</p>
      ) : list.value.length === 0 ? (
        <p>{t(s, 'supportDesk.staff.none')}</p>
      ) : (
        <table class="order-table">
          <thead>
            <tr>
              <th scope="col">{t(s, 'supportDesk.centres.time')}</th>
              <th scope="col">{t(s, 'supportDesk.staff.centre')}</th>
              <th scope="col">{t(s, 'supportDesk.centres.service')}</th>
              <th scope="col">{t(s, 'supportDesk.staff.customer')}</th>
              <th scope="col">{t(s, 'supportDesk.ticket.status')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {list.value.map((a) => {
              const begun = a.slotStart <= Date.now();
              return (
                <tr key={a.id} data-appointment={a.id} data-state={a.state}>
                  <td>
                    {a.localDate} {a.localTime}
                  </td>
                  <td>{a.centreName}</td>
                  <td>
                    {serviceLabel(s, a.service)}
                    {a.note ? ` · ${a.note}` : ''}
                  </td>
                  <td>
                    {a.customerName ?? ''} {a.customerEmail ?? ''}
                  </td>
                  <td>{stateLabel(s, a.state)}</td>
                  <td>
                    {a.state === 'confirmed' &&
                      (begun ? (
                        <>
                          <button type="button" disabled={busy.value} onClick={() => void set(a, 'completed')}>
                            {t(s, 'supportDesk.staff.markCompleted')}
                          </button>{' '}
                          <button type="button" disabled={busy.value} onClick={() => void set(a, 'no_show')}>
                            {t(s, 'supportDesk.staff.markNoShow')}
                          </button>
                        </>
                      ) : (
                        <button type="button" disabled={busy.value} onClick={() => void set(a, 'cancelled')}>
                          {t(s, 'supportDesk.staff.cancel')}
                        </button>
                      ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
