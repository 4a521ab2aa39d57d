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
