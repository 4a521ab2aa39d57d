import { useSignal } from '@preact/signals';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { t } from '../lib/strings';
import { charCount, GRIEVANCE_TYPES, LIMITS, type SupportApi, type TicketThread } from '../request/support-api';
import { TicketItem } from './my-requests';
import { Alert, dateTime, FieldError, fieldMessage, requestTypeLabel, type Strings } from '../lib/support-parts';

/** Grievance redressal: a complaint of up to 1500 characters, answered within 48 hours (the grievance deadline). */
export function GrievanceForm({ s, api, urlLocal }: { s: Strings; api: SupportApi; urlLocal: string }) {
  const category = useSignal('');
  const text = useSignal('');
  const orderId = useSignal('');
  const fields = useSignal<Record<string, string>>({});
  const sent = useSignal<TicketThread | null>(null);
  const sending = useSubmit(
    () =>
      api.grievance({
        category: category.value,
        text: text.value.trim(),
        ...(orderId.value.trim() ? { orderId: orderId.value.trim() } : {}),
      }),
    {
      strings: s,
      onSuccess: (r) => (sent.value = r),
      onFailure: (f) => (fields.value = f.fields),
    },
  );
  const error = sending.failure;
  const busy = sending.busy;

  async function submit(e: Event) {
    e.preventDefault();
    const f: Record<string, string> = {};
    if (!category.value) f['category'] = 'unknown';
    const n = charCount(text.value);
    if (n < LIMITS.grievanceText.min) f['text'] = 'short';
    else if (n > LIMITS.grievanceText.max) f['text'] = 'long';
    if (orderId.value.trim() && !/^[0-9]{1,18}$/.test(orderId.value.trim())) f['orderId'] = 'invalid';
    fields.value = f;
    error.value = null;
    if (Object.keys(f).length > 0) return;
    await sending.run();
  }

  if (sent.value) {
    const g = sent.value.ticket;
    return (
      <div class="notice" role="status" data-testid="grievance-sent">
        <p>{t(s, 'supportDesk.grievance.sent', { number: g.number, time: g.dueAt ? dateTime(g.dueAt) : '' })}</p>
        <p>
          <a href={`/${urlLocal}/support/grievance-redressal/history/`}>{t(s, 'supportDesk.grievance.history')}</a>
        </p>
      </div>
    );
  }
  const f = fields.value;
  return (
    <form class="support-desk" onSubmit={submit} noValidate data-testid="grievance-form">
      <p class="hint">
        {t(s, 'supportDesk.grievance.intro', { count: LIMITS.grievanceHours })}{' '}
        {t(s, 'supportDesk.grievance.escalation', { count: LIMITS.escalationHours })}
      </p>
      <label>
        {t(s, 'supportDesk.grievance.category')}
        <select
          name="category"
          value={category.value}
          onChange={(e) => (category.value = e.currentTarget.value)}
          aria-invalid={f['category'] ? 'true' : undefined}
        >
          <option value="">{t(s, 'supportDesk.form.choose')}</option>
          {GRIEVANCE_TYPES.map((g) => (
            <option key={g} value={g}>
              {requestTypeLabel(s, 'grievance', g)}
            </option>
          ))}
        </select>
        <FieldError id="gr-cat-err" text={fieldMessage(s, f['category'])} />
      </label>
      <label>
        {t(s, 'supportDesk.grievance.text')}
        <textarea
          name="text"
          rows={8}
          value={text.value}
          onInput={(e) => (text.value = e.currentTarget.value)}
          aria-invalid={f['text'] ? 'true' : undefined}
          aria-describedby="gr-count gr-text-err"
        />
        <span class="hint" id="gr-count" aria-live="polite">
          {t(s, 'supportDesk.form.count', {
            current: charCount(text.value),
            min: LIMITS.grievanceText.min,
            count: LIMITS.grievanceText.max,
          })}
        </span>
        <FieldError id="gr-text-err" text={fieldMessage(s, f['text'], LIMITS.grievanceText)} />
      </label>
      <label>
        {t(s, 'supportDesk.form.orderId')}
        <input
          name="orderId"
          inputMode="numeric"
          value={orderId.value}
          onInput={(e) => (orderId.value = e.currentTarget.value)}
          aria-invalid={f['orderId'] ? 'true' : undefined}
        />
        <FieldError id="gr-order-err" text={f['orderId'] ? t(s, 'supportDesk.field.orderId') : null} />
      </label>
      <Alert f={error.value} />
      <p>
        <button type="submit" disabled={busy.value}>
          {t(s, 'supportDesk.grievance.submit')}
        </button>
      </p>
      <p>
        <a href={`/${urlLocal}/support/grievance-redressal/history/`}>{t(s, 'supportDesk.grievance.history')}</a>
      </p>
    </form>
  );
}

/** The grievance history: the user's grievances with their status and escalation. */
export function GrievanceHistory({ s, api, urlLocal }: { s: Strings; api: SupportApi; urlLocal: string }) {
  const grievances = useResource(() => api.myTickets('grievance'), { strings: s });
  const list = grievances.data;
  const error = grievances.failure;
  if (error.value) return <Alert f={error.value} />;
  if (!list.value) return <p>{t(s, 'supportDesk.common.loading')}</p>;
  return (
    <section class="support-desk" data-testid="grievance-history">
      {list.value.length === 0 ? (
        <p>{t(s, 'supportDesk.grievance.none')}</p>
      ) : (
        <ul class="support-desk__list">
          {list.value.map((g) => (
            <TicketItem key={g.id} s={s} ticket={g} urlLocal={urlLocal} />
          ))}
        </ul>
      )}
      <p>
        <a href={`/${urlLocal}/support/grievance-redressal/`}>{t(s, 'supportDesk.grievance.new')}</a>
      </p>
    </section>
  );
}
