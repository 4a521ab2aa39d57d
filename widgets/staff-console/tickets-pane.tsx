import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';
import { TICKET_STATUS_LIST, type TicketStatus, type TicketThread } from './ticket-statuses';
import { staffApi, type StaffPaneProps } from './staff-api';
import { StorageLine } from './storage-line';
import { PriorityBadge } from './priority-badge';
import {
  Alert,
  dateTime,
  failure,
  requestTypeLabel,
  statusLabel,
  SUPPORT_CSS,
  type Failure,
  type Strings,
} from '../lib/support-parts';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';

/**
 * One ticket for staff: the thread, an answer, the status (only the moves the server allows) and the escalation level.
 */
function TicketDetail({
  s,
  api,
  id,
  onBack,
}: {
  s: Strings;
  api: ReturnType<typeof staffApi>;
  id: string;
  onBack: () => void;
}) {
  const thread = useSignal<TicketThread | null>(null);
  const error = useSignal<Failure | null>(null);
  const text = useSignal('');
  const status = useSignal<TicketStatus | ''>('');
  const level = useSignal(0);
  const notice = useSignal<string | null>(null);

  const show = (r: TicketThread) => {
    thread.value = r;
    status.value = '';
    level.value = r.ticket.escalationLevel;
  };
  useEffect(() => {
    api.ticket(id).then(show, (e: unknown) => (error.value = failure(e, s)));
  }, [id]);

  const acting = useSubmit((call: () => Promise<TicketThread>, done: string) => call().then((r) => ({ r, done })), {
    strings: s,
    failure: error,
    onSuccess: ({ r, done }) => {
      show(r);
      notice.value = done;
    },
  });
  const busy = acting.busy;
  const run = (call: () => Promise<TicketThread>, done: string) => {
    notice.value = null;
    return acting.run(call, done);
  };

  if (!thread.value) return error.value ? <Alert f={error.value} /> : <p>{t(s, 'supportDesk.common.loading')}</p>;
  const { ticket, messages, nextStatuses = [] } = thread.value;
  return (
    <article class="support-desk__card" data-testid="staff-ticket" data-status={ticket.status}>
      <p>
        <button type="button" onClick={onBack}>
          {t(s, 'supportDesk.staff.back')}
        </button>
      </p>
      <h3>
        {ticket.number} · <span class="support-desk__badge">{statusLabel(s, ticket.status)}</span>
        {ticket.priority ? (
          <>
            {' '}
            <PriorityBadge s={s} />
          </>
        ) : null}
      </h3>
      <dl>
        <dt>{t(s, 'supportDesk.staff.customer')}</dt>
        <dd>
          {ticket.name} &lt;{ticket.email}&gt; ·{' '}
          {t(s, ticket.kind === 'grievance' ? 'supportDesk.staff.kindGrievance' : 'supportDesk.staff.kindTicket')}
        </dd>
        <dt>{t(s, 'supportDesk.ticket.type')}</dt>
        <dd>
          {requestTypeLabel(s, ticket.kind, ticket.requestType)}
          {ticket.orderId ? ` · #${ticket.orderId}` : ''}
        </dd>
        <dt>{t(s, 'supportDesk.ticket.created')}</dt>
        <dd>{dateTime(ticket.createdAt)}</dd>
        {ticket.hasAccount && <StorageLine s={s} api={api} email={ticket.email} />}
      </dl>
      {ticket.dueAt !== null && (
        <p>
          {t(s, 'supportDesk.ticket.due', { time: dateTime(ticket.dueAt) })}
          {ticket.firstResponseAt === null && ticket.dueAt < Date.now() ? (
            <strong> · {t(s, 'supportDesk.staff.overdue')}</strong>
          ) : null}
        </p>
      )}
      {ticket.escalationLevel > 0 && (
        <p class="support-desk__badge">{t(s, 'supportDesk.ticket.escalation', { level: ticket.escalationLevel })}</p>
      )}
      <ol class="support-desk__thread">
        {messages.map((m) => (
          <li key={m.id} data-author={m.author}>
            <strong>{m.author === 'staff' ? t(s, 'supportDesk.ticket.staff') : ticket.name}</strong> · {dateTime(m.at)}
            <br />
            {m.body}
          </li>
        ))}
      </ol>
      {ticket.status !== 'closed' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.value.trim())
              void run(() => api.reply(ticket.id, text.value.trim()), t(s, 'supportDesk.staff.sent')).then(
                () => (text.value = ''),
              );
          }}
        >
          <label>
            {t(s, 'supportDesk.staff.reply')}
            <textarea
              name="staff-reply"
              rows={5}
              maxLength={1500}
              value={text.value}
              onInput={(e) => (text.value = e.currentTarget.value)}
            />
          </label>
          <p class="hint">
            {ticket.hasAccount ? t(s, 'supportDesk.staff.account') : t(s, 'supportDesk.staff.visitor')}
          </p>
          <p>
            <button type="submit" disabled={busy.value || !text.value.trim()}>
              {t(s, 'supportDesk.staff.send')}
            </button>
          </p>
        </form>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(
            () =>
              api.update(ticket.id, {
                ...(status.value ? { status: status.value } : {}),
                escalationLevel: level.value,
              }),
            t(s, 'supportDesk.staff.saved'),
          );
        }}
      >
        {nextStatuses.length > 0 && (
          <label>
            {t(s, 'supportDesk.staff.moveTo')}
            <select
              name="status"
              value={status.value}
              onChange={(e) => (status.value = e.currentTarget.value as TicketStatus)}
            >
              <option value="">{statusLabel(s, ticket.status)}</option>
              {nextStatuses.map((x) => (
                <option key={x} value={x}>
                  {statusLabel(s, x)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t(s, 'supportDesk.staff.escalation')}
          <select
            name="escalation"
            value={String(level.value)}
            onChange={(e) => (level.value = Number(e.currentTarget.value))}
          >
            {[0, 1, 2, 3].map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <p>
          <button type="submit" disabled={busy.value}>
            {t(s, 'supportDesk.staff.save')}
          </button>
        </p>
      </form>
      {notice.value && <p role="status">{notice.value}</p>}
      <Alert f={error.value} />
    </article>
  );
}

/**
 * The staff console's ticket pane: the queue of the storefront's country (active tickets, the priority club's
 * customers first, then by escalation; or a status, a kind and a search), and one ticket to answer and move.
 * @example <TicketsPane strings={props.strings} api={props.api} />
 */
export function TicketsPane({ strings, api }: StaffPaneProps) {
  adoptStyles('support-desk', SUPPORT_CSS);
  const s = strings;
  const calls = staffApi(api ?? undefined);
  const status = useSignal('active');
  const kind = useSignal('');
  const q = useSignal('');
  const open = useSignal<string | null>(null);

  const tickets = useResource(() => calls.tickets({ status: status.value, kind: kind.value, q: q.value.trim() }), {
    strings: s,
  });
  const list = tickets.data;
  const error = tickets.failure;
  const load = tickets.reload;

  if (open.value)
    return (
      <section class="support-desk" data-testid="staff-tickets">
        <TicketDetail
          s={s}
          api={calls}
          id={open.value}
          onBack={() => {
            open.value = null;
            void load();
          }}
        />
      </section>
    );
  return (
    <section class="support-desk" data-testid="staff-tickets" aria-labelledby="staff-tickets-title">
      <h2 id="staff-tickets-title">{t(s, 'supportDesk.staff.tickets')}</h2>
      <form
        class="support-desk__filters"
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
      >
        <label>
          {t(s, 'supportDesk.staff.status')}
          <select name="status" value={status.value} onChange={(e) => (status.value = e.currentTarget.value)}>
            <option value="active">{t(s, 'supportDesk.staff.active')}</option>
            <option value="all">{t(s, 'supportDesk.staff.all')}</option>
            {TICKET_STATUS_LIST.map((x) => (
              <option key={x} value={x}>
                {statusLabel(s, x)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t(s, 'supportDesk.staff.kind')}
          <select name="kind" value={kind.value} onChange={(e) => (kind.value = e.currentTarget.value)}>
            <option value="">{t(s, 'supportDesk.staff.all')}</option>
            <option value="ticket">{t(s, 'supportDesk.staff.kindTicket')}</option>
            <option value="grievance">{t(s, 'supportDesk.staff.kindGrievance')}</option>
          </select>
        </label>
        <label>
          {t(s, 'supportDesk.staff.search')}
          <input name="q" type="search" value={q.value} onInput={(e) => (q.value = e.currentTarget.value)} />
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
              <th scope="col">#</th>
              <th scope="col">{t(s, 'supportDesk.staff.status')}</th>
              <th scope="col">{t(s, 'supportDesk.staff.customer')}</th>
              <th scope="col">{t(s, 'supportDesk.ticket.type')}</th>
              <th scope="col">{t(s, 'supportDesk.staff.escalation')}</th>
              <th scope="col">{t(s, 'supportDesk.ticket.created')}</th>
            </tr>
          </thead>
          <tbody>
            {list.value.map((tk) => (
              <tr key={tk.id} data-ticket={tk.number} data-priority={tk.priority ? 'true' : 'false'}>
                <th scope="row">
                  <button type="button" onClick={() => (open.value = tk.id)}>
                    {tk.number}
                  </button>
                  {tk.priority ? (
                    <>
                      {' '}
                      <PriorityBadge s={s} />
                    </>
                  ) : null}
                </th>
                <td>{statusLabel(s, tk.status)}</td>
                <td>
                  {tk.name} · {tk.email}
                </td>
                <td>
                  {requestTypeLabel(s, tk.kind, tk.requestType)}: {tk.summary}
                </td>
                <td>{tk.escalationLevel}</td>
                <td>{dateTime(tk.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
