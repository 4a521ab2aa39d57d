import { useSignal } from '@preact/signals';
import { render } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { adoptStyles } from '../../lib/styles';
import { t } from '../../lib/strings';

const CSS =
  `
.chat-panel{display:flex;flex-direction:column;max-block-size:min(560px,70vh);background:#fff;border-` +
  `radius:var(--radius,8px);box-shadow:0 12px 32px rgb(0 0 0/25%);overflow:hidden}
.chat-panel__header{display:flex;justify-content:space-between;align-items:center;padding:.75rem ` +
  `1rem;background:var(--color-text,#1a1a1a);color:#fff}
.chat-panel__header h2{margin:0;font-size:1rem}
.chat-panel__header button{border:0;background:none;color:inherit;font-size:1.5rem;min-inline-size:44px;` +
  `min-block-size:44px;cursor:pointer}
.chat-panel__log{flex:1;overflow:auto;padding:1rem;display:flex;flex-direction:column;gap:.5rem;min-block-size:200px}
.chat-message{margin:0;padding:.5rem .75rem;border-radius:12px;max-inline-size:85%;white-space:pre-wrap}
.chat-message--user{align-self:flex-end;background:var(--color-brand-dark,#c24e00);color:#fff}
.chat-message--agent,.chat-message--staff{align-self:flex-start;background:var(--color-soft,#f5f5f5)}.` +
  `chat-message__who{display:block;font-size:.75rem}
.chat-panel__form{display:flex;gap:.5rem;padding:.75rem;border-block-start:1px solid var(--color-line,#e0e0e0)}
.chat-panel__form textarea{flex:1;resize:none}
.chat-panel__form button{min-block-size:44px;padding:0 1rem}
.chat-panel__error,.chat-panel__status,.chat-panel__hint{margin:0;padding:0 1rem ` +
  `.5rem;font-size:.875rem;color:var(--color-muted,#595959)}
`;
import { request, RequestError } from '../../request';
import type { LiveChatContext } from '../context';

/** The event stream reconnects 1000 ms after it drops. */
export const RECONNECT_MS = 1000;

interface ChatMessage {
  id: number;
  sender: 'user' | 'agent' | 'staff';
  body: string;
  createdAt: string;
}

interface PanelInput {
  api: string;
  context: LiveChatContext;
  strings?: Record<string, string>;
  onError: (message: string, detail?: Record<string, unknown>) => void;
}

let container: HTMLElement | null = null;

function merge(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function Panel({ input, onClose }: { input: PanelInput; onClose: () => void }) {
  const s = input.strings;
  const messages = useSignal<ChatMessage[]>([]);
  const draft = useSignal('');
  const status = useSignal<'connecting' | 'open' | 'error'>('connecting');
  const error = useSignal('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      const last = messages.value[messages.value.length - 1]?.id ?? 0;
      source = new EventSource(`${input.api}/chat/stream?after=${last}`, { withCredentials: true });
      source.onopen = () => (status.value = 'open');
      source.addEventListener('message', (e) => {
        const raw = JSON.parse((e as MessageEvent<string>).data) as {
          id: number;
          sender: 'user' | 'agent' | 'staff';
          body: string;
          created_at: string;
        };
        messages.value = merge(messages.value, [
          { id: raw.id, sender: raw.sender, body: raw.body, createdAt: raw.created_at },
        ]);
      });
      source.onerror = () => {
        // The browser retries by itself while the stream is CONNECTING; once CLOSED we reconnect after 1000 ms.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        status.value = 'error';
        retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    textarea.current?.focus();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, []);

  useEffect(() => {
    log.current?.scrollTo?.({ top: log.current.scrollHeight });
  }, [messages.value.length]);

  const send = async (e: Event) => {
    e.preventDefault();
    const body = draft.value.trim();
    if (!body) return;
    draft.value = '';
    error.value = '';
    try {
      const data = await request<{ messages: ChatMessage[] }>(`${input.api}/chat/messages`, { body: { body } });
      messages.value = merge(messages.value, data.messages);
    } catch (err) {
      draft.value = body;
      error.value = err instanceof RequestError && err.errmsg ? err.errmsg : t(s, 'liveChat.sendFailed');
      input.onError('chat message failed', { errno: err instanceof RequestError ? err.errno : -1 });
    }
  };

  return (
    <section
      class="chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-panel-title"
      data-testid="chat-panel"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <header class="chat-panel__header">
        <h2 id="chat-panel-title">{t(s, 'page.chat.title')}</h2>
        <button type="button" aria-label={t(s, 'common.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <div class="chat-panel__log" role="log" aria-live="polite" ref={log}>
        {messages.value.length === 0 ? <p class="chat-panel__hint">{t(s, 'liveChat.welcome')}</p> : null}
        {messages.value.map((m) => (
          <p key={m.id} class={`chat-message chat-message--${m.sender}`} data-sender={m.sender}>
            {m.sender === 'staff' ? <strong class="chat-message__who">{t(s, 'liveChat.staff')}</strong> : null}
            {m.body}
          </p>
        ))}
      </div>
      {status.value === 'error' ? <p class="chat-panel__status">{t(s, 'liveChat.reconnecting')}</p> : null}
      <form class="chat-panel__form" onSubmit={send}>
        <label for="chat-panel-input" class="visually-hidden">
          {t(s, 'liveChat.message')}
        </label>
        <textarea
          id="chat-panel-input"
          ref={textarea}
          rows={2}
          maxLength={1000}
          value={draft.value}
          onInput={(e) => (draft.value = (e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) void send(e);
          }}
        />
        <button type="submit">{t(s, 'liveChat.send')}</button>
      </form>
      {error.value ? (
        <p role="alert" class="chat-panel__error">
          {error.value}
        </p>
      ) : null}
    </section>
  );
}

/** Opens (or focuses) the support chat panel, fixed at the bottom of the page. */
export function openChatPanel(input: PanelInput): void {
  if (container?.isConnected) {
    container.querySelector<HTMLTextAreaElement>('textarea')?.focus();
    return;
  }
  adoptStyles('chat-panel', CSS);
  container = document.createElement('div');
  container.className = 'chat-panel-root';
  container.style.cssText =
    'position:fixed;bottom:16px;inset-inline-end:16px;z-index:2147482000;width:min(360px,calc(100vw - 32px))';
  document.body.appendChild(container);
  const root = container;
  const close = () => {
    render(null, root);
    root.remove();
    container = null;
    document.dispatchEvent(new CustomEvent('livechat:closed'));
  };
  render(<Panel input={input} onClose={close} />, root);
}
