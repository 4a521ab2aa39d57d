import { legalFactsFor } from '../../sites/legal-facts';
import { getRegionSettings } from '../../region-config';
import type { WarrantyStatus } from '../schemas/devices';

export type { WarrantyStatus };

/** A refurbished unit's warranty when its product names none (the product page states the product's own). */
export const REFURBISHED_WARRANTY_MONTHS = 12;

/**
 * The months of warranty a unit sold in a country gets: the country's warranty (sites/legal-facts.json), or the
 * refurbished product's own (12 months) whatever the country.
 */
export function warrantyMonthsFor(local: string, refurbished: { warrantyMonths?: number } | null): number {
  if (refurbished) return refurbished.warrantyMonths ?? REFURBISHED_WARRANTY_MONTHS;
  return legalFactsFor(local).warrantyMonths;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The last day a warranty of `months` from `start` covers (both 'YYYY-MM-DD'): the day with the start's number in
 * the last month, or that month's last day when it has no such day (31 January + 1 month: 28 or 29 February).
 * @example warrantyUntil('2025-03-14', 24) // '2027-03-14'
 */
export function warrantyUntil(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/** The calendar day of an instant in a country's time zone, 'YYYY-MM-DD'. */
export function dayIn(local: string, instant: Date | number): string {
  const zone = getRegionSettings(local).dayjsTimezone;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** What decides a unit's warranty: the day it started (delivery, or the verified purchase) and its months. */
export interface WarrantyBasis {
  /** 'YYYY-MM-DD'; null while the unit is on its way (the warranty starts at delivery). */
  start: string | null;
  months: number;
}

/** A unit's warranty on `today` ('YYYY-MM-DD' of its country): its status and the last day covered. */
export function warrantyOn(
  basis: WarrantyBasis | null,
  today: string,
): { status: WarrantyStatus; until: string | null } {
  if (!basis) return { status: 'unknown', until: null };
  if (!basis.start) return { status: 'not_started', until: null };
  const until = warrantyUntil(basis.start, basis.months);
  return { status: today <= until ? 'in_warranty' : 'expired', until };
}
