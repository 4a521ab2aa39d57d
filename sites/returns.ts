/**
 * Return rules per country, from sites/returns.json: a default and each country's changes to it. The server reads
 * them through returnRulesFor(); validateReturnRules() checks the file (schema, known countries, sane promises).
 */
import returnsJson from './returns.json';
import type { RuleIssue } from '../region-config/rules';
import type { ReturnRules, ReturnRulesFile } from './returns.schema';

export type { ReturnRules, ReturnRulesFile };
export const RETURNS_FILE = 'sites/returns.json';

const file = returnsJson as ReturnRulesFile;

/** The return rules of a country (its two-letter local): the default with the country's changes. */
export function returnRulesFor(local: string, rules: ReturnRulesFile = file): ReturnRules {
  return { ...rules.default, ...rules.countries[local] };
}

/** Countries named in the file exist. */
export function returnCountriesAreKnown(rules: ReturnRulesFile, locals: ReadonlySet<string>): RuleIssue[] {
  return Object.keys(rules.countries)
    .filter((local) => !locals.has(local))
    .map((local) => ({ message: `return rules for unknown country "${local}"`, path: `/countries/${local}` }));
}

/**
 * No country gives less than the distance-sale minimum of 14 days, and a refurbished phone never less than any
 * other product.
 */
export function returnWindowsHoldTheMinimum(rules: ReturnRulesFile): RuleIssue[] {
  const entries: [string, ReturnRules][] = [
    ['/default', rules.default],
    ...Object.keys(rules.countries).map((l): [string, ReturnRules] => [`/countries/${l}`, returnRulesFor(l, rules)]),
  ];
  return entries.flatMap(([path, r]) => [
    ...(r.windowDays < MIN_WINDOW_DAYS
      ? [{ message: `the return window is below ${MIN_WINDOW_DAYS} days`, path: `${path}/windowDays` }]
      : []),
    ...(r.refurbishedWindowDays < r.windowDays
      ? [{ message: 'refurbished phones get less than other products', path: `${path}/refurbishedWindowDays` }]
      : []),
  ]);
}

/** The withdrawal period of a distance sale (EU consumer rights): no country's window is shorter. */
export const MIN_WINDOW_DAYS = 14;
