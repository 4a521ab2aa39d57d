/**
 * Student offers per country, from sites/student-offers.json: a default and each country's changes to it (the
 * semesters, the semester's student coupon). The server reads them through studentOfferFor();
 * validateStudentOffers() (student-program-validate.ts) checks the file.
 */
import studentOffersJson from './student-offers.json';
import type { RuleIssue } from '../region-config/rules';
import type { StudentOffersFile } from './student-offers.schema';
import type { StudentSemesterName } from '../server/schemas/students';

export type { StudentOffersFile };
export const STUDENT_OFFERS_FILE = 'sites/student-offers.json';

const file = studentOffersJson as StudentOffersFile;

/** One semester: its name and the month-day it starts on (MM-DD, the country's time zone). */
export interface SemesterStart {
  name: StudentSemesterName;
  starts: string;
}

/** A country's offer: its semesters and the coupon's terms in the file's units (major units, euros). */
export interface StudentOffer {
  semesters: readonly SemesterStart[];
  coupon: { percent: number; capEur?: number; cap?: number; maxUnitPrice?: number };
}

/** The offer of a country (its two-letter local): the default with the country's changes. */
export function studentOfferFor(local: string, offers: StudentOffersFile = file): StudentOffer {
  const own = offers.countries[local];
  return {
    semesters: own?.semesters ?? offers.default.semesters,
    coupon: { ...offers.default.coupon, ...own?.coupon },
  };
}

/** Countries named in the file exist. */
export function studentOfferCountriesAreKnown(offers: StudentOffersFile, locals: ReadonlySet<string>): RuleIssue[] {
  return Object.keys(offers.countries)
    .filter((local) => !locals.has(local))
    .map((local) => ({ message: `student offer for unknown country "${local}"`, path: `/countries/${local}` }));
}

/** Days of each month in a year that has them all every year (29 February does not). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Semesters tile the year: each start is a day every year has, no two share a start or a name (each semester lasts
 * until the next starts, so the year has no gap and no overlap).
 */
export function semestersTileTheYear(offers: StudentOffersFile): RuleIssue[] {
  const lists: [string, readonly SemesterStart[]][] = [
    ['/default/semesters', offers.default.semesters],
    ...Object.entries(offers.countries).flatMap(([l, c]): [string, readonly SemesterStart[]][] =>
      c.semesters ? [[`/countries/${l}/semesters`, c.semesters]] : [],
    ),
  ];
  return lists.flatMap(([path, list]) =>
    list.flatMap((s, i) => {
      const [month, day] = s.starts.split('-').map(Number) as [number, number];
      const issues: RuleIssue[] = [];
      if (day > MONTH_DAYS[month - 1]!) issues.push({ message: `${s.starts} is not a day of every year`, path });
      if (list.findIndex((o) => o.starts === s.starts) !== i)
        issues.push({ message: `two semesters start on ${s.starts}`, path: `${path}/${i}` });
      if (list.findIndex((o) => o.name === s.name) !== i)
        issues.push({ message: `two semesters are called ${s.name}`, path: `${path}/${i}` });
      return issues;
    }),
  );
}

/** Under a price limit, the cap must be reachable (percent of the dearest device allowed), or it says nothing. */
export function studentCapsAreReachable(offers: StudentOffersFile): RuleIssue[] {
  return Object.keys(offers.countries).flatMap((local) => {
    const { coupon } = studentOfferFor(local, offers);
    if (coupon.maxUnitPrice === undefined || coupon.cap === undefined) return [];
    return (coupon.percent * coupon.maxUnitPrice) / 100 < coupon.cap
      ? [{ message: 'the cap is above what the percent takes off the dearest device', path: `/countries/${local}` }]
      : [];
  });
}
