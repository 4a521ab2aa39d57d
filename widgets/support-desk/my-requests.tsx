import { useSignal } from '@preact/signals';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { t } from '../lib/strings';
import type { Appointment, SupportApi, Ticket } from '../request/support-api';
import { SlotPicker } from './slot-picker';
import {
  Alert,
  dateTime,
  requestTypeLabel,
  serviceLabel,
  stateLabel,
  statusLabel,
  type Strings,
} from '../lib/support-parts';

/** One appointment with cancel and reschedule while the rules allow (the server checks again). */
function AppointmentItem({ s, api, initial }: { s: Strings; api: SupportApi; initial: Appointment }) {
  const a = useSignal(initial);
  const moving = useSignal(false);
  const start = useSignal<number | null>(null);
  const done = useSignal<string | null>(null);
  const change = useSubmit(
    (call: () => Promise<Appointment>, message: (x: Appointment) => string) => call().then((x) => ({ x, message })),
    {
      strings: s,
      onSuccess: ({ x, message }) => {
        a.value = x;
        done.value = message(x);
        moving.value = false;
      },
    },
  );
  const error = change.failure;
  const busy = change.busy;
  const run = change.run;
  const x = a.value;
  return (
    <li class="support-desk__card" data-testid="appointment" data-state={x.state} data-appointment={x.id}>
      <h3>
        {t(s, 'supportDesk.appointment.number', { id: x.id })} ·{' '}
        <span class="support-desk__badge">{stateLabel(s, x.state)}</span>
      </h3>
      <p>
        {serviceLabel(s, x.service)} · {x.centreName}, {x.centreAddress}
      </p>
      <p data-testid="appointment-time">
        {t(s, 'supportDesk.appointment.at', { date: x.localDate, time: x.localTime })}
      </p>
      {x.note && <p class="hint">{x.note}</p>}
      {x.canChange && x.changeUntil !== null && (
        <p class="hint">{t(s, 'supportDesk.appointment.changeUntil', { time: dateTime(x.changeUntil) })}</p>
      )}
      {done.value && <p role="status">{done.value}</p>}
      {x.canChange && !moving.value && (
        <p>
          <button type="button" disabled={busy.value} onClick={() => (moving.value = true)}>
            {t(s, 'supportDesk.appointment.reschedule')}
          </button>{' '}
          <button
            type="button"
            disabled={busy.value}
            onClick={() =>
              void run(
                () => api.cancel(x.id),
                () => t(s, 'supportDesk.appointment.cancelled'),
              )
            }
          >
            {t(s, 'supportDesk.appointment.cancel')}
          </button>
        </p>
      )}
      {moving.value && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (start.value !== null)
              void run(
                () => api.reschedule(x.id, start.value!),
                (n) => t(s, 'supportDesk.appointment.rescheduled', { date: n.localDate, time: n.localTime }),
              );
          }}
        >
          <SlotPicker s={s} api={api} centreId={x.centreId} name={`move-${x.id}`} onPick={(v) => (start.value = v)} />
          <p>
            <button type="submit" disabled={busy.value}>
              {t(s, 'supportDesk.appointment.reschedule')}
            </button>{' '}
            <button type="button" onClick={() => (moving.value = false)}>
              {t(s, 'supportDesk.appointment.keep')}
            </button>
          </p>
        </form>
      )}
      <Alert f={error.value} />
    </li>
  );
}

/** A ticket in a list: number, status, what it is about, and the link to its page. */
export function TicketItem({ s, ticket, urlLocal }: { s: Strings; ticket: Ticket; urlLocal: string }) {
  return (
    <li class="support-desk__card" data-testid="ticket-item" data-status={ticket.status}>
      <h3>
        <a href={`/${urlLocal}/support/ticket/?id=${ticket.id}`}>{ticket.number}</a> ·{' '}
        <span class="support-desk__badge">{statusLabel(s, ticket.status)}</span>
        {ticket.escalationLevel > 0 && (
          <span class="support-desk__badge">
            {' '}
            {t(s, 'supportDesk.ticket.escalation', { level: ticket.escalationLevel })}
          </span>
        )}
      </h3>
      <p class="hint">
        {requestTypeLabel(s, ticket.kind, ticket.requestType)} · {dateTime(ticket.createdAt)}
      </p>
      <p>{ticket.summary}</p>
    </li>
  );
}

/** The "my request" area (/user/my-request): the user's support requests and appointments. */
export function MyRequests({ s, api, urlLocal }: { s: Strings; api: SupportApi; urlLocal: string }) {
  const appointments = useSignal<Appointment[] | null>(null);
  const tickets = useSignal<Ticket[] | null>(null);
  const mine = useResource(
    () =>
      Promise.all([api.myTickets(), api.myAppointments()]).then(([tk, ap]) => {
        tickets.value = tk;
        appointments.value = ap;
      }),
    { strings: s },
  );
  const error = mine.failure;
  if (error.value) return <Alert f={error.value} />;
  if (!tickets.value || !appointments.value) return <p>{t(s, 'supportDesk.common.loading')}</p>;
  return (
    <div class="support-desk" data-testid="my-requests">
      <section aria-labelledby="my-appointments">
        <h2 id="my-appointments">{t(s, 'supportDesk.mine.appointments')}</h2>
        {appointments.value.length === 0 ? (
          <p>{t(s, 'supportDesk.mine.noAppointments')}</p>
        ) : (
          <ul class="support-desk__list">
            {appointments.value.map((a) => (
              <AppointmentItem key={a.id} s={s} api={api} initial={a} />
            ))}
          </ul>
        )}
        <p>
          <a href={`/${urlLocal}/support/service-center/`}>{t(s, 'supportDesk.mine.book')}</a>
        </p>
      </section>
      <section aria-labelledby="my-tickets">
        <h2 id="my-tickets">{t(s, 'supportDesk.mine.tickets')}</h2>
        {tickets.value.length === 0 ? (
          <p>{t(s, 'supportDesk.mine.noTickets')}</p>
        ) : (
          <ul class="support-desk__list">
            {tickets.value.map((tk) => (
              <TicketItem key={tk.id} s={s} ticket={tk} urlLocal={urlLocal} />
            ))}
          </ul>
        )}
        <p>
          <a href={`/${urlLocal}/support/offline-form/`}>{t(s, 'supportDesk.mine.contact')}</a>
        </p>
      </section>
    </div>
  );
}
