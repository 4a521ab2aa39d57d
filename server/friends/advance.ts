import type { Database, Queryable } from '../db/types';
import type { FriendCodesRepository, FirstOrderRow, ReferralRow } from '../repositories/friend-codes';
import type { CouponsRepository } from '../repositories/coupons';
import type { PointsRepository } from '../repositories/points';
import type { FriendReason, FriendState } from '../schemas/friends';
import { friendProgrammeFor } from '../../sites/friend-codes';
import { friendMessages } from './messages';
import { rewardDueAt } from './reward-due';

export interface FriendStepDeps {
  db: Database;
  friends: FriendCodesRepository;
  coupons: Pick<CouponsRepository, 'grantIn'>;
  points: Pick<PointsRepository, 'friendRewardIn'>;
  /** FRIEND_RETURN_WINDOW_MS: the wait after delivery instead of the return window (test stores). */
  windowMsOverride?: number;
}

/** Where one step left a referral, and the time its reward falls due when that became known in this step. */
export interface StepResult {
  state: FriendState | 'busy' | 'missing';
  reason?: FriendReason;
  /** Set when the due time is new: the caller queues the reward job for it (after the commit). */
  queueAt?: Date;
}

/**
 * Moves one referral as far as its first order allows, in one transaction holding the referral's row (parallel steps
 * of one referral queue, or with `skipLocked` the second gives up: 'busy'). The same step serves the sweep and the
 * reward job, so whichever comes first pays and the other finds it done.
 *
 * joined → pending: the new shopper's first paid order in the country, unless it goes to the friend's own door (a
 * self-referral) or to an address that earned before (one reward per delivery address).
 * pending → not_eligible: the order was cancelled or a return of it accepted.
 * pending → rewarded: delivered, its return window passed with no return open, and the friend under the monthly cap.
 */
export async function advanceReferral(deps: FriendStepDeps, id: string, skipLocked = false): Promise<StepResult> {
  return deps.db.transaction(async (tx) => {
    const referral = await deps.friends.lockIn(tx, id, skipLocked);
    if (!referral) return { state: skipLocked ? 'busy' : 'missing' };
    if (referral.state === 'rewarded' || referral.state === 'not_eligible') return { state: referral.state };
    const stop = (reason: FriendReason) => notEligible(tx, deps, referral, reason);
    if (referral.account_closed) return stop('account_closed');
    const programme = friendProgrammeFor(referral.local);
    if (!programme) return stop('reward_unavailable');
    const order = await deps.friends.firstOrderIn(tx, referral);
    if (!order) return { state: referral.state };
    if (order.state === 'cancelled') return stop('order_cancelled');
    if (referral.state === 'joined') {
      if (await deps.friends.toReferrersAddressIn(tx, order.id, referral.referrer_id)) return stop('self_address');
      const address = await deps.friends.addressHashIn(tx, order.id);
      if (!(await deps.friends.claimIn(tx, 'address', address, referral.id))) return stop('address_used');
      await deps.friends.pendingIn(tx, referral.id, order.id);
    }
    if (order.returned) return stop('order_returned');
    const due = rewardDueAt(order, deps.windowMsOverride);
    if (!due) return { state: 'pending' };
    const queueAt = sameTime(referral.due_at, due) ? undefined : due;
    if (queueAt) await deps.friends.dueIn(tx, referral.id, due);
    // A return asked for within the window holds the reward until staff decide on it.
    if (order.return_open || !(await deps.friends.pastIn(tx, due))) return { state: 'pending', queueAt };
    return reward(tx, deps, referral, order, programme);
  });
}

async function reward(
  tx: Queryable,
  deps: FriendStepDeps,
  referral: ReferralRow,
  order: FirstOrderRow,
  programme: NonNullable<ReturnType<typeof friendProgrammeFor>>,
): Promise<StepResult> {
  if ((await deps.friends.rewardsThisMonthIn(tx, referral.referrer_id)) >= programme.monthlyCap)
    return notEligible(tx, deps, referral, 'monthly_cap');
  const nickname = await deps.friends.nicknameIn(tx, referral.referee_id);
  if (programme.reward.kind === 'points') {
    const points = programme.reward.points;
    await deps.points.friendRewardIn(tx, referral.referrer_id, order.local, points);
    await deps.friends.rewardedIn(tx, referral.id, { kind: 'points', points });
    await friendMessages.rewardedIn(tx, referral.url_local, referral.referrer_id, nickname, { points });
  } else {
    const userCouponId = await deps.coupons.grantIn(tx, referral.referrer_id, programme.reward.couponId, 'friend');
    if (!userCouponId) return notEligible(tx, deps, referral, 'reward_unavailable');
    await deps.friends.rewardedIn(tx, referral.id, { kind: 'coupon', userCouponId });
    const coupon = await deps.friends.couponTitleIn(tx, programme.reward.couponId);
    await friendMessages.rewardedIn(tx, referral.url_local, referral.referrer_id, nickname, { coupon });
  }
  return { state: 'rewarded' };
}

async function notEligible(
  tx: Queryable,
  deps: FriendStepDeps,
  referral: ReferralRow,
  reason: FriendReason,
): Promise<StepResult> {
  await deps.friends.notEligibleIn(tx, referral.id, reason);
  return { state: 'not_eligible', reason };
}

const sameTime = (a: Date | null, b: Date) => a !== null && new Date(a).getTime() === b.getTime();
