import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { storePath } from '../lib/store-path';
import { messageIdFromLocation, messagesApi, MESSAGE_KINDS, type MessageKind } from './messages-api';

type Props = HostProps<'user-area'>;
type S = Props['strings'];

const PAGE_SIZE = 10;

export const MESSAGES_CSS =
  `.inbox{display:grid;gap:1rem;max-inline-size:48rem}
.inbox__tabs{display:flex;flex-wrap:wrap;gap:.5rem;margin:0;padding:0;list-style:none}
.inbox__tabs a{display:inline-block;padding:.375rem .875rem;border:1px solid ` +
  `var(--color-line,#e0e0e0);border-radius:999px;color:inherit;text-decoration:none}
.inbox__tabs a[aria-current]{border-color:var(--color-brand-dark,#b34700);font-weight:700}
.inbox__list{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.inbox__item{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem;padding:.75rem;border:1px solid ` +
  `var(--color-line,#e0e0e0);border-radius:8px}
.inbox__item.is-unread{border-inline-start:4px solid var(--color-brand-dark,#b34700)}
.inbox__item.is-unread .inbox__title{font-weight:700}
.inbox__title{color:inherit}
.inbox__meta{color:var(--color-muted,#595959);font-size:.875rem;margin:0}
.inbox__actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.inbox__actions button{min-block-size:44px}
.inbox__body{white-space:pre-line}`;

const when = (time: number) => new Date(time).toLocaleString(document.documentElement.lang || undefined);
const kindLabel = (s: S, kind: MessageKind | 'all') => t(s, `message.kind.${kind}`);

/** The kind and page the list shows, kept in the URL so back/forward and a reload keep them. */
function listState(): { kind: MessageKind | undefined; page: number; unread: boolean } {
  const q = new URLSearchParams(location.search);
  const kind = q.get('kind');
  const page = Number(q.get('page') ?? '1');
  return {
    kind: (MESSAGE_KINDS as readonly string[]).includes(kind ?? '') ? (kind as MessageKind) : undefined,
    page: Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1,
    unread: q.get('unread') === '1',
  };
}

function listHref(state: { kind?: MessageKind | undefined; page?: number; unread?: boolean }): string {
  const q = new URLSearchParams();
  if (state.kind) q.set('kind', state.kind);
  if (state.unread) q.set('unread', '1');
  if (state.page && state.page > 1) q.set('page', String(state.page));
  const query = q.toString();
  return storePath(`user/message/${query ? `?${query}` : ''}`);
}

/** /user/message and /user/message/{id}: the inbox by kind and page, or one message. */
export function MessageCentre({ props }: { props: Props }) {
  const id = messageIdFromLocation();
  return id === null && !/\/user\/message\/[^/?]+/.test(location.pathname) ? (
    <Inbox props={props} />
  ) : (
    <MessageDetail props={props} id={id} />
  );
}

/** /user/notification: what is new (unread), to read or clear at once, with the way to the preferences. */
export function Notifications({ props }: { props: Props }) {
  return <Inbox props={props} unreadView />;
}

