import { request } from '../request';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type { FriendMineAnswer } from '../../server/schemas/friends';

/** The friend-code call (server/routes/account/friends.ts), camel-cased by the request layer. */
export type FriendCodes = Camelized<FriendMineAnswer>;
export type JoinedFriend = FriendCodes['friends'][number];

export const friendsApi = {
  mine: () => request<FriendCodes>(`${site.value.api}/friend/mine`, { redirectOnNotLoggedIn: true }),
};
