import { ANALYTICS_MAX_PERIOD_DAYS, VITAL_THRESHOLDS, type Vital } from '../../server/schemas/analytics-dashboard';

/** The period picker's choices: the last 7 or 30 days (today included), or dates. */
export type PeriodChoice = 'last7' | 'last30' | 'dates';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A date as YYYY-MM-DD on the browser's calendar (a release manager's "today" is their own). */
export const isoDate = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The days of a period choice ending today; `dates` keeps the dates typed.
 * @example periodOf('last7', new Date(2025, 2, 10), { from: '', to: '' }) // { from: '2025-03-04', to: '2025-03-10' }
 */
export function periodOf(
  choice: PeriodChoice,
  today: Date,
  typed: { from: string; to: string },
): { from: string; to: string } {
  if (choice === 'dates') return typed;
  const days = choice === 'last7' ? 7 : 30;
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: isoDate(from), to: isoDate(today) };
}

/** What is wrong with typed dates before asking the server (it checks again): nothing, an end first, too long. */
export function periodProblem(from: string, to: string): 'missing' | 'reversed' | 'tooLong' | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'missing';
  if (end < start) return 'reversed';
  return (end - start) / DAY_MS + 1 > ANALYTICS_MAX_PERIOD_DAYS ? 'tooLong' : null;
}

/** How web.dev rates a 75th percentile: good, needs improvement, or poor. */
export type VitalRating = 'good' | 'needsImprovement' | 'poor';

/**
 * The rating of a p75 by web.dev's thresholds (good up to and including the first, poor above the second).
 * @example vitalRating('lcp', 2500) // 'good'
 */
export function vitalRating(vital: Vital, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[vital];
  return value <= good ? 'good' : value <= poor ? 'needsImprovement' : 'poor';
}

/** Whether a change of a p75 is better (lower), worse (higher) or none. */
export const deltaDirection = (delta: number): 'better' | 'worse' | 'same' =>
  delta < 0 ? 'better' : delta > 0 ? 'worse' : 'same';

/**
 * The bars of a chart: each value's length as a share of the largest (0…1), so an empty period draws empty bars
 * instead of dividing by zero.
 */
export function barShares(values: number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? v / max : 0));
}
