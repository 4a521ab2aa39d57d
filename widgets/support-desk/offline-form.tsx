import { useSignal } from '@preact/signals';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { t } from '../lib/strings';
import { isValidEmail } from '../../region-config/validation';
import {
  charCount,
  LIMITS,
  REQUEST_TYPES,
  type ConfirmedTicket,
  type HeldRequest,
  type SupportApi,
} from '../request/support-api';
import { Alert, FieldError, fieldMessage, requestTypeLabel, type Strings } from '../lib/support-parts';
import { TicketView } from './ticket-view';

type Props = { s: Strings; api: SupportApi; urlLocal: string };

/** The confirmation token of the mailed link (?token=), or null on the form's own page. */
function confirmTokenFromLocation(loc: Pick<Location, 'search'> = location): string | null {
  const token = new URLSearchParams(loc.search).get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * /support/offline-form: visitors and users write to support (the offline form text: name up to 50, a valid email, a
 * request type, text 10–500). Sending mails a confirmation link to the address; the ticket opens only when that link
 * (this page with ?token=) is followed, so nobody can open tickets under someone else's address. Then the answer comes
 * by mail with the ticket number and a link; signed-in users also find it in their area.
 */
export function OfflineForm(props: Props) {
  const token = confirmTokenFromLocation();
  return token ? <ConfirmRequest {...props} token={token} /> : <RequestForm {...props} />;
}

/** Follows the mailed link: opens the ticket once and shows it (a reload shows it by its own link). */
function ConfirmRequest({ s, api, urlLocal, token }: Props & { token: string }) {
  const opened = useSignal<ConfirmedTicket | null>(null);
  const confirming = useResource(
    () =>
      api.confirmOffline(token).then((r) => {
        opened.value = r;
        history.replaceState(
          null,
          '',
          `/${urlLocal}/support/ticket/?${new URLSearchParams({ token: r.token }).toString()}`,
        );
        return r;
      }),
    { strings: s },
  );
  const error = confirming.failure;
  if (error.value)
    return (
      <div data-testid="offline-form-link-refused">
        <Alert f={error.value} />
        <RequestForm s={s} api={api} urlLocal={urlLocal} />
      </div>
    );
  if (!opened.value) return <p role="status">{t(s, 'supportDesk.form.confirming')}</p>;
  const { ticket, messages } = opened.value;
  return (
    <div>
      <div class="notice" role="status" data-testid="offline-form-confirmed" data-ticket={ticket.number}>
        <p>{t(s, 'supportDesk.form.sent', { number: ticket.number, email: ticket.email })}</p>
      </div>
      <TicketView s={s} api={api} refer={{ token: opened.value.token }} initial={{ ticket, messages }} />
    </div>
  );
}

function RequestForm({ s, api, urlLocal }: Props) {
  const name = useSignal('');
  const email = useSignal('');
  const type = useSignal('');
  const text = useSignal('');
  const orderId = useSignal('');
  const fields = useSignal<Record<string, string>>({});
  const sent = useSignal<HeldRequest | null>(null);
  const sending = useSubmit(
    () =>
      api.offline({
        name: name.value.trim(),
        email: email.value.trim(),
        requestType: type.value,
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

  function check(): Record<string, string> {
    const f: Record<string, string> = {};
    const n = charCount(name.value);
    if (n === 0) f['name'] = 'required';
    else if (n > LIMITS.name) f['name'] = 'long';
    if (!isValidEmail(email.value)) f['email'] = 'invalid';
    if (!type.value) f['requestType'] = 'unknown';
    const c = charCount(text.value);
    if (c < LIMITS.formText.min) f['text'] = 'short';
    else if (c > LIMITS.formText.max) f['text'] = 'long';
    if (orderId.value.trim() && !/^[0-9]{1,18}$/.test(orderId.value.trim())) f['orderId'] = 'invalid';
    return f;
  }

  async function submit(e: Event) {
    e.preventDefault();
    error.value = null;
    const f = check();
    fields.value = f;
    if (Object.keys(f).length > 0) return;
    await sending.run();
  }

  if (sent.value)
    return (
      <div class="notice" role="status" data-testid="offline-form-sent" data-email={sent.value.email}>
        <p>{t(s, 'supportDesk.form.checkMail', { email: sent.value.email, count: sent.value.expiresHours })}</p>
      </div>
    );
  const f = fields.value;
  const count = charCount(text.value);
  const err = (key: string, bounds?: { min?: number; max?: number }) => fieldMessage(s, f[key], bounds);
  return (
    <form onSubmit={submit} noValidate data-testid="offline-form">
      <p class="hint">{t(s, 'supportDesk.form.intro', { count: LIMITS.replyHours })}</p>
      <label>
        {t(s, 'supportDesk.form.name')}
        <input
          name="name"
          autocomplete="name"
          maxLength={LIMITS.name}
          value={name.value}
          onInput={(e) => (name.value = e.currentTarget.value)}
          aria-invalid={f['name'] ? 'true' : undefined}
          aria-describedby="of-name-err"
        />
        <FieldError id="of-name-err" text={err('name', { max: LIMITS.name })} />
      </label>
      <label>
        {t(s, 'supportDesk.form.email')}
        <input
          name="email"
          type="email"
          autocomplete="email"
          value={email.value}
          onInput={(e) => (email.value = e.currentTarget.value.trim())}
          aria-invalid={f['email'] ? 'true' : undefined}
          aria-describedby="of-email-err"
        />
        <FieldError id="of-email-err" text={err('email')} />
      </label>
      <label>
        {t(s, 'supportDesk.form.requestType')}
        <select
          name="requestType"
          value={type.value}
          onChange={(e) => (type.value = e.currentTarget.value)}
          aria-invalid={f['requestType'] ? 'true' : undefined}
          aria-describedby="of-type-err"
        >
          <option value="">{t(s, 'supportDesk.form.choose')}</option>
          {REQUEST_TYPES.map((r) => (
            <option key={r} value={r}>
              {requestTypeLabel(s, 'ticket', r)}
            </option>
          ))}
        </select>
        <FieldError id="of-type-err" text={err('requestType')} />
      </label>
      <label>
        {t(s, 'supportDesk.form.text')}
        <textarea
          name="text"
          rows={6}
          value={text.value}
          onInput={(e) => (text.value = e.currentTarget.value)}
          aria-invalid={f['text'] ? 'true' : undefined}
          aria-describedby="of-text-count of-text-err"
        />
        <span class="hint" id="of-text-count" aria-live="polite">
          {t(s, 'supportDesk.form.count', { current: count, min: LIMITS.formText.min, count: LIMITS.formText.max })}
        </span>
        <FieldError id="of-text-err" text={err('text', LIMITS.formText)} />
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
        <FieldError id="of-order-err" text={f['orderId'] ? t(s, 'supportDesk.field.orderId') : null} />
      </label>
      <Alert f={error.value} />
      <p>
        <button type="submit" disabled={busy.value}>
          {t(s, 'supportDesk.form.submit')}
        </button>
      </p>
      <p class="hint">
        <a href={`/${urlLocal}/user/my-request/`}>{t(s, 'supportDesk.mine.tickets')}</a>
      </p>
    </form>
  );
}
