import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { goToSignIn } from '../request';
import { site } from '../state/site';
import { isLoggedIn } from '../state/user';
import { confirmTokenFromLocation, dataRightsApi, type DataExport } from './data-rights-api';

type Props = HostProps<'user-area'>;

const when = (ms: number) =>
  new Date(ms).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /user/data: download a copy of my data, and delete my account. Opened from the deletion mail's link
 * (`?confirm=`), it confirms the deletion first, signed in or not: the link is the proof.
 */
export function DataRightsScreen({ props }: { props: Props }) {
  const token = confirmTokenFromLocation();
  if (token) return <ConfirmDeletion props={props} token={token} />;
  if (!isLoggedIn.value) {
    goToSignIn();
    return null;
  }
  return <DataRightsPanel props={props} />;
}

function ConfirmDeletion({ props, token }: { props: Props; token: string }) {
  const s = props.strings;
  const text = useSignal<{ ok: boolean; text: string }>({ ok: true, text: t(s, 'account.data.confirming') });
  const confirming = useSubmit(() => dataRightsApi.confirm(token), {
    strings: s,
    onSuccess: (answer) => {
      const at = answer.deletion?.effectiveAt;
      text.value = { ok: true, text: t(s, 'account.data.scheduled', { date: at ? when(at) : '' }) };
    },
    onFailure: (f) => (text.value = { ok: false, text: f.message }),
  });
  useEffect(() => void confirming.run(), []);
  return (
    <section class="inbox" data-testid="data-rights-confirm">
      <h2>{t(s, 'account.data.deleteTitle')}</h2>
      <p role={text.value.ok ? 'status' : 'alert'}>{text.value.text}</p>
    </section>
  );
}

/** The text of an archive that cannot be downloaded (yet or any more). */
const STATE_KEYS = {
  pending: 'account.data.state.pending',
  ready: 'account.data.download',
  expired: 'account.data.state.expired',
  failed: 'account.data.state.failed',
} as const;

function ArchiveRow({ item, strings }: { item: DataExport; strings: Props['strings'] }) {
  const href = `${site.value.api}/account/data/export/download?id=${encodeURIComponent(item.id)}`;
  return (
    <li data-testid="data-archive" data-state={item.state}>
      {when(item.createdAt)}{' '}
      {item.state === 'ready' ? (
        <a href={href} download>
          {t(strings, 'account.data.download')}
        </a>
      ) : (
        <span>{t(strings, STATE_KEYS[item.state])}</span>
      )}
    </li>
  );
}

function DataRightsPanel({ props }: { props: Props }) {
  const s = props.strings;
  const notice = useSignal<{ ok: boolean; text: string } | null>(null);
  const password = useSignal('');
  const failed = (f: { message: string }) => (notice.value = { ok: false, text: f.message });
  const state = useResource(() => dataRightsApi.state(), { strings: s, onFailure: failed });
  const reload = () => state.reload();
  const archive = useSubmit(() => dataRightsApi.askArchive(), {
    strings: s,
    onSuccess: () => {
      notice.value = { ok: true, text: t(s, 'account.data.exportPending') };
      return reload();
    },
    onFailure: failed,
  });
  const deletion = useSubmit(() => dataRightsApi.askDeletion(password.value), {
    strings: s,
    onSuccess: () => {
      password.value = '';
      notice.value = { ok: true, text: t(s, 'account.data.checkMail') };
      return reload();
    },
    onFailure: failed,
  });
  const withdraw = useSubmit(() => dataRightsApi.withdraw(), {
    strings: s,
    onSuccess: () => {
      notice.value = null;
      return reload();
    },
    onFailure: failed,
  });
  const d = state.data.value;
  if (!d) return <p role="status">{notice.value?.text || t(s, 'common.loading')}</p>;
  const busy = archive.busy.value || deletion.busy.value || withdraw.busy.value;
  const pending = d.deletion?.state === 'unconfirmed';
  return (
    <section class="inbox" data-testid="data-rights">
      <h2>{t(s, 'account.data.title')}</h2>
      {notice.value && <p role={notice.value.ok ? 'status' : 'alert'}>{notice.value.text}</p>}
      <p>{t(s, 'account.data.exportIntro')}</p>
      <button type="button" class="btn" disabled={busy} onClick={() => void archive.run()}>
        {t(s, 'account.data.exportButton')}
      </button>
      {d.exports.length > 0 && (
        <ul>
          {d.exports.map((item) => (
            <ArchiveRow key={item.id} item={item} strings={s} />
          ))}
        </ul>
      )}
      <h2>{t(s, 'account.data.deleteTitle')}</h2>
      <p>{t(s, 'account.data.deleteIntro')}</p>
      <p>{t(s, 'account.data.grace', { count: d.graceDays })}</p>
      {pending ? (
        <p>
          {t(s, 'account.data.checkMail')}{' '}
          <button type="button" class="btn" disabled={busy} onClick={() => void withdraw.run()}>
            {t(s, 'account.data.withdraw')}
          </button>
        </p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void deletion.run();
          }}
        >
          <label>
            {t(s, 'account.data.password')}
            <input
              type="password"
              name="password"
              autocomplete="current-password"
              required
              value={password.value}
              onInput={(e) => (password.value = (e.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit" class="btn" disabled={busy}>
            {t(s, 'account.data.deleteButton')}
          </button>
        </form>
      )}
    </section>
  );
}
