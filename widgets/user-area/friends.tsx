import { useSignal } from '@preact/signals';
import { t, camel } from '../lib/strings';
import { useResource } from '../lib/use-resource';
import { popupFeatures, SHARE_NETWORK_NAMES, shareTarget, type ShareNetwork } from '../lib/share-links';
import type { HostProps } from '../contract';
import { friendsApi, type FriendCodes as Answer, type JoinedFriend } from './friends-api';
import { dayOf } from '../lib/when';

type Props = HostProps<'user-area'>;
type Strings = Record<string, string> | undefined;

const KNOWN_NETWORKS = new Set<string>(['clipboard', ...Object.keys(SHARE_NETWORK_NAMES)]);
/** The code as shown: two groups of four, easier to read aloud. */
const shown = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * The friend code on /user: the shopper's code, the share buttons of the country's networks (the link opens the
 * sign-up with the code filled in), what a new shopper and the friend get, and each friend who joined with the state
 * of their reward.
 */
export function FriendCodes({ props }: { props: Props }) {
  const s = props.strings;
  const mine = useResource(() => friendsApi.mine(), { strings: s });
  const copied = useSignal<'none' | 'ok' | 'failed'>('none');
  const d = mine.data.value;
  if (!d) return mine.error.value ? <p role="alert">{mine.error.value}</p> : null;
  if (!d.offered && d.friends.length === 0) return null;
  const welcome = d.welcome?.title ?? '';
  const text = t(s, 'friend.shareText', { code: shown(d.code), welcome });
  const networks = d.networks.filter((n): n is ShareNetwork => KNOWN_NETWORKS.has(n));

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      copied.value = 'ok';
    } catch {
      copied.value = 'failed';
    }
  };
  const share = (network: ShareNetwork) => {
    const target = shareTarget(network, { url: d.shareUrl, text }, location.href);
    if (network === 'clipboard') return void copy(target);
    window.open(
      target,
      `share-${network}`,
      popupFeatures(screen.availWidth || screen.width, screen.availHeight || screen.height),
    );
  };

  return (
    <section class="inbox friends" id="friends" data-testid="friend-codes" aria-labelledby="friends-title">
      <h2 id="friends-title">{t(s, 'friend.title')}</h2>
      {d.offered ? (
        <>
          <p>{t(s, 'friend.intro', { welcome })}</p>
          <p>{rewardText(s, d)}</p>
          <p class="inbox__meta">{t(s, 'friend.cap', { count: d.monthlyCap })}</p>
          <p>
            {t(s, 'friend.code')}:{' '}
            <strong data-testid="friend-code" data-code={d.code} translate={false}>
              {shown(d.code)}
            </strong>{' '}
            <button type="button" data-testid="friend-copy-code" onClick={() => void copy(d.code)}>
              {t(s, 'friend.copyCode')}
            </button>
          </p>
          <div class="share" role="group" aria-label={t(s, 'share.title')} data-testid="friend-share">
            {networks.map((n) => (
              <button
                type="button"
                key={n}
                class={`share__button share__button--${n}`}
                data-network={n}
                onClick={() => share(n)}
              >
                {n === 'clipboard' ? t(s, 'share.copyLink') : SHARE_NETWORK_NAMES[n]}
              </button>
            ))}
          </div>
          <p role="status" class="share__status">
            {copied.value === 'ok' ? t(s, 'friend.copied') : copied.value === 'failed' ? t(s, 'share.copyFailed') : ''}
          </p>
        </>
      ) : (
        <p>{t(s, 'friend.error.notOffered')}</p>
      )}
      <h3>{t(s, 'friend.friends')}</h3>
      {d.friends.length === 0 ? (
        <p data-testid="friend-none">{t(s, 'friend.none')}</p>
      ) : (
        <ul data-testid="friend-list">
          {d.friends.map((f) => (
            <li key={f.id} data-testid="friend" data-state={f.state} data-reason={f.reason ?? undefined}>
              <span translate={false}>{f.name}</span> · {friendState(s, f)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the friend gets: Mi Points or a coupon by its title. */
function rewardText(s: Strings, d: Answer): string {
  if (d.reward?.kind === 'points') return t(s, 'friend.rewardPoints', { count: d.reward.points });
  if (d.reward?.kind === 'coupon') {
    return t(s, 'friend.rewardCoupon', { coupon: d.reward.coupon.title });
  }
  return '';
}

/** Where a friend's reward stands: no order yet, waiting for delivery, pending until a date, paid, or why not. */
function friendState(s: Strings, f: JoinedFriend): string {
  switch (f.state) {
    case 'joined':
      return t(s, 'friend.state.joined', { date: dayOf(f.joinedAt) });
    case 'pending':
      return f.dueAt
        ? t(s, 'friend.state.pendingUntil', { date: dayOf(f.dueAt) })
        : t(s, 'friend.state.waitingDelivery');
    case 'rewarded':
      return t(s, 'friend.state.rewarded', { date: dayOf(f.rewardedAt ?? f.joinedAt) });
    case 'not_eligible':
      return t(s, 'friend.state.notEligible', {
        reason: t(s, `friend.reason.${camel(f.reason ?? 'reward_unavailable')}`),
      });
  }
}
