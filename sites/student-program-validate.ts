/** Node-side check of the student programme's site data (ajv stays out of the browser's bundles). */
import { regionSettings } from '../region-config';
import { RegionConfigError, ajvIssues, getAjv } from '../region-config/validate';
import type { RuleIssue } from '../region-config/rules';
import studentDomainsJson from './student-domains.json';
import studentOffersJson from './student-offers.json';
import { studentDomainsFileSchema } from './student-domains.schema';
import { studentOffersFileSchema } from './student-offers.schema';
import {
  STUDENT_DOMAINS_FILE,
  studentDomainCountriesAreKnown,
  studentDomainsAreNotCoveredTwice,
  type StudentDomainsFile,
} from './student-domains';
import {
  STUDENT_OFFERS_FILE,
  semestersTileTheYear,
  studentCapsAreReachable,
  studentOfferCountriesAreKnown,
  type StudentOffersFile,
} from './student-offers';

function checked<T>(schema: object, data: unknown, file: string, rules: (data: T) => RuleIssue[]): T {
  const validate = getAjv().compile(schema);
  if (!validate(data)) {
    const issues = ajvIssues(validate.errors);
    const first = issues[0] ?? { path: '', message: 'invalid' };
    throw new RegionConfigError(file, first.path, first.message, issues);
  }
  const issues = rules(data as T);
  const first = issues[0];
  if (first) throw new RegionConfigError(file, first.path, first.message, issues);
  return data as T;
}

const locals = () => new Set(regionSettings.map((r) => r.local));

/** Validates the school domains (default: student-domains.json): schema, countries, no domain covered twice. */
export function validateStudentDomains(
  data: unknown = studentDomainsJson,
  file: string = STUDENT_DOMAINS_FILE,
): StudentDomainsFile {
  return checked<StudentDomainsFile>(studentDomainsFileSchema, data, file, (d) => [
    ...studentDomainCountriesAreKnown(d, locals()),
    ...studentDomainsAreNotCoveredTwice(d),
  ]);
}

/** Validates the student offers (default: student-offers.json): schema, countries, semesters, reachable caps. */
export function validateStudentOffers(
  data: unknown = studentOffersJson,
  file: string = STUDENT_OFFERS_FILE,
): StudentOffersFile {
  return checked<StudentOffersFile>(studentOffersFileSchema, data, file, (d) => [
    ...studentOfferCountriesAreKnown(d, locals()),
    ...semestersTileTheYear(d),
    ...studentCapsAreReachable(d),
  ]);
}
