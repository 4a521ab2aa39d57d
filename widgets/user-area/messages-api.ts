import { request } from '../request';
import { site } from '../state/site';
import { beginUnreadChange, beginUnreadRead } from '../state/cart-count';
import { sendChange, sendRead } from '../state/latest-answer';
import type { Camelized } from '../request/camelized';
import type {
  ClubAnswer,
  MessageItem,
  MessageKind,
  MessageListAnswer,
  MessageReadAllAnswer,
  PrefsAnswer,
  PrefsItem,
  UnreadCount,
} from '../../server/schemas/account';

/** The inbox, preference and Mi Club calls (server/routes/account/messages.ts), camel-cased by the request layer. */

export { MESSAGE_KINDS, type MessageKind } from '../../server/schemas/account';
export type InboxMessage = Camelized<MessageItem>;
export type InboxPage = Omit<Camelized<MessageListAnswer>, 'unreadByKind'> & {
  unreadByKind: Record<MessageKind, number>;
};
export type KindPrefs = Camelized<PrefsItem>;
export type PrefKind = KindPrefs['kind'];
export type Preferences = Camelized<PrefsAnswer>;
export type ClubStanding = Camelized<ClubAnswer>;
export type ClubBenefits = ClubStanding['benefits'];

const api = (path: string) => `${site.value.api}${path}`;
// The screens show failures themselves, next to what failed.
const quiet = { redirectOnNotLoggedIn: true } as const;
/** Every answer about what is unread carries the new count: the header badge follows at once. */
const counted = <T extends { unread: number }>(send: () => Promise<T>): Promise<T> =>
  sendRead(beginUnreadRead, send, (answer) => answer.unread);
/** The same for a request that changes what is unread: reads sent meanwhile do not put the old count back. */
const changesUnread = <T extends { unread: number }>(send: () => Promise<T>): Promise<T> =>
  sendChange(beginUnreadChange, send, (answer) => answer.unread);

export const messagesApi = {
  list: (query: { kind?: MessageKind; unread?: boolean; page?: number; pageSize?: number }) => {
    const params: Record<string, string> = {};
    if (query.kind) params['kind'] = query.kind;
    if (query.unread) params['unread'] = 'true';
    if (query.page) params['page'] = String(query.page);
    if (query.pageSize) params['pageSize'] = String(query.pageSize);
    return counted(() => request<InboxPage>(api('/message/list'), { ...quiet, params }));
  },
  detail: (id: number) =>
    request<{ message: InboxMessage }>(api('/message/detail'), { ...quiet, params: { id: String(id) } }).then(
      (r) => r.message,
    ),
  read: (id: number) =>
    changesUnread(() => request<Camelized<UnreadCount>>(api('/message/read'), { ...quiet, body: { id }, json: true })),
  readAll: (kind?: MessageKind) =>
    changesUnread(() =>
      request<Camelized<MessageReadAllAnswer>>(api('/message/read-all'), {
        ...quiet,
        body: kind ? { kind } : {},
        json: true,
      }),
    ),
  remove: (id: number) =>
    changesUnread(() =>
      request<Camelized<UnreadCount>>(api('/message/delete'), { ...quiet, body: { id }, json: true }),
    ),
  preferences: () => request<Preferences>(api('/notification/preferences'), quiet),
  savePreferences: (input: { prefs: KindPrefs[]; newsletter?: boolean }) =>
    request<Preferences>(api('/notification/preferences'), { ...quiet, body: { ...input }, json: true }),
  club: () => request<ClubStanding>(api('/club'), quiet),
};

/** The message a /user/message/{id}/ page is about: `?id=` or the last path segment; null on the list page. */
export function messageIdFromLocation(loc: Pick<Location, 'pathname' | 'search'> = location): number | null {
  const q = new URLSearchParams(loc.search).get('id');
  const raw = q ?? /\/user\/message\/(\d{1,10})\/?$/.exec(loc.pathname)?.[1] ?? null;
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
