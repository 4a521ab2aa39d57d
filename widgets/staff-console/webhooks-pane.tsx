import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { adoptStyles } from '../lib/styles';
import { dateTime, SUPPORT_CSS, type Strings } from '../lib/support-parts';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import {
  WEBHOOK_EVENT_KINDS,
  webhooksApi,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhooksApi,
  type WebhookEventKind,
} from './webhooks-api';
import type { StaffPaneProps } from './staff-api';

const WEBHOOKS_CSS = `
.staff-webhooks table{border-collapse:collapse;inline-size:100%}
.staff-webhooks th,.staff-webhooks td{text-align:start;padding:.375rem .5rem;vertical-align:top;
border-block-end:1px solid var(--color-line,#e0e0e0)}
.staff-webhooks__scroll{overflow-x:auto}
.staff-webhooks fieldset{display:flex;flex-wrap:wrap;gap:.75rem;border:0;padding:0;margin:0}
.staff-webhooks fieldset label{display:inline-flex;align-items:center;gap:.375rem;font-weight:400}
.staff-webhooks__secret code{word-break:break-all;font-size:1rem}
.staff-webhooks__actions{display:flex;flex-wrap:wrap;gap:.5rem}
.staff-webhooks [data-state=failed]{color:#c62828}
`;

const COUNTRIES = /^([a-z]{2})(\s*,\s*[a-z]{2})*$/;
const at = (iso: string | null) => (iso ? dateTime(Date.parse(iso)) : '—');

/** The last attempt in words: the receiver's status, no answer in time, or the network's own code. */
function lastAttempt(s: Strings, d: WebhookDelivery): string {
  if (d.lastStatus !== null) return t(s, 'console.webhooks.httpStatus', { status: d.lastStatus });
  if (d.lastError === 'timeout') return t(s, 'console.webhooks.timeout');
  return d.lastError ?? '—';
}

