/**
 * School e-mail domains per country, from sites/student-domains.json: an address verifies a student when its domain
 * is a listed school domain or under one (`student.kuleuven.be` under `kuleuven.be`), or ends with a listed suffix
 * (`.edu.tr`). validateStudentDomains() (student-program-validate.ts) checks the file.
 */
import studentDomainsJson from './student-domains.json';
import type { RuleIssue } from '../region-config/rules';
import type { StudentDomainsFile } from './student-domains.schema';

export type { StudentDomainsFile };
export const STUDENT_DOMAINS_FILE = 'sites/student-domains.json';

const file = studentDomainsJson as StudentDomainsFile;

/** A country's school domains and suffixes; empty lists where the country verifies by document only. */
export function studentDomainsOf(
  local: string,
  domains: StudentDomainsFile = file,
): { suffixes: readonly string[]; domains: readonly string[] } {
  const entry = domains.countries[local];
  return { suffixes: entry?.suffixes ?? [], domains: entry?.domains ?? [] };
}

/** The domain of an address, lower case ('' when it has none). */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}

/**
 * Whether an address is a school address of the country.
 * @example isSchoolAddress('tr', 'ayse@ogr.itu.edu.tr') // true (suffix .edu.tr)
 */
export function isSchoolAddress(local: string, email: string, domains: StudentDomainsFile = file): boolean {
  const host = domainOf(email);
  if (!host) return false;
  const rules = studentDomainsOf(local, domains);
  return (
    rules.domains.some((d) => host === d || host.endsWith(`.${d}`)) ||
    rules.suffixes.some((s) => host.endsWith(s) && host.length > s.length)
  );
}

/** Countries named in the file exist. */
export function studentDomainCountriesAreKnown(domains: StudentDomainsFile, locals: ReadonlySet<string>): RuleIssue[] {
  return Object.keys(domains.countries)
    .filter((local) => !locals.has(local))
    .map((local) => ({ message: `school domains for unknown country "${local}"`, path: `/countries/${local}` }));
}

/** A domain its country's suffix already covers is a duplicate that hides a typo in one of them. */
export function studentDomainsAreNotCoveredTwice(domains: StudentDomainsFile): RuleIssue[] {
  return Object.entries(domains.countries).flatMap(([local, entry]) =>
    (entry.domains ?? []).flatMap((d, i) =>
      (entry.suffixes ?? []).some((s) => d.endsWith(s))
        ? [{ message: `"${d}" is already covered by a suffix`, path: `/countries/${local}/domains/${i}` }]
        : [],
    ),
  );
}
