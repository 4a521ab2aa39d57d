import { ApiError, Errno } from '../../errors';
import { ANALYTICS_MAX_PERIOD_DAYS } from '../../schemas/analytics-dashboard';

/** The days a summary covers, both ends included, as the server's dates (the events' day of arrival). */
export interface Period {
  from: string;
  to: string;
  /** Every day from `from` to `to`, in order (YYYY-MM-DD). */
  days: string[];
}

const DAY_MS = 86_400_000;
/** The default period: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

/** Milliseconds of a YYYY-MM-DD calendar date at UTC midnight, or null when it is not one (2025-02-30 is not). */
function dateMs(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  // Date.UTC rolls 02-30 over to 03-02: a date that does not come back as written is not a calendar date.
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The period of `from` … `to` (defaults: the 30 days up to `today`), or the dashboard's errno for a date that is
 * not one, an end before the start, or more than ANALYTICS_MAX_PERIOD_DAYS days.
 * @example parsePeriod({ from: '2025-03-01', to: '2025-03-03' }, '2025-03-10').days // 3 days
 */
export function parsePeriod(query: { from?: string | undefined; to?: string | undefined }, today: string): Period {
  const check = (name: 'from' | 'to', text: string): number => {
    const ms = dateMs(text);
    if (ms === null)
      throw new ApiError(Errno.ANALYTICS_DATE_INVALID, `${name} is not a date written YYYY-MM-DD`, 400, {
        field: name,
      });
    return ms;
  };
  const to = check('to', query.to ?? today);
  const from = query.from === undefined ? to - (DEFAULT_DAYS - 1) * DAY_MS : check('from', query.from);
  if (to < from) throw new ApiError(Errno.ANALYTICS_PERIOD_REVERSED, 'the period ends before it starts', 400);
  const count = (to - from) / DAY_MS + 1;
  if (count > ANALYTICS_MAX_PERIOD_DAYS)
    throw new ApiError(
      Errno.ANALYTICS_PERIOD_TOO_LONG,
      `the period has ${count} days; at most ${ANALYTICS_MAX_PERIOD_DAYS} are read at once`,
      400,
      { max_days: ANALYTICS_MAX_PERIOD_DAYS },
    );
  return {
    from: isoDay(from),
    to: isoDay(to),
    days: Array.from({ length: count }, (_, i) => isoDay(from + i * DAY_MS)),
  };
}
