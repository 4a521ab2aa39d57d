/**
 * The friend codes in the app: the reward queue on the store's job queue (pg-boss, started by the release console),
 * its worker, the sweep that follows first orders, and `app.friends` for the routes. A reward job waits (startAfter)
 * for the end of the first order's return window; jobs are rows in the database, so a reward due while no process
 * runs is paid by the next one that starts, and the sweep pays any whose job was lost.
 */
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Env } from '../config';
import type { Queryable } from '../db/types';
import { installMaintenance } from '../maintenance';
import { createQueues } from '../releases/boss';
import { friendCodesRepository, type FriendCodesRepository } from '../repositories/friend-codes';
import { advanceReferral, type StepResult } from './advance';
import { attachFriendCodeIn, type SignupOutcome, type SignupWithCode } from './attach';

/** Reward jobs: one per referral and due time, started after the first order's return window. */
export const FRIEND_REWARD_QUEUE = 'friend-reward';
/** How often each process looks for first orders paid, delivered, cancelled or returned. */
export const FRIEND_SWEEP_MS = 30_000;

export interface FriendCodes {
  repo: FriendCodesRepository;
  /** Attaches a code to a new account in the sign-up's transaction. */
  attachIn(tx: Queryable, input: SignupWithCode): Promise<SignupOutcome>;
  /** One step of a referral; a new due time queues its reward job. */
  advance(id: string, skipLocked?: boolean): Promise<StepResult>;
  /** Steps every referral that may move; how many of them are now settled (rewarded or not eligible). */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    friends: FriendCodes;
  }
}

/** Starts the reward queue, its worker and the sweep, and decorates the app with `friends`. */
export async function installFriendCodes(app: FastifyInstance, env: Env, boss: PgBoss): Promise<FriendCodes> {
  const repo = friendCodesRepository(app.db);
  await createQueues(app.db, boss, [
    { name: FRIEND_REWARD_QUEUE, policy: 'standard', retryLimit: 10, retryDelay: 60, retryBackoff: true },
  ]);
  const deps = {
    db: app.db,
    friends: repo,
    coupons: app.repos.coupons,
    points: app.repos.points,
    windowMsOverride: env.FRIEND_RETURN_WINDOW_MS,
  };

  const advance = async (id: string, skipLocked = false): Promise<StepResult> => {
    const result = await advanceReferral(deps, id, skipLocked);
    if (result.queueAt)
      await boss.send(
        FRIEND_REWARD_QUEUE,
        { referralId: id },
        { startAfter: result.queueAt, singletonKey: `friend-reward:${id}:${+result.queueAt}` },
      );
    return result;
  };

  const friends: FriendCodes = {
    repo,
    attachIn: (tx, input) => attachFriendCodeIn(tx, { friends: repo, coupons: app.repos.coupons }, input),
    advance,
    async sweep() {
      let moved = 0;
      for (const id of await repo.open()) {
        const { state } = await advance(id, true);
        if (state === 'rewarded' || state === 'not_eligible') moved++;
      }
      return moved;
    },
  };

  await boss.work<{ referralId: string }>(
    FRIEND_REWARD_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await advance(job.data.referralId);
    },
  );
  installMaintenance(app, [
    {
      name: 'friend referrals',
      everyMs: FRIEND_SWEEP_MS,
      atStart: true,
      run: async () => void (await friends.sweep()),
    },
  ]);
  app.decorate('friends', friends);
  return friends;
}
