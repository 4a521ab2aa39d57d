import type { Queryable } from '../db/types';
import type { Storefront } from '../storefront';
import type { FriendCodesRepository } from '../repositories/friend-codes';
import type { CouponsRepository } from '../repositories/coupons';
import type { FriendReason } from '../schemas/friends';
import { friendProgrammeFor } from '../../sites/friend-codes';
import { mailboxHash, mailboxOf } from './email-key';
import { friendMessages } from './messages';

export interface SignupWithCode {
  referee: { id: number; email: string; nickname: string };
  /** The code as stored (normaliseFriendCode). */
  code: string;
  /** The hashed device tokens of the browsers the sign-up was made in (the form's and the link's). */
  devices: readonly string[];
  storefront: Storefront;
}

/** What a code did for a new account: nothing (no such code, or no programme here), or a referral. */
export type SignupOutcome =
  | null
  | { referralId: string; state: 'joined'; welcomeCouponId: string | null }
  | { referralId: string; state: 'not_eligible'; reason: FriendReason };

/**
 * Attaches a code to an account as it is created, in the sign-up's transaction (a code is taken at sign-up only).
 * The referral is recorded either way, so the friend sees it; the limits against abuse decide whether it can earn:
 * no self-referral (the friend's own mailbox, however written, or a browser that signed in to the friend's account),
 * one reward per mailbox and per browser, ever. Only an eligible sign-up gets the welcome coupon.
 */
export async function attachFriendCodeIn(
  tx: Queryable,
  repos: { friends: FriendCodesRepository; coupons: Pick<CouponsRepository, 'grantIn'> },
  input: SignupWithCode,
): Promise<SignupOutcome> {
  const programme = friendProgrammeFor(input.storefront.local);
  if (!programme) return null;
  const friend = await repos.friends.ownerIn(tx, input.code);
  if (!friend || friend.user_id === input.referee.id) return null;
  const referralId = await repos.friends.createIn(tx, {
    referrerId: friend.user_id,
    refereeId: input.referee.id,
    local: input.storefront.local,
    urlLocal: input.storefront.urlLocal,
  });
  if (!referralId) return null;
  const reason = await whyNot(tx, repos.friends, referralId, friend, input);
  if (reason) {
    await repos.friends.notEligibleIn(tx, referralId, reason);
    return { referralId, state: 'not_eligible', reason };
  }
  const welcomeCouponId = await repos.coupons.grantIn(tx, input.referee.id, programme.welcomeCouponId, 'friend');
  if (welcomeCouponId) {
    await repos.friends.welcomeCouponIn(tx, referralId, welcomeCouponId);
    const title = await repos.friends.couponTitleIn(tx, programme.welcomeCouponId);
    await friendMessages.welcomeIn(tx, input.storefront.urlLocal, input.referee.id, title);
  }
  await friendMessages.joinedIn(tx, input.storefront.urlLocal, friend.user_id, input.referee.nickname);
  return { referralId, state: 'joined', welcomeCouponId };
}

/** The first limit a sign-up breaks, or null. Claims are taken in order and kept, whatever follows. */
async function whyNot(
  tx: Queryable,
  friends: FriendCodesRepository,
  referralId: string,
  friend: { user_id: number; email: string },
  input: SignupWithCode,
): Promise<FriendReason | null> {
  if (mailboxOf(friend.email) === mailboxOf(input.referee.email)) return 'self_email';
  for (const device of input.devices) if (await friends.deviceOfIn(tx, device, friend.user_id)) return 'self_device';
  if (!(await friends.claimIn(tx, 'email', mailboxHash(input.referee.email), referralId))) return 'email_used';
  for (const device of new Set(input.devices))
    if (!(await friends.claimIn(tx, 'device', device, referralId))) return 'device_used';
  return null;
}
