/**
 * Whether a customer-service line is open at an instant, read on the line's own wall clock (its zone, its days,
 * hours that may run past midnight). Pure and browser-safe: the API decides "open now" by the server's clock with
 * it, and the build prints the weekly hours with `weeklyHours`.
 */
import { zoneOffsetMinutes } from '../region-config/format-date';
import type { ServiceLine, Weekday } from './service-lines';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface ServiceStatus {
  open: boolean;
  /** When the current shift ends (epoch ms), while open. */
  closesAt: number | null;
  /** When the next shift starts (epoch ms), while closed; null when the line has no day on. */
  opensAt: number | null;
}

const minutesOf = (hhmm: string): number => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** ISO weekday of a wall-clock day that starts at `dayStartMs` (ms of that midnight as if it were UTC). */
const weekdayAt = (dayStartMs: number): Weekday => (((new Date(dayStartMs).getUTCDay() + 6) % 7) + 1) as Weekday;

/** A wall-clock instant of `zone` back to epoch ms (exact but for the hour a clock change skips or repeats). */
function wallToEpoch(wallMs: number, zone: string): number {
  const guess = wallMs - zoneOffsetMinutes(wallMs, zone) * MINUTE;
  return wallMs - zoneOffsetMinutes(guess, zone) * MINUTE;
}

/**
 * The line's state at `nowMs`: open with its closing time, or closed with its next opening. A shift belongs to the
 * day it starts on, so "22:00-02:00" on Friday is open at 01:00 on Saturday even when Saturday is a day off.
 * @example serviceStatus(serviceLineFor('de', 'de'), Date.parse('2026-11-30T08:30:00Z')) // open until 18:00 Berlin
 */
export function serviceStatus(
  line: Pick<ServiceLine, 'zone' | 'days' | 'opens' | 'closes'>,
  nowMs: number,
): ServiceStatus {
  const wall = nowMs + zoneOffsetMinutes(nowMs, line.zone) * MINUTE;
  const today = Math.floor(wall / DAY) * DAY;
  const opens = minutesOf(line.opens);
  let length = minutesOf(line.closes) - opens;
  if (length <= 0) length += 24 * 60;
  // Yesterday's shift may still run; a week and a day ahead always holds the next shift of a line with a day on.
  for (let d = -1; d <= 8; d++) {
    const dayStart = today + d * DAY;
    if (!line.days.includes(weekdayAt(dayStart))) continue;
    const start = dayStart + opens * MINUTE;
    const end = start + length * MINUTE;
    if (wall >= start && wall < end) return { open: true, closesAt: wallToEpoch(end, line.zone), opensAt: null };
    if (start > wall) return { open: false, closesAt: null, opensAt: wallToEpoch(start, line.zone) };
  }
  return { open: false, closesAt: null, opensAt: null };
}

/** One row of the printed week: consecutive days with the same hours, or days off. */
export interface HoursRow {
  from: Weekday;
  to: Weekday;
  /** null: closed on these days. */
  hours: { opens: string; closes: string } | null;
}

/** The week from Monday as rows of consecutive days that share their hours (Mon–Fri 09:00–18:00, Sat–Sun closed). */
export function weeklyHours(line: Pick<ServiceLine, 'days' | 'opens' | 'closes'>): HoursRow[] {
  const rows: HoursRow[] = [];
  for (let day = 1 as Weekday; day <= 7; day = (day + 1) as Weekday) {
    const on = line.days.includes(day);
    const last = rows.at(-1);
    if (last && (last.hours !== null) === on) last.to = day;
    else rows.push({ from: day, to: day, hours: on ? { opens: line.opens, closes: line.closes } : null });
  }
  return rows;
}
