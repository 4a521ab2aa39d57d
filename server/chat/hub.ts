import type { Database } from '../db/types';
import { CHAT_CHANNEL } from '../repositories/chat';

/**
 * Wakes the open chat streams of a conversation when any process posts to it (Postgres LISTEN/NOTIFY; PGlite's
 * own notifications when embedded). One LISTEN per process, started with the first stream.
 */
export function chatHub(db: Database) {
  const waiting = new Map<string, Set<() => void>>();
  let listening: Promise<() => Promise<void>> | null = null;

  function onNotify(conversationId: string): void {
    for (const wake of waiting.get(conversationId) ?? []) wake();
  }

  return {
    /** Calls `wake` whenever a message is posted to the conversation; returns the unsubscribe function. */
    async subscribe(conversationId: string, wake: () => void): Promise<() => void> {
      listening ??= db.listen(CHAT_CHANNEL, onNotify);
      await listening;
      const set = waiting.get(conversationId) ?? new Set();
      set.add(wake);
      waiting.set(conversationId, set);
      return () => {
        set.delete(wake);
        if (set.size === 0) waiting.delete(conversationId);
      };
    },
    async close(): Promise<void> {
      const stop = await listening;
      listening = null;
      await stop?.();
    },
  };
}
export type ChatHub = ReturnType<typeof chatHub>;
