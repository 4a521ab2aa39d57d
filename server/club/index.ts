/**
 * The Mi Club in the app: the repositories of its own rows (birthday grants) and of the priority club, and the
 * birthday points job. Free express delivery and early access are read from the member's level at checkout
 * (server/checkout/steps/club.ts); the priority flag is read with the support desk's rows
 * (repositories/priority-club.ts).
 */
import type { FastifyInstance } from 'fastify';
import { installMaintenance } from '../maintenance';
import { clubBirthdaysRepository, type ClubBirthdaysRepository } from '../repositories/club-birthdays';
import { priorityClubRepository, type PriorityClubRepository } from '../repositories/priority-club';
import { giveBirthdayPoints, type BirthdayRun } from './birthday-points';

export interface Club {
  birthdays: ClubBirthdaysRepository;
  priority: PriorityClubRepository;
  /** Runs the birthday points job now (the maintenance loop runs it every hour). */
  giveBirthdayPoints(now?: Date): Promise<BirthdayRun>;
}

declare module 'fastify' {
  interface FastifyInstance {
    club: Club;
  }
}

/** How often the birthday points job runs in every process: the first run at start gives what a pause left due. */
export const BIRTHDAY_JOB_EVERY_MS = 60 * 60_000;

/**
 * Decorates the app with `club` and runs the birthday points job at start and every hour. Why the maintenance loop
 * and not a queued job: the work is a sweep that every process may run at once (the grant's primary key gives the
 * points once), and the job queue here has no cron schedule; a queued job would add a poller and nothing else.
 */
export function installClub(app: FastifyInstance): Club {
  const birthdays = clubBirthdaysRepository(app.db);
  const club: Club = {
    birthdays,
    priority: priorityClubRepository(app.db),
    giveBirthdayPoints: (now) => giveBirthdayPoints({ db: app.db, points: app.repos.points, birthdays }, now),
  };
  installMaintenance(app, [
    {
      name: 'club birthday points',
      everyMs: BIRTHDAY_JOB_EVERY_MS,
      atStart: true,
      run: async () => void (await club.giveBirthdayPoints()),
    },
  ]);
  app.decorate('club', club);
  return club;
}
