import { useSignal } from '@preact/signals';
import { t, camel } from '../lib/strings';
import { when } from '../lib/when';
import { useSubmit } from '../lib/use-submit';
import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type { StaffFriendsAnswer } from '../../server/schemas/friends';

type Strings = Record<string, string> | undefined;
type Account = Camelized<StaffFriendsAnswer>;
type Referral = Account['invitedBy'] & {};

/** The envelope's errno of an unknown account (server/errors.ts NOT_FOUND). */
const NOT_FOUND = 40400;

/** Where one sign-up with a code stands, in the words the shoppers read (their account page's). */
function stateOf(s: Strings, r: Referral): string {
  switch (r.state) {
    case 'joined':
      return t(s, 'friend.state.joined', { date: when(r.joinedAt) });
    case 'pending':
      return r.dueAt
        ? t(s, 'friend.state.pendingUntil', { date: when(r.dueAt) })
        : t(s, 'friend.state.waitingDelivery');
    case 'rewarded':
      return t(s, 'friend.state.rewarded', { date: when(r.rewardedAt ?? r.joinedAt) });
    case 'not_eligible':
      return t(s, 'friend.state.notEligible', {
        reason: t(s, `friend.reason.${camel(r.reason ?? 'reward_unavailable')}`),
      });
  }
}

function Row({ s, r }: { s: Strings; r: Referral }) {
  return (
    <li data-testid="staff-friend" data-state={r.state} data-reason={r.reason ?? undefined}>
      <span translate={false}>{r.email}</span> ({r.storefront}) · {stateOf(s, r)}
      {r.firstOrderId ? ` · ${t(s, 'friend.console.firstOrder', { id: r.firstOrderId })}` : ''}
    </li>
  );
}

/**
 * Friend codes in the support console: staff look an account up by its e-mail and read its code, who joined with it
 * and where each reward stands (or which rule refused it), and whose code it joined with. Nothing to change here:
 * the rules decide, and this is what staff tell a shopper who asks.
 */
export function FriendsPane({ strings: s }: { strings: Strings }) {
  const email = useSignal('');
  const message = useSignal('');
  const found = useSignal<Account | null>(null);
  const lookup = useSubmit(
    (address: string) =>
      request<Account>(`${site.value.api}/staff/friends`, { params: { email: address }, redirectOnNotLoggedIn: true }),
    {
      strings: s,
      error: message,
      onSuccess: (account) => {
        found.value = account;
      },
      onFailure: (f) => {
        found.value = null;
        if (f.errno === NOT_FOUND) message.value = t(s, 'friend.console.notFound');
      },
    },
  );
  const a = found.value;
  return (
    <div class="console-pane" data-testid="console-friends">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void lookup.run(email.value.trim());
        }}
      >
        <label for="staff-friends-email">{t(s, 'friend.console.email')}</label>
        <input
          id="staff-friends-email"
          type="email"
          required
          maxLength={254}
          value={email.value}
          onInput={(e) => (email.value = (e.target as HTMLInputElement).value)}
        />
        <button type="submit" class="button" disabled={lookup.busy.value}>
          {t(s, 'friend.console.search')}
        </button>
      </form>
      {message.value ? <p role="alert">{message.value}</p> : null}
      {a ? (
        <section data-testid="staff-friends-account">
          <p>
            {t(s, 'friend.code')}:{' '}
            <strong translate={false} data-testid="staff-friends-code">
              {a.code ?? t(s, 'friend.console.noCode')}
            </strong>
          </p>
          <h3>{t(s, 'friend.console.invitedBy')}</h3>
          {a.invitedBy ? (
            <ul>
              <Row s={s} r={a.invitedBy} />
            </ul>
          ) : (
            <p>{t(s, 'friend.console.noInviter')}</p>
          )}
          <h3>{t(s, 'friend.friends')}</h3>
          {a.invited.length === 0 ? (
            <p>{t(s, 'friend.none')}</p>
          ) : (
            <ul data-testid="staff-friends-invited">
              {a.invited.map((r) => (
                <Row key={r.email} s={s} r={r} />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
