/**
 * First-party analytics in the app: the events repository, the per-address budget the collector charges, and the
 * partitions of the events table rolled on at start and daily by a job on the store's job queue (pg-boss, started by
 * the release console). The collector route is routes/analytics/collect.ts.
 */
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { createQueues } from '../releases/boss';
import { analyticsEventsRepository, type AnalyticsEventsRepository } from '../repositories/analytics-events';
import { addressBudget, type AddressBudget } from './address-budget';
import { ANALYTICS_ADDRESS_BUDGET, ANALYTICS_PARTITIONS_AHEAD_DAYS, ANALYTICS_RETENTION_DAYS } from './limits';

/** The daily roll of the events table's partitions: one queued job per day (the queue's 'short' policy). */
export const ANALYTICS_ROLL_QUEUE = 'analytics-partitions';
/** How long after midnight UTC the daily roll runs (past the day change, before the day's traffic). */
const ROLL_AFTER_MIDNIGHT_MS = 10 * 60_000;

export interface Analytics {
  events: AnalyticsEventsRepository;
  budget: AddressBudget;
  /** Rolls the partitions on now: today's and the days ahead made, the days past the retention dropped. */
  roll(): Promise<{ created: number; dropped: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    analytics: Analytics;
  }
}

/** When the roll after `now` is due: shortly after the next midnight UTC. */
export function nextRollAt(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return new Date(midnight + ROLL_AFTER_MIDNIGHT_MS);
}

/** Rolls the partitions on, queues the daily roll and its worker, and decorates the app with `analytics`. */
export async function installAnalytics(
  app: FastifyInstance,
  boss: PgBoss,
  /** RATE_LIMIT_ADDRESS_FACTOR: the budget of an address is this many times its own (test stores only). */
  addressFactor = 1,
): Promise<Analytics> {
  const events = analyticsEventsRepository(app.db);
  const { events: eventsPerAddress, bytes, windowSeconds } = ANALYTICS_ADDRESS_BUDGET;
  const analytics: Analytics = {
    events,
    budget: addressBudget({
      events: eventsPerAddress * addressFactor,
      bytes: bytes * addressFactor,
      windowSeconds,
    }),
    roll: () => events.roll(ANALYTICS_RETENTION_DAYS, ANALYTICS_PARTITIONS_AHEAD_DAYS),
  };
  // A store that did not run for days (or a database copied from an old template) has no partition for today.
  try {
    await analytics.roll();
  } catch (err) {
    // A report holding the table past the lock wait: the job below and the first insert of the day make up for it.
    app.log.warn({ err }, 'analytics partitions not rolled at start');
  }

  await createQueues(app.db, boss, [{ name: ANALYTICS_ROLL_QUEUE, policy: 'short', retryLimit: 5, retryDelay: 300 }]);
  /** One queued roll per day, whichever process queues it first (the singleton key names the day). */
  const queueNextRoll = async () => {
    const at = nextRollAt(new Date());
    await boss.send(
      ANALYTICS_ROLL_QUEUE,
      {},
      { startAfter: at, singletonKey: `roll:${at.toISOString().slice(0, 10)}` },
    );
  };
  await boss.work(ANALYTICS_ROLL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
    // The next day's job first: a roll that fails (and is retried) never leaves the days after without one.
    await queueNextRoll();
    await analytics.roll();
  });
  await queueNextRoll();
  app.decorate('analytics', analytics);
  return analytics;
}
