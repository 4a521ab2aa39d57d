import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { adoptStyles } from '../lib/styles';
import { mountPreact } from '../lib/mount-preact';
import { goToSignIn } from '../request';
import { propsOf, type BaseProps } from '../runtime/types';
import { isLoggedIn } from '../state/user';
import { releasesApi, type Build, type Diff, type ReleaseEvent, type StorefrontRow } from './api';
import { BuildPanel } from './build-panel';
import { DiffView } from './diff-view';
import { when } from './format';
import { FlashSaleForm } from '../lib/flash-sale-form';
import { ANALYTICS_CSS, AnalyticsPanel } from './analytics-panel';

type Props = HostProps<'release-console'>;
type Strings = Record<string, string> | undefined;

/**
 * /releases/console: the release manager's page. The storefronts with the release each serves (who published it,
 * when, why), what changed in their inputs since, a rebuild of the chosen ones (published when built or at a time)
 * with its progress and log, a rollback to a kept release, and the history. Every action takes the note above.
 * Below, traffic and sales of a period (analytics-panel.tsx).
 * The server refuses every call to anyone but a release manager.
 */
export function ReleaseConsole({ props }: { props: Props }) {
  const s: Strings = props.strings;
  const api = releasesApi(props.api);
  const rows = useSignal<StorefrontRow[] | null>(null);
  const refused = useSignal('');
  const selected = useSignal<string[]>([]);
  const diffs = useSignal<Record<string, Diff>>({});
  const note = useSignal('');
  const publishAt = useSignal('');
  const build = useSignal<Build | null>(null);
  const history = useSignal<ReleaseEvent[]>([]);
  const message = useSignal('');
  const targets = useSignal<Record<string, string>>({});

  const load = async () => {
    try {
      const status = await api.status();
      rows.value = status.storefronts;
      if (!build.value && status.builds.length > 0) build.value = status.builds[status.builds.length - 1]!;
      history.value = await api.history();
    } catch (e) {
      refused.value = t(s, 'console.releases.refused', { message: (e as Error).message });
    }
  };
  useEffect(() => void load(), []);

  const needNote = (): boolean => {
    if (note.value.trim()) return true;
    message.value = t(s, 'console.releases.noteRequired');
    return false;
  };
  const rebuild = async () => {
    message.value = '';
    if (selected.value.length === 0) {
      message.value = t(s, 'console.releases.noneSelected');
      return;
    }
    if (!needNote()) return;
    try {
      build.value = await api.build(
        selected.value,
        note.value.trim(),
        publishAt.value ? new Date(publishAt.value).toISOString() : undefined,
      );
    } catch (e) {
      message.value = t(s, 'console.releases.refused', { message: (e as Error).message });
    }
  };
  const rollback = async (row: StorefrontRow) => {
    message.value = '';
    const to = targets.value[row.local] ?? row.rollbackTargets[0]?.releaseId;
    if (!to || !needNote()) return;
    try {
      await api.rollback(row.local, to, note.value.trim());
      message.value = t(s, 'console.releases.rolledBack', { code: row.local, release: to });
      await load();
    } catch (e) {
      message.value = t(s, 'console.releases.refused', { message: (e as Error).message });
    }
  };
  const toggle = (code: string, on: boolean) =>
    (selected.value = on ? [...selected.value, code] : selected.value.filter((c) => c !== code));
  const showDiff = async (code: string) => {
    try {
      diffs.value = { ...diffs.value, [code]: await api.diff(code) };
    } catch (e) {
      message.value = t(s, 'console.releases.refused', { message: (e as Error).message });
    }
  };

  if (refused.value)
    return (
      <p role="alert" data-testid="release-console-refused">
        {refused.value}
      </p>
    );
  if (!rows.value) return <p aria-busy="true">{t(s, 'common.loading')}</p>;
  return (
    <section class="release-console" data-testid="release-console" aria-labelledby="release-console-title">
      <h2 id="release-console-title">{t(s, 'console.releases.title')}</h2>
      <label class="release-note">
        {t(s, 'console.releases.note')}
        <textarea
          data-testid="release-note"
          required
          maxLength={500}
          value={note.value}
          onInput={(e) => (note.value = (e.target as HTMLTextAreaElement).value)}
        />
      </label>
      <table>
        <caption>{t(s, 'console.releases.storefronts')}</caption>
        <thead>
          <tr>
            <th scope="col">{t(s, 'console.releases.col.storefront')}</th>
            <th scope="col">{t(s, 'console.releases.col.release')}</th>
            <th scope="col">{t(s, 'console.releases.col.published')}</th>
            <th scope="col">{t(s, 'console.releases.col.changes')}</th>
            <th scope="col">{t(s, 'console.releases.col.rollback')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.value.map((row) => (
            <tr key={row.local} data-testid={`release-row-${row.local}`}>
              <th scope="row">
                <label>
                  <input
                    type="checkbox"
                    checked={selected.value.includes(row.local)}
                    onChange={(e) => toggle(row.local, (e.target as HTMLInputElement).checked)}
                  />
                  {row.local}
                </label>
              </th>
              <td>
                <code>{row.releaseId}</code>
              </td>
              <td>
                {when(row.publishedAt)} · {row.publishedBy ?? t(s, 'console.releases.outsideConsole')}
                {row.note && <> · {row.note}</>}
              </td>
              <td>
                <button
                  type="button"
                  data-testid={`release-diff-${row.local}`}
                  onClick={() => void showDiff(row.local)}
                  aria-expanded={Boolean(diffs.value[row.local])}
                >
                  {t(s, 'console.releases.showChanges', { code: row.local })}
                </button>
                {diffs.value[row.local] && <DiffView s={s} diff={diffs.value[row.local]!} />}
              </td>
              <td>
                {row.rollbackTargets.length === 0 ? (
                  t(s, 'console.releases.noRollback')
                ) : (
                  <>
                    <label>
                      {t(s, 'console.releases.rollbackTo', { code: row.local })}
                      <select
                        value={targets.value[row.local] ?? row.rollbackTargets[0]!.releaseId}
                        onChange={(e) =>
                          (targets.value = { ...targets.value, [row.local]: (e.target as HTMLSelectElement).value })
                        }
                      >
                        {row.rollbackTargets.map((target) => (
                          <option key={target.releaseId} value={target.releaseId}>
                            {when(target.created)} ({target.releaseId})
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="button"
                      data-testid={`release-rollback-${row.local}`}
                      onClick={() => void rollback(row)}
                    >
                      {t(s, 'console.releases.rollback')}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="release-actions">
        <label>
          {t(s, 'console.releases.publishAt')}
          <input
            type="datetime-local"
            value={publishAt.value}
            onInput={(e) => (publishAt.value = (e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="button" data-testid="release-rebuild" onClick={() => void rebuild()}>
          {t(s, 'console.releases.rebuild')}
        </button>
      </div>
      {message.value && <p role="status">{message.value}</p>}
      {build.value && (
        <BuildPanel
          s={s}
          api={api}
          build={build.value}
          note={note.value}
          onChange={(b) => {
            const finished = build.value?.state !== b.state && ['published', 'failed', 'cancelled'].includes(b.state);
            build.value = b;
            if (finished) void load();
          }}
        />
      )}
      <h3>{t(s, 'console.releases.history')}</h3>
      <table data-testid="release-history">
        <thead>
          <tr>
            <th scope="col">{t(s, 'console.releases.col.when')}</th>
            <th scope="col">{t(s, 'console.releases.col.who')}</th>
            <th scope="col">{t(s, 'console.releases.col.action')}</th>
            <th scope="col">{t(s, 'console.releases.col.storefront')}</th>
            <th scope="col">{t(s, 'console.releases.col.note')}</th>
          </tr>
        </thead>
        <tbody>
          {history.value.map((e) => (
            <tr key={e.id}>
              <td>{when(e.at)}</td>
              <td>{e.actor}</td>
              <td>{t(s, `console.releases.action.${e.action}`)}</td>
              <td>{e.locals.join(', ')}</td>
              <td>{e.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <AnalyticsPanel s={s} api={api} storefronts={rows.value.map((row) => row.local)} />
      <h3>{t(s, 'flashSale.console.tab')}</h3>
      <FlashSaleForm strings={s} save={(draft) => api.flashSale(draft)} />
    </section>
  );
}

/** Tables that scroll on a narrow screen, a log that keeps its own scroll, focus rings kept (keyboard use). */
const CSS = `.release-console table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}
.release-console th,.release-console td{border-bottom:1px solid #ddd;padding:.4rem;text-align:start;vertical-align:top}
.release-console textarea{display:block;width:100%;min-height:3rem}
.release-console progress{width:100%}
.release-console .release-log{max-height:20rem;overflow:auto;background:#111;color:#eee;padding:.5rem;font-size:.875rem;
white-space:pre-wrap}
.release-console .release-actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:.5rem 0}
.release-console button:focus-visible,.release-console input:focus-visible,
.release-console select:focus-visible,.release-console pre:focus-visible{outline:2px solid #ff6900;outline-offset:2px}`;

export function mount(host: HTMLElement, base: BaseProps): () => void {
  const props = propsOf<'release-console'>(base);
  if (!isLoggedIn.value) {
    goToSignIn();
    return () => undefined;
  }
  adoptStyles('release-console', CSS + ANALYTICS_CSS);
  return mountPreact(host, <ReleaseConsole props={props} />);
}
