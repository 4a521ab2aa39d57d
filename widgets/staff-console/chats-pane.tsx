import { useComputed, useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { when } from '../lib/when';
import { request } from '../request';
import { site } from '../state/site';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import type { Camelized } from '../request/camelized';
import type { StaffChatsAnswer } from '../../server/schemas/support-desk';
import { PriorityBadge } from './priority-badge';

type Chat = Camelized<StaffChatsAnswer>['chats'][number];
interface ChatMessage {
  id: number;
  sender: 'user' | 'agent' | 'staff';
  body: string;
  createdAt: string;
}
type Strings = Record<string, string> | undefined;

const api = (path: string) => `${site.value.api}${path}`;
/** The console refreshes the chat list this often (a shopper waits on the other side). */
const POLL_MS = 5000;

/**
 * Live chats for staff: waiting ones first (priority club customers first among them, with a badge); open one, read
 * it, answer (the shopper's open chat shows it at once).
 */
export function ChatsPane({ strings: s }: { strings: Strings }) {
  const open = useSignal<string | null>(null);
  const messages = useSignal<ChatMessage[]>([]);
  const draft = useSignal('');
  const note = useSignal('');
  const list = useResource(() => request<{ chats: Chat[] }>(api('/staff/chats')).then((r) => r.chats), {
    strings: s,
    error: note,
  });
  const chats = useComputed(() => list.data.value ?? []);
  const loadChats = list.reload;
  const loadMessages = (id: string) =>
    request<{ messages: ChatMessage[] }>(api('/staff/chats/messages'), { params: { id } }).then(
      (r) => (messages.value = r.messages),
    );
  useEffect(() => {
    const timer = setInterval(() => {
      void loadChats();
      if (open.value) void loadMessages(open.value);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const choose = (id: string) => {
    open.value = id;
    void loadMessages(id);
  };
  const replying = useSubmit(
    (id: string) => request(api('/staff/chats/reply'), { body: { id, body: draft.value }, json: true }).then(() => id),
    {
      strings: s,
      error: note,
      onSuccess: (id) => {
        draft.value = '';
        return Promise.all([loadMessages(id), loadChats()]);
      },
    },
  );
  const reply = (e: Event) => {
    e.preventDefault();
    if (!open.value || !draft.value.trim()) return;
    void replying.run(open.value);
  };
  return (
    <div class="console-pane console-pane--split" data-testid="console-chats">
      <ul class="console-list">
        {chats.value.length === 0 ? <li>{t(s, 'console.noChats')}</li> : null}
        {chats.value.map((c) => (
          <li
            key={c.id}
            data-chat={c.id}
            data-waiting={c.needsStaff ? 'true' : 'false'}
            data-priority={c.priority ? 'true' : 'false'}
          >
            <button
              type="button"
              class={open.value === c.id ? 'is-open' : ''}
              aria-pressed={open.value === c.id}
              onClick={() => choose(c.id)}
            >
              {c.priority ? (
                <>
                  <PriorityBadge s={s} />{' '}
                </>
              ) : null}
              {c.needsStaff ? <strong>{t(s, 'console.waiting')} · </strong> : null}
              {c.who} · /{c.urlLocal} · {c.lastMessageAt ? when(c.lastMessageAt) : ''}
              <br />
              <small>{c.lastBody}</small>
            </button>
          </li>
        ))}
      </ul>
      {open.value ? (
        <section class="console-detail" aria-label={t(s, 'console.chat')}>
          <div role="log" class="console-log" data-testid="console-chat-log">
            {messages.value.map((m) => (
              <p key={m.id} data-sender={m.sender}>
                <strong>{t(s, `console.sender.${m.sender}`)}:</strong> {m.body}
              </p>
            ))}
          </div>
          <form onSubmit={reply}>
            <label for="console-chat-reply">{t(s, 'console.reply')}</label>
            <textarea
              id="console-chat-reply"
              rows={3}
              maxLength={1000}
              value={draft.value}
              onInput={(e) => (draft.value = (e.target as HTMLTextAreaElement).value)}
            />
            <button type="submit" class="button button--primary" data-testid="console-chat-send">
              {t(s, 'console.send')}
            </button>
          </form>
        </section>
      ) : null}
      <p role="alert">{note.value}</p>
    </div>
  );
}
