import type { LiveChatContext } from '../context';
import type { LiveChatSettings } from '../rules';

/** A chat vendor: load its code (the launcher shows a loading look until this resolves), then start chats. */
export interface ChatProvider {
  load(): Promise<void>;
  start(context: LiveChatContext): void;
}

export interface ProviderInput {
  api: string;
  settings: LiveChatSettings;
  strings?: Record<string, string>;
  /** Chat script errors and chat error events are reported. */
  onError: (message: string, detail?: Record<string, unknown>) => void;
}
