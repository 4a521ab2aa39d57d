import { useComputed, useSignal } from '@preact/signals';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { t } from '../lib/strings';
import { charCount, LIMITS, type SupportApi, type TicketRef, type TicketThread } from '../request/support-api';
import {
  Alert,
  dateOnly,
  dateTime,
  FieldError,
  fieldMessage,
  requestTypeLabel,
  statusLabel,
  type Strings,
} from '../lib/support-parts';

/** The ticket a page is about: ?token= from the mail link, or ?id= for the signed-in owner. */
export function ticketRefFromLocation(loc: Pick<Location, 'search'> = location): TicketRef | null {
  const q = new URLSearchParams(loc.search);
  const token = q.get('token');
  if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) return { token };
  const id = q.get('id');
  if (id && /^T?[0-9]{1,18}$/i.test(id)) return { id };
  return null;
}

/** A ticket with its thread: reply, reopen and the resolved / not-solved feedback, as its status allows. */
export function TicketView({
  s,
  api,
  refer,
  initial,
}: {
  s: Strings;
  api: SupportApi;
  refer: TicketRef;
  initial?: TicketThread;
}) {
  const thread = useSignal<TicketThread | null>(initial ?? null);
  const text = useSignal('');
  const textProblem = useSignal<string | undefined>(undefined);
  const thanks = useSignal(false);
  const loaded = useResource(
    () => (initial ? Promise.resolve(initial) : api.ticket(refer)).then((r) => (thread.value = r)),
    { strings: s },
  );
  const acting = useSubmit(
    (run: () => Promise<TicketThread>, after?: () => void) => run().then((r) => ({ r, after })),
    {
      strings: s,
      onSuccess: ({ r, after }) => {
        thread.value = r;
        after?.();
      },
      onFailure: (f) => (textProblem.value = f.fields['text']),
    },
  );
  const busy = acting.busy;
  // One line for the failures of loading and of acting: the last one shows.
  const error = useComputed(() => acting.failure.value ?? loaded.failure.value);
  const act = acting.run;

  function reply(e: Event) {
    e.preventDefault();
    const n = charCount(text.value);
    textProblem.value = n < LIMITS.reply.min ? 'short' : n > LIMITS.reply.max ? 'long' : undefined;
    if (textProblem.value) return;
    void act(
      () => api.reply(refer, text.value.trim()),
      () => (text.value = ''),
    );
  }

  if (!thread.value) return error.value ? <Alert f={error.value} /> : <p>{t(s, 'supportDesk.common.loading')}</p>;
  const { ticket, messages } = thread.value;
  return (
    <article
      class="support-desk__card"
      data-testid="ticket"
      data-status={ticket.status}
      aria-labelledby={`ticket-${ticket.id}`}
    >
      <h2 id={`ticket-${ticket.id}`}>{t(s, 'supportDesk.ticket.title', { number: ticket.number })}</h2>
      <dl>
        <dt>{t(s, 'supportDesk.ticket.status')}</dt>
        <dd data-testid="ticket-status">{statusLabel(s, ticket.status)}</dd>
        <dt>{t(s, 'supportDesk.ticket.type')}</dt>
        <dd>{requestTypeLabel(s, ticket.kind, ticket.requestType)}</dd>
        <dt>{t(s, 'supportDesk.ticket.created')}</dt>
        <dd>{dateTime(ticket.createdAt)}</dd>
      </dl>
      {ticket.dueAt !== null && ticket.firstResponseAt === null && (
        <p>{t(s, 'supportDesk.ticket.due', { time: dateTime(ticket.dueAt) })}</p>
      )}
      {ticket.escalationLevel > 0 && (
        <p class="support-desk__badge">{t(s, 'supportDesk.ticket.escalation', { level: ticket.escalationLevel })}</p>
      )}
      <ol class="support-desk__thread" data-testid="ticket-thread">
        {messages.map((m) => (
          <li key={m.id} data-author={m.author}>
            <strong>{t(s, m.author === 'staff' ? 'supportDesk.ticket.staff' : 'supportDesk.ticket.you')}</strong> ·{' '}
            <time dateTime={new Date(m.at).toISOString()}>{dateTime(m.at)}</time>
            <br />
            {m.body}
          </li>
        ))}
      </ol>
      {thanks.value && <p role="status">{t(s, 'supportDesk.ticket.thanks')}</p>}
      {ticket.canFeedback && (
        <fieldset>
          <legend>{t(s, 'supportDesk.ticket.feedbackQuestion')}</legend>
          <button
            type="button"
            class="primary"
            disabled={busy.value}
            onClick={() =>
              void act(
                () => api.feedback(refer, true),
                () => (thanks.value = true),
              )
            }
          >
            {t(s, 'supportDesk.ticket.feedbackYes')}
          </button>{' '}
          <button
            type="button"
            disabled={busy.value}
            onClick={() =>
              void act(
                () => api.feedback(refer, false),
                () => (thanks.value = true),
              )
            }
          >
            {t(s, 'supportDesk.ticket.feedbackNo')}
          </button>
        </fieldset>
      )}
      {ticket.canReply ? (
        <form onSubmit={reply} noValidate>
          <label>
            {t(s, 'supportDesk.ticket.reply')}
            <textarea
              name="reply"
              rows={4}
              value={text.value}
              onInput={(e) => (text.value = e.currentTarget.value)}
              aria-invalid={textProblem.value ? 'true' : undefined}
              aria-describedby="ticket-reply-err"
            />
            <FieldError id="ticket-reply-err" text={fieldMessage(s, textProblem.value, LIMITS.reply)} />
          </label>
          <p>
            <button type="submit" disabled={busy.value}>
              {t(s, 'supportDesk.ticket.send')}
            </button>
          </p>
        </form>
      ) : (
        <p>{t(s, 'supportDesk.ticket.closed')}</p>
      )}
      {ticket.canReopen && (
        <p>
          <button type="button" disabled={busy.value} onClick={() => void act(() => api.reopen(refer))}>
            {t(s, 'supportDesk.ticket.reopen')}
          </button>
        </p>
      )}
      {ticket.visibleUntil !== null && (
        <p class="hint">{t(s, 'supportDesk.ticket.visibleUntil', { date: dateOnly(ticket.visibleUntil) })}</p>
      )}
      <Alert f={error.value} />
    </article>
  );
}
