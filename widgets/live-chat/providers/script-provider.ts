import type { ChatProvider, ProviderInput } from './types';

/**
 * A third-party chat vendor loaded from settings.scriptSrc. The vendor script announces itself with a
 * `livechat:ready` window event; starting dispatches `livechat:start` with the context, and the vendor's
 * `livechat:error` events are reported.
 */
export function scriptProvider({ settings, onError }: ProviderInput): ChatProvider {
  let loading: Promise<void> | null = null;
  return {
    load() {
      loading ??= new Promise<void>((resolve, reject) => {
        window.addEventListener('livechat:ready', () => resolve(), { once: true });
        window.addEventListener('livechat:error', (e) =>
          onError('chat error event', { detail: (e as CustomEvent).detail }),
        );
        const script = document.createElement('script');
        script.src = settings.scriptSrc ?? '';
        script.async = true;
        if (settings.appId) script.dataset.appId = settings.appId;
        if (settings.orgId) script.dataset.orgId = settings.orgId;
        if (settings.orgUrl) script.dataset.orgUrl = settings.orgUrl;
        if (settings.dataSuggestedActionLayout)
          script.dataset.suggestedActionLayout = settings.dataSuggestedActionLayout;
        script.onerror = () => {
          onError('chat script failed to load', { src: script.src });
          reject(new Error('chat script failed to load'));
        };
        document.head.appendChild(script);
      });
      return loading;
    },
    start(context) {
      window.dispatchEvent(new CustomEvent('livechat:start', { detail: context }));
    },
  };
}
