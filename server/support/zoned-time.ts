/**
 * Wall-clock time of an IANA zone ⇄ instants, with Intl only (no date library on the server). Centres keep their
 * opening hours in local time; slots are stored as instants.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  clock: string;
  /** 'mon' … 'sun' */
  weekday: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
  /** Minutes since local midnight. */
  minutes: number;
}

/** The local date, time and weekday of an instant in a zone. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts['hour']) % 24;
  const minute = Number(parts['minute']);
  return {
    date: `${parts['year']}-${parts['month']}-${parts['day']}`,
    clock: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    weekday: String(parts['weekday']).slice(0, 3).toLowerCase() as WallClock['weekday'],
    minutes: hour * 60 + minute,
  };
}

/** Offset of the zone from UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts['year']),
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(parts['hour']) % 24,
    Number(parts['minute']),
    Number(parts['second']),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a local date and minute of day in a zone.
 * @example zonedInstant('2026-03-02', 9 * 60, 'Asia/Jakarta') // 2026-03-02T02:00:00Z
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  const first = guess - offsetAt(guess, timeZone);
  // Around a DST change the offset at the result may differ from the one at the guess.
  return new Date(guess - offsetAt(first, timeZone));
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
