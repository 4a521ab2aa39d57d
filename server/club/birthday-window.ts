import { BIRTHDAY_WINDOW_DAYS } from '../../sites/club';
import type { BirthdayDay } from '../repositories/club-birthdays';

/** A calendar date. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The calendar date at `at` in a time zone (the country's, so a birthday starts at its midnight there). */
export function dateIn(at: Date, timeZone: string): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The birthdays whose points are due on `today`: the days of the birthday window back from today, each with the year
 * its birthday belongs to (a window that began in December gives last year's birthdays in January). A 29 February
 * birthday is kept on 28 February in other years.
 * @example birthdayWindow({ year: 2027, month: 1, day: 2 }, 3) // 102 → 2027, 101 → 2027, 1231 → 2026
 */
export function birthdayWindow(today: CalendarDate, days = BIRTHDAY_WINDOW_DAYS): BirthdayDay[] {
  const window: BirthdayDay[] = [];
  const start = Date.UTC(today.year, today.month - 1, today.day);
  for (let back = 0; back < days; back++) {
    const d = new Date(start - back * 86_400_000);
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth() + 1;
    const day = d.getUTCDate();
    window.push({ monthDay: month * 100 + day, year });
    if (month === 2 && day === 28 && !isLeap(year)) window.push({ monthDay: 229, year });
  }
  return window;
}
