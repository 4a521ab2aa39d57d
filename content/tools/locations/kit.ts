/**
 * The shape of a country's physical presence as the location tables write it: its Xiaomi stores (the store finder)
 * and its service centres with their booking rules (the service-centre booking page). Addresses are written as the
 * country's post writes them, phone numbers in the country's numbering plan (stores in the international form, as the
 * store page shows them; centres in the national form, as the booking page shows them).
 */
import type { ServiceCentre, ServiceCentreCountry } from '../../schemas/service-centres.schema';
import type { Store } from '../../schemas/stores.schema';

export interface CountryLocations {
  local: string;
  stores?: Store[];
  centres?: Omit<ServiceCentreCountry, 'local'>;
}

type StoreHours = Store['hours'];
type Clock = [opens: string, closes: string];

/** A store open every day with the same hours. */
export const everyDay = (opens: string, closes: string): StoreHours => [
  { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], opens, closes },
];

/** A store with weekday hours, Saturday hours and, when it opens then, Sunday hours. */
export const weekAndWeekend = (week: Clock, sat: Clock, sun?: Clock): StoreHours => [
  { days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: week[0], closes: week[1] },
  { days: ['sat'], opens: sat[0], closes: sat[1] },
  ...(sun ? [{ days: ['sun' as const], opens: sun[0], closes: sun[1] }] : []),
];

/** A service centre's week: weekday hours, Saturday and Sunday hours or closed (null). */
export function centreHours(week: Clock, sat: Clock | null, sun: Clock | null): ServiceCentre['hours'] {
  const day = (clock: Clock | null) => (clock ? { open: clock[0], close: clock[1] } : null);
  return {
    mon: day(week),
    tue: day(week),
    wed: day(week),
    thu: day(week),
    fri: day(week),
    sat: day(sat),
    sun: day(sun),
  };
}

/** Every service a centre can offer, and the quick ones a small counter in a mall does. */
export const ALL_SERVICES: ServiceCentre['services'] = ['repair', 'battery', 'screen', 'software', 'inspection'];
export const QUICK_SERVICES: ServiceCentre['services'] = ['battery', 'screen', 'software'];

/** Booking rules of European centres (a day's notice to change, four hours' lead) and of the rest of the world. */
export const EUROPEAN_BOOKING = { changeCutoffHours: 24, minLeadMinutes: 240, bookingHorizonDays: 30 };
export const WALK_IN_BOOKING = { changeCutoffHours: 4, minLeadMinutes: 120, bookingHorizonDays: 21 };

/** The same week with some days closed (Friday in Bangladesh, Egypt and Saudi Arabia). */
export function closedOn(
  hours: ServiceCentre['hours'],
  ...days: (keyof ServiceCentre['hours'])[]
): ServiceCentre['hours'] {
  return { ...hours, ...Object.fromEntries(days.map((day) => [day, null])) };
}
