/**
 * The booking rules of service appointments, pure so they are tested without a database: which
 * slots a centre has on a day, whether a start time is one of them and bookable now, and whether an appointment may
 * still be changed.
 */
import { addDays, wallClock, zonedInstant } from './zoned-time';
import type { ServiceKind } from '../../content/schemas/service-centres.schema';

export type DayHours = { open: string; close: string } | null;

export interface CentreSlots {
  timezone: string;
  slotMinutes: number;
  capacity: number;
  hours: Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', DayHours>;
  services: readonly string[];
}

export interface BookingRules {
  changeCutoffHours: number;
  minLeadMinutes: number;
  bookingHorizonDays: number;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const MINUTE = 60_000;

/** The slots of a centre on a local date (YYYY-MM-DD), each whole slot inside the opening hours. */
export function slotsOfDay(centre: CentreSlots, date: string): { start: Date; end: Date }[] {
  const weekday = wallClock(zonedInstant(date, 12 * 60, centre.timezone), centre.timezone).weekday;
  const hours = centre.hours[weekday];
  if (!hours) return [];
  const slots: { start: Date; end: Date }[] = [];
  for (let m = minutesOf(hours.open); m + centre.slotMinutes <= minutesOf(hours.close); m += centre.slotMinutes) {
    const start = zonedInstant(date, m, centre.timezone);
    slots.push({ start, end: new Date(start.getTime() + centre.slotMinutes * MINUTE) });
  }
  return slots;
}

/** Why a start time cannot be booked, or null when it can (capacity is the database's to say). */
export type BookingProblem = 'service' | 'not_a_slot' | 'past' | 'too_soon' | 'too_far';

export function bookingProblem(
  centre: CentreSlots,
  rules: BookingRules,
  service: ServiceKind | string,
  start: Date,
  now: Date,
): BookingProblem | null {
  if (!centre.services.includes(service)) return 'service';
  // Past and beyond the booking horizon first: whether that day has such a slot does not matter then.
  if (start.getTime() <= now.getTime()) return 'past';
  const local = wallClock(start, centre.timezone);
  const lastDay = addDays(wallClock(now, centre.timezone).date, rules.bookingHorizonDays);
  if (local.date > lastDay) return 'too_far';
  const slot = slotsOfDay(centre, local.date).find((s) => s.start.getTime() === start.getTime());
  if (!slot) return 'not_a_slot';
  if (start.getTime() < now.getTime() + rules.minLeadMinutes * MINUTE) return 'too_soon';
  return null;
}

/** Why a confirmed appointment can no longer be cancelled or moved: it has begun, or it is inside the cut-off. */
export function changeProblem(start: Date, rules: BookingRules, now: Date): 'past' | 'cutoff' | null {
  if (start.getTime() <= now.getTime()) return 'past';
  if (start.getTime() - now.getTime() < rules.changeCutoffHours * 60 * MINUTE) return 'cutoff';
  return null;
}

/** The local dates a customer may pick from today (in the centre's zone) to the horizon. */
export function bookableDates(timezone: string, rules: BookingRules, now: Date): string[] {
  const today = wallClock(now, timezone).date;
  return Array.from({ length: rules.bookingHorizonDays + 1 }, (_, i) => addDays(today, i));
}
