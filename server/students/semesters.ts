import { wallClock, zonedInstant } from '../support/zoned-time';
import type { SemesterStart } from '../../sites/student-offers';
import type { StudentSemesterName } from '../schemas/students';

/** One semester of a country: its name, the year it starts in, and its window (start included, end excluded). */
export interface Semester {
  name: StudentSemesterName;
  year: number;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The semester an instant falls in: the latest start at or before it, in the country's time zone, until the next
 * start. Semesters tile the year (sites/student-offers.ts `semestersTileTheYear`), so every instant has one.
 * @example semesterAt(new Date('2026-03-10T12:00:00Z'), [{ name: 'spring', starts: '02-01' }, …], 'Europe/Istanbul')
 */
export function semesterAt(instant: Date, semesters: readonly SemesterStart[], timeZone: string): Semester {
  const year = Number(wallClock(instant, timeZone).date.slice(0, 4));
  const starts = [year - 1, year, year + 1]
    .flatMap((y) =>
      semesters.map((s) => ({ name: s.name, year: y, at: zonedInstant(`${y}-${s.starts}`, 0, timeZone) })),
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const index = starts.findLastIndex((s) => s.at.getTime() <= instant.getTime());
  const current = starts[index]!;
  return { name: current.name, year: current.year, startsAt: current.at, endsAt: starts[index + 1]!.at };
}
