import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { failure } from '../checkout/failure';
import { messagesApi, type KindPrefs, type Preferences } from './messages-api';

type Props = HostProps<'user-area'>;

const KIND_LABELS: Record<KindPrefs['kind'], string> = {
  order: 'Order updates (confirmation, payment, cancellation)',
  service: 'Service and repair updates',
  ticket: 'Replies to your support tickets',
  review: 'Updates on your reviews',
};

/** /user/notification-preferences: mail and message per kind, the newsletter, and what is always sent. */
export function NotificationPreferences({ props }: { props: Props }) {
  const s = props.strings;
  const data = useSignal<Preferences | null>(null);
  const prefs = useSignal<KindPrefs[]>([]);
  const newsletter = useSignal(false);
  const notice = useSignal<{ ok: boolean; text: string } | null>(null);
  const busy = useSignal(false);
  const take = (p: Preferences) => {
    data.value = p;
    prefs.value = p.prefs.map((x) => ({ ...x }));
    newsletter.value = p.newsletter !== 'none';
  };
  useEffect(() => {
    messagesApi.preferences().then(take, (e: unknown) => (notice.value = { ok: false, text: failure(e, s).message }));
  }, []);
  const d = data.value;
  if (!d) return <p role="status">{notice.value?.text || t(s, 'common.loading', 'Loading…')}</p>;
  const toggle = (kind: KindPrefs['kind'], channel: 'mail' | 'message') =>
    (prefs.value = prefs.value.map((p) => (p.kind === kind ? { ...p, [channel]: !p[channel] } : p)));
  const save = async (e: Event) => {
    e.preventDefault();
    busy.value = true;
    try {
      // The newsletter is sent only when it changed: turning it on again must not reset a pending confirmation.
      const wasOn = d.newsletter !== 'none';
      take(await messagesApi.savePreferences({ prefs: prefs.value, ...(newsletter.value !== wasOn ? { newsletter: newsletter.value } : {}) }));
      notice.value = { ok: true, text: t(s, 'notify.saved', 'Your preferences are saved.') };
    } catch (err) {
      notice.value = { ok: false, text: failure(err, s).message };
    } finally {
      busy.value = false;
    }
  };
  return (
    <form class="inbox" data-testid="notification-preferences" onSubmit={(e) => void save(e)}>
      <p>{t(s, 'notify.intro', 'Choose which updates we send you by email and which appear in your messages.')}</p>
      <table class="order-table">
        <thead>
          <tr>
            <th scope="col">{t(s, 'notify.kind', 'Updates')}</th>
            <th scope="col">{t(s, 'notify.mail', 'Email')}</th>
            <th scope="col">{t(s, 'notify.message', 'Message')}</th>
          </tr>
        </thead>
        <tbody>
          {prefs.value.map((p) => {
            const label = t(s, `notify.kind.${p.kind}`, KIND_LABELS[p.kind]);
            return (
              <tr key={p.kind} data-kind={p.kind}>
                <th scope="row">{label}</th>
                <td>
                  <input type="checkbox" name={`${p.kind}-mail`} checked={p.mail} aria-label={`${label}: ${t(s, 'notify.mail', 'Email')}`} onChange={() => toggle(p.kind, 'mail')} />
                </td>
                <td>
                  <input type="checkbox" name={`${p.kind}-message`} checked={p.message} aria-label={`${label}: ${t(s, 'notify.message', 'Message')}`} onChange={() => toggle(p.kind, 'message')} />
                </td>
              </tr>
            );
          })}
          <tr data-kind="marketing">
            <th scope="row">{t(s, 'notify.marketing', 'Newsletter and offers by email')}</th>
            <td>
              <input type="checkbox" name="newsletter" checked={newsletter.value} aria-label={t(s, 'notify.marketing', 'Newsletter and offers by email')} onChange={() => (newsletter.value = !newsletter.value)} />
            </td>
            <td>—</td>
          </tr>
        </tbody>
      </table>
      {d.newsletter === 'pending' ? <p>{t(s, 'notify.marketing.pending', 'Your newsletter subscription waits for the confirmation link we mailed you.')}</p> : null}
      <p class="inbox__meta" data-testid="notify-always">
        {t(s, 'notify.always', 'Security mails (sign-in alerts, password reset and sign-up links) and system messages are always sent, whatever you choose here.')}
      </p>
      <p>
        <button type="submit" class="button" disabled={busy.value}>
          {t(s, 'notify.save', 'Save preferences')}
        </button>
      </p>
      <p role={notice.value && !notice.value.ok ? 'alert' : 'status'} data-testid="notify-notice">
        {notice.value?.text ?? ''}
      </p>
    </form>
  );
}
