import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { CHAT_LANGUAGE_PATTERN } from '../../region-config/validation';
import { liveChatFor } from '../../sites/live-chat';
import { desktopQuery } from '../lib/breakpoint';
import { Modal } from '../lib/modal';
import { mountPreact } from '../lib/mount-preact';
import { adoptStyles, MODAL_CSS } from '../lib/styles';
import { t } from '../lib/strings';
import { goToSignIn, reportError } from '../request';
import { propsOf, type BaseProps } from '../runtime/types';
import type { HostProps } from '../contract';
import { site } from '../state/site';
import { displayName, isLoggedIn, loadProfile, profile, profileStatus, userId } from '../state/user';
import { chatContext, platformOf } from './context';
import { ABOVE_TAB_BAR_CLASS, needsTabBarSpacing } from './ios-tab-bar';
import { scriptProvider } from './providers/script-provider';
import { storeProvider } from './providers/store-provider';
import type { ChatProvider, ProviderInput } from './providers/types';
import {
  chatPopupFeatures,
  launcherAction,
  shouldLoadProvider,
  storefrontLanguage,
  type LiveChatSettings,
} from './rules';

type Props = HostProps<'live-chat'>;

/** Pluggable vendors: the store's own chat needs no third party. */
const PROVIDERS: Record<'store' | 'script', (input: ProviderInput) => ChatProvider> = {
  store: storeProvider,
  script: scriptProvider,
};

/**
 * ?lang= must look like xx-XX (or an M.49 area), else the storefront language (the same for the widget and the pop-up).
 */
function chatLanguage(props: Props): string {
  const q = new URLSearchParams(location.search).get('lang');
  return q && CHAT_LANGUAGE_PATTERN.test(q) ? q : storefrontLanguage(props.lang, document.documentElement.lang);
}

function LiveChat({ props, icon }: { props: Props; icon?: string }) {
  const s = props.strings;
  // sites/ is the source of the settings; the host may pass them, else they are derived the same way here.
  const chat: LiveChatSettings = liveChatFor(props.local, props.urlLocal);
  const ready = useSignal(false);
  const confirming = useSignal(false);
  const onError = (message: string, detail: Record<string, unknown> = {}) =>
    reportError('error', `live-chat: ${message}`, detail);
  const provider = useMemo(
    () =>
      PROVIDERS[props.provider ?? (chat.scriptSrc ? 'script' : 'store')]({
        api: props.api,
        settings: chat,
        strings: s,
        onError,
      }),
    [],
  );
  const loggedIn = isLoggedIn.value;
  const profileLoaded = profileStatus.value === 'success';
  const needsProvider = shouldLoadProvider(chat, loggedIn, profileLoaded);

  useEffect(() => {
    if (loggedIn) void loadProfile();
  }, [loggedIn]);
  useEffect(() => {
    // Launchers that only redirect or open a pop-up are ready at once; the others wait for their vendor.
    if (!needsProvider) {
      const action = launcherAction(chat, loggedIn);
      ready.value = action === 'popup' || action === 'sign-in';
      return;
    }
    provider.load().then(
      () => (ready.value = true),
      // A chat widget load failure is only logged (and reported); the launcher keeps its loading look.
      (e: unknown) => onError('provider load failed', { message: e instanceof Error ? e.message : String(e) }),
    );
  }, [needsProvider]);

  const context = () =>
    chatContext({
      local: props.local,
      language: chatLanguage(props),
      name: displayName(profile.value, userId.value),
      userId: userId.value,
      platform: platformOf(site.value.app, desktopQuery(site.value.hasPoco).matches),
      entryPage: location.href,
    });

  const start = () => {
    const ctx = context();
    if (loggedIn && !ctx.MiId) {
      // A signed-in start without a user id is reported with its context.
      reportError('error', 'LIVECHAT_ERROR', { code: 'LIVECHAT_ERROR', context: ctx });
      return;
    }
    provider.start(ctx);
  };

  const click = () => {
    if (!ready.value) return;
    switch (launcherAction(chat, loggedIn)) {
      case 'popup': {
        const url = new URL(chat.chatPageUrl ?? '', location.href);
        url.searchParams.set('lang', chatLanguage(props));
        window.open(url.toString(), 'live-chat', chatPopupFeatures(screen.width, screen.height));
        return;
      }
      case 'sign-in':
        goToSignIn();
        return;
      case 'confirm-privacy':
        confirming.value = true;
        return;
      case 'start':
        start();
    }
  };

  // The /chat page is the chat itself: it opens (or asks for sign-in or consent) as soon as it can.
  useEffect(() => {
    if (props.mode === 'page' && ready.value) click();
  }, [ready.value]);

  const custom = chat.custom;
  const label = custom?.title ?? t(s, 'liveChat.launcher');
  return (
    <>
      <button
        type="button"
        class={
          `chat-launcher live-chat-launcher live-chat-launcher--${custom?.position ?? 'right'}` +
          `${ready.value ? '' : ' is-loading'}`
        }
        style={custom?.bgColor ? { background: custom.bgColor } : undefined}
        aria-busy={!ready.value}
        aria-disabled={!ready.value}
        data-state={ready.value ? 'ready' : 'loading'}
        data-testid="live-chat-launcher"
        title={label}
        onClick={click}
      >
        {/* The server's icon, so the launcher keeps its box when the island takes over (no layout shift). */}
        {icon ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own SVG icon, not user input
          <span aria-hidden="true" class="live-chat-launcher__icon" dangerouslySetInnerHTML={{ __html: icon }} />
        ) : (
          <span aria-hidden="true" class="live-chat-launcher__icon">
            💬
          </span>
        )}
        <span class={props.mode === 'page' ? undefined : 'visually-hidden'}>
          {ready.value ? label : t(s, 'liveChat.loading')}
        </span>
      </button>
      <Modal
        open={confirming.value}
        title={t(s, 'liveChat.privacy.title')}
        closeLabel={t(s, 'common.close')}
        onClose={() => (confirming.value = false)}
      >
        <p>
          {t(s, 'liveChat.privacy.message')}{' '}
          {props.privacyUrl ? <a href={props.privacyUrl}>{t(s, 'footer.link.privacyPolicy')}</a> : null}
        </p>
        <div class="store-modal__actions">
          <button
            type="button"
            data-testid="chat-privacy-confirm"
            onClick={() => {
              confirming.value = false;
              start();
            }}
          >
            {t(s, 'liveChat.privacy.confirm')}
          </button>
          <button type="button" onClick={() => (confirming.value = false)}>
            {t(s, 'liveChat.privacy.cancel')}
          </button>
        </div>
      </Modal>
    </>
  );
}

export function mount(host: HTMLElement, props: BaseProps): () => void {
  const chatProps = propsOf<'live-chat'>(props);
  // Before the launcher shows (the host keeps it unseen until mounted): placed once, it never moves.
  if (needsTabBarSpacing(chatProps.iosTabRoot === true, navigator.userAgent)) host.classList.add(ABOVE_TAB_BAR_CLASS);
  adoptStyles('modal', MODAL_CSS);
  // The fallback's icon is our own server-rendered SVG (src/components/icons.tsx), never shopper input.
  const icon = host.querySelector('.chat-launcher svg')?.outerHTML;
  return mountPreact(host, <LiveChat props={chatProps} icon={icon} />);
}
