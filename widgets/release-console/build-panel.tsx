import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import type { Build, ReleasesApi } from './api';
import { duration, when } from './format';

type Strings = Record<string, string> | undefined;

/** How often a running build is asked for its progress and new log lines. */
const POLL_MS = 1000;
const RUNNING: Build['state'][] = ['queued', 'building', 'publishing'];

/**
 * One build: its state, a progress bar (pages when Gatsby has said them, else time against the estimate), the log as
 * it grows, and the actions its state allows (publish now or at a time, cancel). Polls while the build runs.
 */
export function BuildPanel({
  s,
  api,
  build,
  onChange,
  note,
}: {
  s: Strings;
  api: ReleasesApi;
  build: Build;
  onChange: (b: Build) => void;
  note: string;
}) {
  const log = useSignal<{ seq: number; line: string }[]>([]);
  const at = useSignal('');
  const error = useSignal('');
  useEffect(() => {
    let stop = false;
    let after = 0;
    log.value = [];
    const tick = async () => {
      try {
        const [state, more] = await Promise.all([api.buildState(build.id), api.log(build.id, after)]);
        if (stop) return;
        if (more.lines.length > 0) {
          after = more.lines[more.lines.length - 1]!.seq;
          log.value = [...log.value, ...more.lines].slice(-500);
        }
        onChange(state);
        if (RUNNING.includes(state.state)) setTimeout(() => void tick(), POLL_MS);
      } catch {
        if (!stop) setTimeout(() => void tick(), POLL_MS * 3);
      }
    };
    void tick();
    return () => {
      stop = true;
    };
  }, [build.id]);

  const act = async (run: () => Promise<Build>) => {
    error.value = '';
    if (!note.trim()) {
      error.value = t(s, 'console.releases.noteRequired');
      return;
    }
    try {
      onChange(await run());
    } catch (e) {
      error.value = t(s, 'console.releases.refused', { message: (e as Error).message });
    }
  };

  const pagesKnown = build.pagesTotal > 0;
  const byTime = build.estimateMs ? Math.min(99, Math.round((100 * build.elapsedMs) / build.estimateMs)) : undefined;
  const percent =
    build.state === 'building'
      ? pagesKnown && build.pagesDone > 0
        ? Math.round((100 * build.pagesDone) / build.pagesTotal)
        : byTime
      : RUNNING.includes(build.state)
        ? undefined
        : 100;
  return (
    <section class="release-build" aria-labelledby={`release-build-${build.id}`} data-testid="release-build">
      <h3 id={`release-build-${build.id}`}>
        {t(s, 'console.releases.build', { id: build.id, locals: build.locals.join(', ') })} —{' '}
        <span data-testid="release-build-state">{t(s, `console.releases.state.${build.state}`)}</span>
      </h3>
      <progress
        max={100}
        value={percent}
        aria-label={t(s, 'console.releases.progress')}
        data-testid="release-progress"
      />
      <p aria-live="polite">
        {pagesKnown && (
          <span>{t(s, 'console.releases.pages', { done: build.pagesDone, total: build.pagesTotal })} · </span>
        )}
        <span>{t(s, 'console.releases.elapsed', { time: duration(build.elapsedMs) })}</span>
        {build.estimateMs !== null && (
          <span> · {t(s, 'console.releases.estimate', { time: duration(build.estimateMs) })}</span>
        )}
        {build.publishAt && build.state === 'scheduled' && (
          <span> · {t(s, 'console.releases.publishesAt', { time: when(build.publishAt) })}</span>
        )}
      </p>
      {(build.state === 'built' || build.state === 'scheduled') && (
        <div class="release-actions">
          <button
            type="button"
            data-testid="release-publish-now"
            onClick={() => void act(() => api.publish(build.id, note))}
          >
            {t(s, 'console.releases.publishNow')}
          </button>
          <label>
            {t(s, 'console.releases.publishAt')}
            <input
              type="datetime-local"
              value={at.value}
              onInput={(e) => (at.value = (e.target as HTMLInputElement).value)}
            />
          </label>
          <button
            type="button"
            disabled={!at.value}
            onClick={() => void act(() => api.publish(build.id, note, new Date(at.value).toISOString()))}
          >
            {t(s, 'console.releases.schedule')}
          </button>
        </div>
      )}
      {(build.state === 'queued' || build.state === 'built' || build.state === 'scheduled') && (
        <button type="button" onClick={() => void act(() => api.cancel(build.id, note))}>
          {t(s, 'console.releases.cancel')}
        </button>
      )}
      {error.value && <p role="alert">{error.value}</p>}
      <h4>{t(s, 'console.releases.log')}</h4>
      <pre
        class="release-log"
        role="region"
        tabIndex={0}
        aria-label={t(s, 'console.releases.log')}
        data-testid="release-log"
      >
        {log.value.map((l) => l.line).join('\n')}
      </pre>
    </section>
  );
}
