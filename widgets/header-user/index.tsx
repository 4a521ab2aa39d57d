import { useSignal, useSignalEffect } from '@preact/signals';
import { signOutUrl, signInUrl } from '../request';
import { mountPreact } from '../lib/mount-preact';
import { t } from '../lib/strings';
import type { BaseProps } from '../runtime/types';
import { displayName, isLoggedIn, loadProfile, profile, userId } from '../state/user';

interface Props extends BaseProps {
  /** Where the account entry goes for a signed-in user: {www}/user on consumer sites, else an account service page. */
  accountUrl?: string;
  userHref?: string;
}

function HeaderUser({ props }: { props: Props }) {
  const s = props.strings;
  const href = useSignal(signInUrl());
  useSignalEffect(() => {
    if (isLoggedIn.value) void loadProfile();
  });
  if (!isLoggedIn.value) {
    // §6: anonymous users go to sign-in, with the current page as the callback.
    return (
      <a class="header-user header-user--anonymous" href={href.value} data-testid="header-user-signin">
        {t(s, 'user.signIn', 'Sign in / Sign up')}
      </a>
    );
  }
  const name = displayName(profile.value, userId.value);
  return (
    <span class="header-user header-user--signed-in">
      <a class="header-user__name" href={props.accountUrl ?? props.userHref ?? `/${props.urlLocal}/user/`} data-testid="header-user-name">
        {profile.value?.icon ? <img src={profile.value.icon} alt="" width={24} height={24} /> : null}
        <span>{name}</span>
      </a>{' '}
      <a class="header-user__signout" href={signOutUrl()}>
        {t(s, 'user.signOut', 'Sign out')}
      </a>
    </span>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  return mountPreact(host, <HeaderUser props={props as Props} />);
}
