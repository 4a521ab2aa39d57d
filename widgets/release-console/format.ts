import { toMajor } from '../../region-config/money';
import type { Vital } from '../../server/schemas/analytics-dashboard';

const lang = () => (typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined);

/** A moment in the page's language, with the zone the browser is in (release managers act on their own clock). */
export const when = (iso: string | null): string =>
  iso ? new Intl.DateTimeFormat(lang(), { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '';

/** A duration as minutes and seconds in the page's language. */
export function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(lang(), { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
  return seconds >= 60
    ? `${unit(Math.floor(seconds / 60), 'minute')} ${unit(seconds % 60, 'second')}`
    : unit(seconds, 'second');
}

/** A price in its currency, in the page's language. */
export const money = (amount: number, currency: string): string =>
  new Intl.NumberFormat(lang(), { style: 'currency', currency }).format(amount);

/** A count in the page's language (12,345). */
export const count = (n: number): string => new Intl.NumberFormat(lang()).format(n);

/** A share (0…1) as a percentage with at most one decimal. */
export const percent = (share: number): string =>
  new Intl.NumberFormat(lang(), { style: 'percent', maximumFractionDigits: 1 }).format(share);

/** A day (YYYY-MM-DD, a calendar date: no zone shift) as a short date in the page's language. */
export const day = (iso: string): string =>
  new Intl.DateTimeFormat(lang(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** Minor units of a currency, in the page's language. */
export const minorMoney = (minor: number, currency: string): string => money(toMajor(minor, currency), currency);

/**
 * A web vital's value: milliseconds with the unit, CLS (unitless) with three decimals; `signed` for a change
 * (+120 ms, −0.020).
 */
export function vitalValue(vital: Vital, value: number, signed = false): string {
  const sign = signed ? ({ signDisplay: 'exceptZero' } as const) : {};
  return vital === 'cls'
    ? new Intl.NumberFormat(lang(), { minimumFractionDigits: 3, maximumFractionDigits: 3, ...sign }).format(value)
    : new Intl.NumberFormat(lang(), { style: 'unit', unit: 'millisecond', unitDisplay: 'short', ...sign }).format(
        value,
      );
}
