/**
 * Colour and edition names of commodities ("Midnight Black", "Standard", "2-pack") in the shopper's language: the
 * snapshots keep the name as the catalogue writes it (the variant's identity), and whoever shows it to a shopper
 * (the build's product pages, the API's cart and order views) reads its translation from the copy catalogues.
 */
import { copyCatalogue } from './copy-check';
import { pseudoLocale, pseudoText } from './pseudo';

const catalogues = new Map<string, Record<string, string>>();

/** A colour or edition name in catalogue `i18n`, else as written (sizes and capacities read the same everywhere). */
export function specValueText(value: string, i18n: string): string {
  const pseudo = pseudoLocale();
  let copy = catalogues.get(i18n);
  if (!copy) catalogues.set(i18n, (copy = copyCatalogue(i18n)));
  if (pseudo && /\p{L}{2}/u.test(value) && (copy[value] || copyCatalogue('de')[value])) return pseudoText(value, pseudo);
  return copy[value] ?? value;
}

/** A line's spec as stored ("8GB+256GB · Midnight Black") with each part in catalogue `i18n`. */
export function specText(spec: string, i18n: string): string {
  return spec
    .split(' · ')
    .map((part) => specValueText(part, i18n))
    .join(' · ');
}
