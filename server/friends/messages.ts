import { translate } from '../i18n';
import { postMessageIn } from '../repositories/messages';
import { findStorefront } from '../storefront';
import type { Queryable } from '../db/types';

/**
 * A new shopper's name as their friend sees it: the nickname's first character and stars, so a nickname made from
 * the mailbox (the default) does not give the address away.
 */
export function friendName(nickname: string): string {
  const first = [...nickname.trim()][0];
  return first ? `${first}***` : '***';
}

/** The inbox messages of the programme, in the language of the storefront the new shopper signed up in. */
export const friendMessages = {
  /** To the new shopper: the welcome coupon is in their coupons. */
  async welcomeIn(q: Queryable, urlLocal: string, userId: number, couponTitle: string): Promise<void> {
    const storefront = findStorefront(urlLocal);
    if (!storefront) return;
    await postMessageIn(q, {
      userId,
      kind: 'system',
      title: translate(storefront, 'friend.message.welcome.title'),
      body: translate(storefront, 'friend.message.welcome.body', { coupon: couponTitle }),
      link: `/${urlLocal}/user/coupon/`,
    });
  },

  /** To the friend: someone joined with their code; the reward comes after the first order's return window. */
  async joinedIn(q: Queryable, urlLocal: string, userId: number, nickname: string): Promise<void> {
    const storefront = findStorefront(urlLocal);
    if (!storefront) return;
    await postMessageIn(q, {
      userId,
      kind: 'system',
      title: translate(storefront, 'friend.message.joined.title'),
      body: translate(storefront, 'friend.message.joined.body', { name: friendName(nickname) }),
      link: `/${urlLocal}/user/#friends`,
    });
  },

  /** To the friend: the reward is theirs (Mi Points, or a coupon by its title). */
  async rewardedIn(
    q: Queryable,
    urlLocal: string,
    userId: number,
    nickname: string,
    reward: { points: number } | { coupon: string },
  ): Promise<void> {
    const storefront = findStorefront(urlLocal);
    if (!storefront) return;
    const name = friendName(nickname);
    await postMessageIn(q, {
      userId,
      kind: 'system',
      title: translate(storefront, 'friend.message.rewarded.title'),
      body:
        'points' in reward
          ? translate(storefront, 'friend.message.rewarded.points', { name, count: reward.points })
          : translate(storefront, 'friend.message.rewarded.coupon', { name, coupon: reward.coupon }),
      link: 'points' in reward ? `/${urlLocal}/user/points-center/exchange/details/` : `/${urlLocal}/user/coupon/`,
    });
  },
};
