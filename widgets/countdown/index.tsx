import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { formatCountdown, startCountdown, type CountdownType } from '../lib/countdown';
import { instant } from '../lib/campaign-window';
import { mountPreact } from '../lib/mount-preact';
import { t } from '../lib/strings';
import { useCampaignPhase } from '../lib/use-campaign-phase';
import { serverNow, syncServerTime } from '../request/server-time';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { SaleReminderButton } from '../lib/sale-reminder';

type Props = HostProps<'countdown'>;

/**
 * A campaign window on the server's clock: "starts in" a countdown before `startsAt`, "ends in" one while it runs,
 * then "ended". The page carries only the window; the phase is never baked in at build time.
 */
function WindowCountdown({ props }: { props: Props }) {
  const s = props.strings;
  const type: CountdownType = props.type ?? 'timeWithDays';
  const clock = useCampaignPhase({ startsAt: instant(props.startsAt), endsAt: instant(props.endsAt) });
  const digits = (n: number) =>
    formatCountdown(n, type, { days: t(s, 'countdown.days'), seconds: t(s, 'countdown.seconds') });
  useEffect(() => {
    if (clock.phase === 'ended' && props.onFinish === 'reload') setTimeout(() => location.reload(), 1000);
  }, [clock.phase]);
  const timer = (
    <span
      class={`countdown countdown--${type}`}
      role="timer"
      aria-live="off"
      data-testid="countdown"
      data-phase={clock.phase}
    >
      {clock.phase === 'ended' ? (
        t(s, 'countdown.ended')
      ) : clock.secondsLeft === null ? null : (
        <>
          {t(s, clock.phase === 'upcoming' ? 'countdown.startsIn' : 'countdown.endsIn')}{' '}
          <span class="countdown__digits">{digits(clock.secondsLeft)}</span>
        </>
      )}
    </span>
  );
  // A pre-sale not yet open offers "remind me" beside its countdown.
  if (clock.phase !== 'upcoming' || !props.remind) return timer;
  return (
    <>
      {timer} <SaleReminderButton sale={{ kind: 'presale', productId: props.remind.productId }} strings={s} />
    </>
  );
}

/** The "seconds left" form (`time` as a number or a finish time read with the server's time). */
function TimeCountdown({ props }: { props: Props }) {
  const s = props.strings;
  const left = useSignal<number | null>(null);
  const type = props.type ?? 'timeWithDays';
  useEffect(
    () =>
      startCountdown({
        time: props.time!,
        serverNow: () => serverNow(),
        onTick: (n) => (left.value = n),
        onFinish: () => {
          if (props.onFinish === 'reload') setTimeout(() => location.reload(), 1000);
        },
      }),
    [],
  );
  if (left.value === null) return <span class="countdown countdown--loading" aria-hidden="true" />;
  return (
    <span
      class={`countdown countdown--${type}`}
      role="timer"
      aria-live="off"
      data-testid="countdown"
      data-phase={left.value > 0 ? 'live' : 'ended'}
    >
      {left.value > 0
        ? formatCountdown(left.value, type, { days: t(s, 'countdown.days'), seconds: t(s, 'countdown.seconds') })
        : t(s, 'countdown.ended')}
    </span>
  );
}

function Countdown({ props }: { props: Props }) {
  // Until the server's time is known the phase could be wrong (a device clock a day off): show nothing yet.
  const ready = useSignal(false);
  useEffect(() => {
    let cancelled = false;
    void syncServerTime().then(() => !cancelled && (ready.value = true));
    return () => void (cancelled = true);
  }, []);
  if (!ready.value) return <span class="countdown countdown--loading" aria-hidden="true" />;
  return props.time !== undefined ? <TimeCountdown props={props} /> : <WindowCountdown props={props} />;
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  return mountPreact(host, <Countdown props={propsOf<'countdown'>(props)} />);
}
