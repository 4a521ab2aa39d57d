import type { Database } from '../db/types';
import type { PointsRepository } from '../repositories/points';
import type { ClubBirthdaysRepository } from '../repositories/club-birthdays';
import { postMessageIn } from '../repositories/messages';
import { findStorefront } from '../storefront';
import { translate } from '../i18n';
import { storefronts, getRegionSettings } from '../../region-config/index';
import { CLUB_LEVELS, clubBenefits, clubStanding } from '../../sites/club';
import { birthdayWindow, dateIn } from './birthday-window';

export interface BirthdayPointsDeps {
  db: Database;
  points: PointsRepository;
  birthdays: ClubBirthdaysRepository;
}

/** What one run did: members given their points, and candidates another run had served (or whose level gives none). */
export interface BirthdayRun {
  granted: number;
  skipped: number;
}

/** The fewest points earned that reach a level with birthday points in the country, or null when no level has any. */
function minEarnedForBirthday(local: string): number | null {
  return CLUB_LEVELS.find((l) => clubBenefits(local, l.id).birthdayPoints > 0)?.minEarned ?? null;
}

/**
 * The birthday points job: in every country where points were earned, each member whose birthday falls in the
 * birthday window (the country's calendar) and whose level gives birthday points gets them once for the year, with
 * an inbox message in the language of the storefront they last ordered from. Each member is one transaction: the
 * year's grant row, the points and the message together; the grant's primary key makes a second run (a restart, a
 * parallel process) give nothing. `now` is the job's clock (tests pass their own).
 */
export async function giveBirthdayPoints(deps: BirthdayPointsDeps, now = new Date()): Promise<BirthdayRun> {
  const run: BirthdayRun = { granted: 0, skipped: 0 };
  for (const local of await deps.birthdays.countries()) {
    const minEarned = minEarnedForBirthday(local);
    if (minEarned === null) continue;
    const days = birthdayWindow(dateIn(now, getRegionSettings(local).dayjsTimezone));
    for (const candidate of await deps.birthdays.candidates(local, days, minEarned)) {
      const given = await deps.db.transaction(async (tx) => {
        const { level } = clubStanding(await deps.points.earnedIn(tx, candidate.user_id, local));
        const points = clubBenefits(local, level).birthdayPoints;
        if (points <= 0) return false;
        const grant = { userId: candidate.user_id, local, year: candidate.year, level, points };
        if (!(await deps.birthdays.recordIn(tx, grant))) return false;
        await deps.points.birthdayIn(tx, candidate.user_id, local, points);
        const storefront =
          (candidate.url_local ? findStorefront(candidate.url_local) : undefined) ??
          storefronts.find((s) => s.local === local);
        if (storefront) {
          const levelName = translate(storefront, `club.level.${level}`);
          await postMessageIn(tx, {
            userId: candidate.user_id,
            kind: 'system',
            title: translate(storefront, 'club.message.birthday.title'),
            body: translate(storefront, 'club.message.birthday.body', { count: points, level: levelName }),
            link: `/${storefront.urlLocal}/user/points-center/exchange/details/`,
          });
        }
        return true;
      });
      if (given) run.granted++;
      else run.skipped++;
    }
  }
  return run;
}
