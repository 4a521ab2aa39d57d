import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { messagesApi, type KindPrefs, type Preferences } from './messages-api';

type Props = HostProps<'user-area'>;

/** /user/notification-preferences: mail and message per kind, the newsletter, and what is always sent. */
export function NotificationPreferences({ props }: { props: Props }) {
  const s = props.strings;
  const prefs = useSignal<KindPrefs[]>([]);
  const newsletter = useSignal(false);
  const notice = useSignal<{ ok: boolean; text: string } | null>(null);
  const failed = (f: { message: string }) => (notice.value = { ok: false, text: f.message });
  const edit = (p: Preferences) => {
    prefs.value = p.prefs.map((x) => ({ ...x }));
    newsletter.value = p.newsletter !== 'none';
    return p;
  };
  const data = useResource(() => messagesApi.preferences().then(edit), { strings: s, onFailure: failed }).data;
  const saving = useSubmit(
    // The newsletter is sent only when it changed: turning it on again must not reset a pending confirmation.
    (wasOn: boolean) =>
      messagesApi.savePreferences({
        prefs: prefs.value,
        ...(newsletter.value !== wasOn ? { newsletter: newsletter.value } : {}),
      }),
    {
      strings: s,
      onSuccess: (p) => {
        data.value = edit(p);
        notice.value = { ok: true, text: t(s, 'notify.saved') };
      },
      onFailure: failed,
    },
  );
  const busy = saving.busy;
  const d = data.value;
  if (!d) return <p role="status">{notice.value?.text || t(s, 'common.loading')}</p>;
  const toggle = (kind: KindPrefs['kind'], channel: 'mail' | 'message') =>
    (prefs.value = prefs.value.map((p) => (p.kind === kind ? { ...p, [channel]: !p[channel] } : p)));
  const save = (e: Event) => {
    e.preventDefault();
    return saving.run(d.newsletter !== 'none');
  };
  return (
    <form class="inbox" data-testid="notification-preferences" onSubmit={(e) => void save(e)}>
      <p>{t(s, 'notify.intro')}</p>
      <table class="order-table">
        <thead>
          <tr>
            <th scope="col">{t(s, 'notify.kind')}</th>
            <th scope="col">{t(s, 'notify.mail')}</th>
            <th scope="col">{t(s, 'notify.message')}</th>
          </tr>
        </thead>
        <tbody>
          {prefs.value.map((p) => {
            const label = t(s, `notify.kind.${p.kind}`);
            return (
              <tr key={p.kind} data-kind={p.kind}>
                <th scope="row">{label}</th>
                <td>
                  <input
                    type="checkbox"
                    name={`${p.kind}-mail`}
                    checked={p.mail}
                    aria-label={`${label}: ${t(s, 'notify.mail')}`}
                    onChange={() => toggle(p.kind, 'mail')}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    name={`${p.kind}-message`}
                    checked={p.message}
                    aria-label={`${label}: ${t(s, 'notify.message')}`}
                    onChange={() => toggle(p.kind, 'message')}
                  />
                </td>
              </tr>
            );
          })}
          <tr data-kind="marketing">
            <th scope="row">{t(s, 'notify.marketing')}</th>
            <td>
              <input
                type="checkbox"
                name="newsletter"
                checked={newsletter.value}
                aria-label={t(s, 'notify.marketing')}
                onChange={() => (newsletter.value = !newsletter.value)}
              />
            </td>
            <td>—</td>
          </tr>
        </tbody>
      </table>
      {d.newsletter === 'pending' ? <p>{t(s, 'notify.marketing.pending')}</p> : null}
      <p class="inbox__meta" data-testid="notify-always">
        {t(s, 'notify.always')}
      </p>
      <p>
        <button type="submit" class="button" disabled={busy.value}>
          {t(s, 'notify.save')}
        </button>
      </p>
      <p role={notice.value && !notice.value.ok ? 'alert' : 'status'} data-testid="notify-notice">
        {notice.value?.text ?? ''}
      </p>
    </form>
  );
}