/** One endpoint's deliveries, newest first, each resendable unless an attempt is under way. */
function Deliveries({ s, calls, endpoint }: { s: Strings; calls: WebhooksApi; endpoint: WebhookEndpoint }) {
  const notice = useSignal<string | null>(null);
  const list = useResource(() => calls.deliveries(endpoint.id), { strings: s }, [endpoint.id]);
  const resend = useSubmit((id: string) => calls.resend(id), {
    strings: s,
    error: list.error,
    onSuccess: async () => {
      notice.value = t(s, 'console.webhooks.resent');
      await list.reload();
    },
  });
  const rows = list.data.value;
  return (
    <section aria-labelledby="staff-webhooks-deliveries" data-testid="staff-webhooks-deliveries">
      <h3 id="staff-webhooks-deliveries">{t(s, 'console.webhooks.deliveriesOf', { url: endpoint.url })}</h3>
      {list.error.value ? <p role="alert">{list.error.value}</p> : null}
      <p role="status">{notice.value ?? ''}</p>
      <p>
        <button type="button" onClick={() => void list.reload()} aria-disabled={list.loading.value}>
          {t(s, 'console.webhooks.refresh')}
        </button>
      </p>
      {rows && rows.length === 0 ? <p>{t(s, 'console.webhooks.noDeliveries')}</p> : null}
      {rows && rows.length > 0 ? (
        <div class="staff-webhooks__scroll" tabIndex={0} role="region" aria-labelledby="staff-webhooks-deliveries">
          <table>
            <thead>
              <tr>
                <th scope="col">{t(s, 'console.webhooks.col.event')}</th>
                <th scope="col">{t(s, 'console.webhooks.col.order')}</th>
                <th scope="col">{t(s, 'console.webhooks.col.state')}</th>
                <th scope="col">{t(s, 'console.webhooks.col.attempts')}</th>
                <th scope="col">{t(s, 'console.webhooks.col.last')}</th>
                <th scope="col">{t(s, 'console.webhooks.col.next')}</th>
                <th scope="col">{t(s, 'console.webhooks.col.delivered')}</th>
                <th scope="col">
                  <span class="visually-hidden">{t(s, 'console.webhooks.resend')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id} data-state={d.state}>
                  <th scope="row" id={`staff-webhooks-delivery-${d.id}`}>
                    {t(s, `console.webhooks.kind.${d.kind}`)} <code>{d.eventId}</code>
                  </th>
                  <td>{d.orderId}</td>
                  <td data-state={d.state}>{t(s, `console.webhooks.state.${d.state}`)}</td>
                  <td>{d.attempts}</td>
                  <td>{lastAttempt(s, d)}</td>
                  <td>{at(d.nextAttemptAt)}</td>
                  <td>{at(d.deliveredAt)}</td>
                  <td>
                    {d.state === 'sending' ? null : (
                      <button
                        type="button"
                        aria-describedby={`staff-webhooks-delivery-${d.id}`}
                        aria-disabled={resend.busy.value}
                        onClick={() => void resend.run(d.id)}
                      >
                        {t(s, 'console.webhooks.resend')}
                      </button>
                    )}
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

/** The form that adds an endpoint: its address, the events it wants, and its countries (none: all). */
function AddEndpoint({
  s,
  calls,
  onMade,
}: {
  s: Strings;
  calls: WebhooksApi;
  onMade: (url: string, secret: string) => Promise<void>;
}) {
  const url = useSignal('');
  const kinds = useSignal<WebhookEventKind[]>([...WEBHOOK_EVENT_KINDS]);
  const countries = useSignal('');
  const description = useSignal('');
  const problem = useSignal<string | null>(null);
  const add = useSubmit(calls.create, {
    strings: s,
    onSuccess: async (made) => {
      url.value = '';
      countries.value = '';
      description.value = '';
      await onMade(made.endpoint.url, made.secret ?? '');
    },
  });

  async function submit(e: Event) {
    e.preventDefault();
    if (add.busy.value) return;
    const list = countries.value.trim().toLowerCase();
    if (kinds.value.length === 0) problem.value = t(s, 'console.webhooks.error.kinds');
    else if (list !== '' && !COUNTRIES.test(list)) problem.value = t(s, 'console.webhooks.error.countries');
    else problem.value = null;
    if (problem.value) return;
    await add.run({
      url: url.value.trim(),
      kinds: kinds.value,
      countries: list === '' ? [] : list.split(',').map((c) => c.trim()),
      description: description.value.trim(),
    });
  }

  return (
    <form data-testid="staff-webhooks-add" onSubmit={(e) => void submit(e)}>
      <h3>{t(s, 'console.webhooks.add')}</h3>
      <label>
        {t(s, 'console.webhooks.url')}
        <input
          name="url"
          type="url"
          required
          maxLength={500}
          autoComplete="off"
          placeholder="https://"
          value={url.value}
          onInput={(e) => (url.value = e.currentTarget.value)}
        />
      </label>
      <fieldset>
        <legend>{t(s, 'console.webhooks.events')}</legend>
        {WEBHOOK_EVENT_KINDS.map((k) => (
          <label key={k}>
            <input
              type="checkbox"
              name="kinds"
              value={k}
              checked={kinds.value.includes(k)}
              onChange={(e) =>
                (kinds.value = e.currentTarget.checked
                  ? WEBHOOK_EVENT_KINDS.filter((x) => x === k || kinds.value.includes(x))
                  : kinds.value.filter((x) => x !== k))
              }
            />
            {t(s, `console.webhooks.kind.${k}`)}
          </label>
        ))}
      </fieldset>
      <label>
        {t(s, 'console.webhooks.countries')}
        <input
          name="countries"
          autoComplete="off"
          maxLength={240}
          aria-describedby="staff-webhooks-countries-hint"
          value={countries.value}
          onInput={(e) => (countries.value = e.currentTarget.value)}
        />
        <span class="hint" id="staff-webhooks-countries-hint">
          {t(s, 'console.webhooks.countriesHint')}
        </span>
      </label>
      <label>
        {t(s, 'console.webhooks.description')}
        <input
          name="description"
          maxLength={200}
          value={description.value}
          onInput={(e) => (description.value = e.currentTarget.value)}
        />
      </label>
      {problem.value || add.error.value ? <p role="alert">{problem.value ?? add.error.value}</p> : null}
      <p>
        <button type="submit" aria-disabled={add.busy.value}>
          {t(s, 'console.webhooks.add')}
        </button>
      </p>
    </form>
  );
}

/**
 * The staff console's webhooks pane: the endpoints order events are posted to (added, paused and resumed, their
 * secret rotated; a new secret is shown here once), and per endpoint its delivery log with a resend.
 * @example <WebhooksPane strings={props.strings} />
 */
export function WebhooksPane({ strings: s, api }: StaffPaneProps) {
  adoptStyles('support-desk', SUPPORT_CSS);
  adoptStyles('staff-webhooks', WEBHOOKS_CSS);
  const calls = webhooksApi(api ?? undefined);
  const endpoints = useResource(() => calls.list(), { strings: s });
  const open = useSignal<string | null>(null);
  const secret = useSignal<{ url: string; secret: string } | null>(null);
  const change = useSubmit(
    async (e: WebhookEndpoint, what: 'pause' | 'resume' | 'rotate'): Promise<void> => {
      if (what !== 'rotate') {
        await calls.setActive(e.id, what === 'resume');
        return;
      }
      const r = await calls.rotate(e.id);
      secret.value = { url: r.endpoint.url, secret: r.secret ?? '' };
    },
    { strings: s, error: endpoints.error, onSuccess: () => endpoints.reload() },
  );

  async function made(url: string, value: string) {
    secret.value = { url, secret: value };
    await endpoints.reload();
  }

  const list = endpoints.data.value;
  const opened = list?.find((e) => e.id === open.value) ?? null;
  return (
    <section class="support-desk staff-webhooks" data-testid="staff-webhooks" aria-labelledby="staff-webhooks-title">
      <h2 id="staff-webhooks-title">{t(s, 'console.webhooks.tab')}</h2>
      <p>{t(s, 'console.webhooks.intro')}</p>
      {secret.value ? (
        <div class="notice staff-webhooks__secret" role="status" data-testid="staff-webhooks-secret">
          <p>{t(s, 'console.webhooks.secretTitle', { url: secret.value.url })}</p>
          <p>
            <code>{secret.value.secret}</code>
          </p>
          <p>{t(s, 'console.webhooks.secretNote')}</p>
        </div>
      ) : null}
      {endpoints.error.value ? <p role="alert">{endpoints.error.value}</p> : null}
      {list && list.length === 0 ? <p>{t(s, 'console.webhooks.none')}</p> : null}
      {list && list.length > 0 ? (
        <div class="staff-webhooks__scroll" tabIndex={0} role="region" aria-labelledby="staff-webhooks-title">
          <table data-testid="staff-webhooks-endpoints">
            <thead>
              <tr>
                <th scope="col">{t(s, 'console.webhooks.col.endpoint')}</th>
                <th scope="col">{t(s, 'console.webhooks.events')}</th>
                <th scope="col">{t(s, 'console.webhooks.countries')}</th>
                <th scope="col">{t(s, 'console.webhooks.col.status')}</th>
                <th scope="col">{t(s, 'console.webhooks.col.deliveries')}</th>
                <th scope="col">
                  <span class="visually-hidden">{t(s, 'console.webhooks.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((e) => (
                <tr key={e.id} data-endpoint={e.id}>
                  <th scope="row" id={`staff-webhooks-endpoint-${e.id}`}>
                    <code>{e.url}</code>
                    {e.description ? <div>{e.description}</div> : null}
                    <div class="hint">{t(s, 'console.webhooks.secretHint', { hint: e.secretHint })}</div>
                  </th>
                  <td>{e.kinds.map((k) => t(s, `console.webhooks.kind.${k}`)).join(', ')}</td>
                  <td>{e.countries.length === 0 ? t(s, 'console.webhooks.allCountries') : e.countries.join(', ')}</td>
                  <td>{t(s, e.active ? 'console.webhooks.active' : 'console.webhooks.paused')}</td>
                  <td>
                    {t(s, 'console.webhooks.counts', { pending: e.pending, failed: e.failed, delivered: e.delivered })}
                  </td>
                  <td class="staff-webhooks__actions">
                    <button
                      type="button"
                      aria-describedby={`staff-webhooks-endpoint-${e.id}`}
                      aria-expanded={open.value === e.id}
                      onClick={() => (open.value = open.value === e.id ? null : e.id)}
                    >
                      {t(s, 'console.webhooks.showDeliveries')}
                    </button>
                    <button
                      type="button"
                      aria-describedby={`staff-webhooks-endpoint-${e.id}`}
                      aria-disabled={change.busy.value}
                      onClick={() => void change.run(e, e.active ? 'pause' : 'resume')}
                    >
                      {t(s, e.active ? 'console.webhooks.pause' : 'console.webhooks.resume')}
                    </button>
                    <button
                      type="button"
                      aria-describedby={`staff-webhooks-endpoint-${e.id}`}
                      aria-disabled={change.busy.value}
                      onClick={() => void change.run(e, 'rotate')}
                    >
                      {t(s, 'console.webhooks.rotate')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {opened ? <Deliveries key={opened.id} s={s} calls={calls} endpoint={opened} /> : null}
      <AddEndpoint s={s} calls={calls} onMade={made} />
    </section>
  );
}
