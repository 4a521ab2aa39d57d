import { fixedImage } from '../../sites/image-renditions';
import { useSignal, useSignalEffect } from '@preact/signals';
import { businessFlowParams, request, signInUrl } from '../request';
import { SignOutForm } from '../lib/sign-out-form';
import { mountPreact } from '../lib/mount-preact';
import { t } from '../lib/strings';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { appState, headerButtons, loadAppState, type ServerAppState } from '../state/app-state';
import { badgeText, unreadMessages } from '../state/cart-count';
import { displayName, isLoggedIn, loadProfile, profile, userId } from '../state/user';

type Props = HostProps<'header-user'>;

function HeaderUser({ props, icon }: { props: Props; icon?: string }) {
  const s = props.strings;
  const href = useSignal(signInUrl());
  useSignalEffect(() => {
    if (isLoggedIn.value) void loadProfile();
  });
  const buttons = headerButtons.value.map((b) => (
    <a key={b.href} class="header-button" href={b.href}>
      {b.icon ? <img {...fixedImage(b.icon, 20)} alt="" width={20} height={20} /> : null}
      {b.text}
    </a>
  ));
  if (!isLoggedIn.value) {
    // Anonymous users go to sign-in, with the current page as the callback.
    return (
      <span class="header-user">
        {buttons}
        {icon ? (
          // The server's icon link with the callback added: the same box, so mounting shifts nothing.
          <a
            class="icon-button header-user--anonymous"
            href={href.value}
            data-testid="header-user-signin"
            title={t(s, 'header.signInUp')}
          >
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own SVG icon, not user input */}
            <span class="header-user__icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon }} />
            <span class="visually-hidden">{t(s, 'header.signInUp')}</span>
          </a>
        ) : (
          <a class="header-user header-user--anonymous" href={href.value} data-testid="header-user-signin">
            {t(s, 'header.signInUp')}
          </a>
        )}
      </span>
    );
  }
  const name = displayName(profile.value, userId.value);
  const accountHref = props.accountUrl ?? props.userHref ?? `/${props.urlLocal}/user/`;
  const unread = unreadMessages.value;
  const unreadText = badgeText(unread);
  // Signed in, the entry keeps the icon's box (the name would widen the header and move it as the island mounts);
  // the name, the account link and sign-out open below it, over the page (a disclosure: Enter/Space, Escape).
  // Unread messages are a badge on the icon and a link in the panel, for the same reason: a link of their own
  // in the header row appeared once the count was known and pushed the row aside (every new account has one).
  return (
    <span class="header-user header-user--signed-in">
      {buttons}
      <details class="header-user__menu" onKeyDown={(e) => closeOnEscape(e)}>
        <summary class="icon-button" data-testid="header-user-menu">
          {profile.value?.icon ? (
            <img src={profile.value.icon} alt="" width={24} height={24} />
          ) : icon ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own SVG icon, not user input
            <span class="header-user__icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon }} />
          ) : null}
          {unread > 0 ? (
            <span class="header-user__badge" data-testid="unread-count" aria-hidden="true">
              {unreadText}
            </span>
          ) : null}
          <span class="visually-hidden">
            {unread > 0 ? t(s, 'header.myAccountUnread', { count: unreadText }) : t(s, 'header.myAccount')}
          </span>
        </summary>
        <div class="header-user__panel">
          <a class="header-user__name" href={accountHref} data-testid="header-user-name" translate={false}>
            {name}
          </a>
          {unread > 0 ? (
            <a class="header-user__messages" href={`/${props.urlLocal}/user/message/`} data-testid="unread-messages">
              {/* The catalogue's label has no number ("Messages"): the count is its own badge, updated as
                  messages are read. */}
              {t(s, 'header.messages')} <span class="unread-messages__count">{unreadText}</span>
            </a>
          ) : null}
          <SignOutForm class="header-user__signout" label={t(s, 'header.signOut')} />
        </div>
      </details>
    </span>
  );
}

/** Escape closes the open account panel and gives focus back to its button. */
function closeOnEscape(event: KeyboardEvent): void {
  const menu = event.currentTarget as HTMLDetailsElement;
  if (event.key !== 'Escape' || !menu.open) return;
  menu.open = false;
  menu.querySelector('summary')?.focus();
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  const p = propsOf<'header-user'>(props);
  if (Array.isArray(p.headerButtons)) appState.setHeaderButtons(p.headerButtons);
  // On the business pages the header buttons (and company status) come from the server, by the user's account.
  if (businessFlowParams().flow) void loadAppState(() => request<ServerAppState>(`${p.api}/business/state`));
  // The fallback's icon is our own server-rendered SVG (src/components/icons.tsx), never shopper input.
  const icon = host.querySelector('a svg')?.outerHTML;
  return mountPreact(host, <HeaderUser props={propsOf<'header-user'>(props)} icon={icon} />);
}
