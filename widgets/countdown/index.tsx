import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { formatCountdown, startCountdown, type CountdownTime, type CountdownType } from '../lib/countdown';
import { mountPreact } from '../lib/mount-preact';
import { t } from '../lib/strings';
import { serverNow } from '../request';
import { noteServerTime, isServerTimeKnown, serverTimeFromHeaders } from '../request/server-time';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';

type Props = HostProps<'countdown'>;

/** A static page does not know the server clock: read it from the Date header of a HEAD request to this page. */
async function learnServerTime(): Promise<void> {
  if (isServerTimeKnown()) return;
  try {
    const sent = Date.now();
    const res = await fetch(location.href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    const at = serverTimeFromHeaders(res.headers);
    if (at !== null) noteServerTime(at, (sent + Date.now()) / 2);
  } catch {
    // Keep the device clock.
  }
}

function Countdown({ props }: { props: Props }) {
  const s = props.strings;
  const left = useSignal<number | null>(null);
  const done = useSignal(false);
  const type = props.type ?? 'timeWithDays';

  useEffect(() => {
    let stop = () => undefined as void;
    let cancelled = false;
    void learnServerTime().then(() => {
      if (cancelled) return;
      const time: CountdownTime = props.time ?? { finishTime: Date.parse(props.endsAt ?? '') || 0 };
      stop = startCountdown({
        time,
        serverNow: () => serverNow(),
        onTick: (n) => (left.value = n),
        onFinish: () => {
          done.value = true;
          if (props.onFinish === 'reload') setTimeout(() => location.reload(), 1000);
        },
      });
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);

  if (left.value === null) return <span class="countdown countdown--loading" aria-hidden="true" />;
  return (
    <span class={`countdown countdown--${type}`} role="timer" aria-live="off" data-testid="countdown">
      {done.value
        ? t(s, 'countdown.ended')
        : formatCountdown(left.value, type, { days: t(s, 'countdown.days'), seconds: t(s, 'countdown.seconds') })}
    </span>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  return mountPreact(host, <Countdown props={propsOf<'countdown'>(props)} />);
}
