import type { ChatProvider, ProviderInput } from './types';

/**
 * The default vendor: the store's own support chat served by the API (messages in the database, delivered by
 * GET {api}/chat/stream). Loading means loading the chat panel's code; starting opens the panel.
 */
export function storeProvider(input: ProviderInput): ChatProvider {
  let panel: typeof import('./store-chat-panel') | null = null;
  return {
    async load() {
      panel = await import(/* webpackChunkName: "store-chat-panel" */ './store-chat-panel');
    },
    start(context) {
      if (!panel) throw new Error('store chat not loaded');
      panel.openChatPanel({ api: input.api, context, strings: input.strings, onError: input.onError });
    },
  };
}