function Inbox({ props, unreadView = false }: { props: Props; unreadView?: boolean }) {
  const s = props.strings;
  const state = listState();
  const unread = unreadView || state.unread;
  const notice = useSignal('');
  const list = useResource(
    () => messagesApi.list({ kind: state.kind, unread, page: state.page, pageSize: PAGE_SIZE }),
    { strings: s, error: notice },
  );
  const data = list.data;
  const act = useSubmit((fn: () => Promise<unknown>, done: string) => fn().then(() => done), {
    strings: s,
    error: notice,
    onSuccess: (done) => {
      notice.value = done;
      return list.reload();
    },
  });
  const busy = act.busy;
  const d = data.value;
  if (!d) return <p role="status">{notice.value || t(s, 'common.loading')}</p>;
  const pages = Math.max(1, Math.ceil(d.total / PAGE_SIZE));
  return (
    <section class="inbox" data-testid={unreadView ? 'notifications' : 'inbox'}>
      {unreadView ? (
        <p class="inbox__actions">
          <a href={storePath('user/message/')}>{t(s, 'message.notifications.all')}</a>
          <a href={storePath('user/notification-preferences/')}>{t(s, 'message.notifications.prefs')}</a>
        </p>
      ) : (
        <nav aria-label={t(s, 'message.filter')}>
          <ul class="inbox__tabs">
            {(['all', ...MESSAGE_KINDS] as const).map((k) => {
              const kind = k === 'all' ? undefined : k;
              const count = kind ? d.unreadByKind[kind] : d.unread;
              return (
                <li key={k}>
                  <a
                    href={listHref({ kind, unread: state.unread })}
                    aria-current={state.kind === kind ? 'page' : undefined}
                    data-kind={k}
                  >
                    {kindLabel(s, k)}
                    {count > 0 ? ` (${count})` : ''}
                  </a>
                </li>
              );
            })}
            <li>
              <a
                href={listHref({ kind: state.kind, unread: !state.unread })}
                aria-current={state.unread ? 'true' : undefined}
              >
                {t(s, 'message.unreadOnly')}
              </a>
            </li>
          </ul>
        </nav>
      )}
      <div class="inbox__actions">
        <p class="inbox__meta" data-testid="inbox-summary">
          {t(s, 'message.summary', { unread: d.unread, total: d.total })}
        </p>
        {d.unread > 0 ? (
          <button
            type="button"
            class="button button--secondary"
            disabled={busy.value}
            onClick={() =>
              void act.run(() => messagesApi.readAll(unreadView ? undefined : state.kind), t(s, 'message.allMarked'))
            }
          >
            {t(s, 'message.markAllRead')}
          </button>
        ) : null}
      </div>
      <p role="status" data-testid="inbox-notice">
        {notice.value}
      </p>
      {d.messages.length === 0 ? (
        <p data-testid="inbox-empty">{unreadView ? t(s, 'message.notifications.none') : t(s, 'message.empty')}</p>
      ) : (
        <ul class="inbox__list">
          {d.messages.map((m) => (
            <li
              key={m.id}
              class={`inbox__item${m.read ? '' : ' is-unread'}`}
              data-testid="inbox-item"
              data-kind={m.kind}
              data-read={String(m.read)}
            >
              <a class="inbox__title" href={storePath(`user/message/${m.id}/`)}>
                {m.read ? null : <span class="visually-hidden">{t(s, 'message.unread')}: </span>}
                {m.title}
              </a>
              <span class="inbox__actions">
                {m.read ? null : (
                  <button
                    type="button"
                    class="button button--secondary"
                    disabled={busy.value}
                    onClick={() => void act.run(() => messagesApi.read(m.id), '')}
                  >
                    {t(s, 'message.markRead')}
                  </button>
                )}
                <button
                  type="button"
                  class="button button--secondary"
                  disabled={busy.value}
                  onClick={() => void act.run(() => messagesApi.remove(m.id), t(s, 'message.deleted'))}
                >
                  {t(s, 'message.delete')}
                </button>
              </span>
              <p class="inbox__meta">
                {kindLabel(s, m.kind)} · {when(m.time)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav class="inbox__actions" aria-label={t(s, 'message.page', { page: state.page, pages })}>
          {state.page > 1 ? <a href={listHref({ ...state, page: state.page - 1 })}>{t(s, 'message.prev')}</a> : null}
          <span>{t(s, 'message.page', { page: state.page, pages })}</span>
          {state.page < pages ? (
            <a href={listHref({ ...state, page: state.page + 1 })}>{t(s, 'message.next')}</a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** One message: opening it marks it read (the header count drops at once); it can be deleted here too. */
function MessageDetail({ props, id }: { props: Props; id: number | null }) {
  const s = props.strings;
  const notice = useSignal('');
  const gone = useSignal(false);
  const detail = useResource(
    () =>
      id === null
        ? Promise.resolve(null)
        : messagesApi.detail(id).then((m) => {
            if (!m.read) void messagesApi.read(m.id).then(() => (detail.data.value = { ...m, read: true }));
            return m;
          }),
    { strings: s, error: notice },
  );
  const message = detail.data;
  const remove = useSubmit((messageId: number) => messagesApi.remove(messageId), {
    strings: s,
    error: notice,
    onSuccess: () => (gone.value = true),
  });
  const back = (
    <p>
      <a href={storePath('user/message/')}>{t(s, 'message.back')}</a>
    </p>
  );
  if (id === null)
    return (
      <>
        {back}
        <p role="alert">{t(s, 'message.error.notFound')}</p>
      </>
    );
  const m = message.value;
  if (gone.value)
    return (
      <>
        {back}
        <p role="status">{t(s, 'message.deleted')}</p>
      </>
    );
  if (!m)
    return (
      <>
        {back}
        <p role={notice.value ? 'alert' : 'status'}>{notice.value || t(s, 'common.loading')}</p>
      </>
    );
  return (
    <article class="inbox" data-testid="message-detail" data-read={String(m.read)}>
      {back}
      <h2>{m.title}</h2>
      <p class="inbox__meta">
        {kindLabel(s, m.kind)} · {when(m.time)}
      </p>
      <p class="inbox__body">{m.body}</p>
      <div class="inbox__actions">
        {m.link && /^\/[a-z]{2}(-[a-z]{2})?\//.test(m.link) ? (
          <a class="button" href={m.link}>
            {t(s, 'message.open')}
          </a>
        ) : null}
        <button type="button" class="button button--secondary" onClick={() => void remove.run(m.id)}>
          {t(s, 'message.delete')}
        </button>
      </div>
      <p role="alert">{notice.value}</p>
    </article>
  );
}
