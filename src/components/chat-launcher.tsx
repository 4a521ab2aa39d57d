import type { StorefrontContext } from '../page-context';
import { Icon } from './icons';
import type { Translate } from './translate';
import { WidgetHost } from './widget-host';

export interface ChatLauncherProps {
  storefront: StorefrontContext;
  t: Translate;
  /**
   * The iOS app's support tab: the island places the launcher above the tab bar on the app version that needs it,
   * as soon as the page runs (eager), and CSS keeps it unseen until then (components.css).
   */
  iosTabRoot?: boolean;
}

/**
 * The live-chat launcher: a round button fixed in the corner. Its fallback is a link to the contact page, so it
 * works before (and without) the island; the island keeps the same box, so mounting it shifts nothing.
 */
export function ChatLauncher({ storefront, t, iosTabRoot = false }: ChatLauncherProps) {
  return (
    <WidgetHost
      name="live-chat"
      load={iosTabRoot ? 'eager' : 'idle'}
      storefront={storefront}
      className={iosTabRoot ? 'chat-host chat-host--ios-tab-root' : 'chat-host'}
      props={{
        lang: storefront.lang,
        privacyUrl: `${storefront.home}support/policy/privacy-policy/`,
        ...(iosTabRoot ? { iosTabRoot } : {}),
      }}
    >
      <a className="chat-launcher" href={`${storefront.home}contact/`} title={t('liveChat.launcher')}>
        <Icon name="chat" />
        <span className="visually-hidden">{t('liveChat.launcher')}</span>
      </a>
    </WidgetHost>
  );
}
