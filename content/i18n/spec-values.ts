/**
 * Colour and edition names of commodities ("Midnight Black", "Standard", "2-pack") in the shopper's language: the
 * snapshots keep the name as the catalogue writes it (the variant's identity), and whoever shows it to a shopper
 * (the build's product pages, the API's cart and order views) reads its translation from the copy catalogues.
 */
import { copyCatalogue, copySources } from './copy-check';
import { pseudoLocale, pseudoText } from './pseudo';

const catalogues = new Map<string, Record<string, string>>();
let sources: ReadonlySet<string> | null = null;
const copySourceSet = () => (sources ??= new Set(copySources()));

/**
 * A colour, edition or spec value in catalogue `i18n`, else as written (sizes, capacities and chip names read the same
 * everywhere).
 */
export function specValueText(value: string, i18n: string): string {
  const pseudo = pseudoLocale();
  let copy = catalogues.get(i18n);
  if (!copy) catalogues.set(i18n, (copy = copyCatalogue(i18n)));
  if (pseudo && copySourceSet().has(value)) return pseudoText(value, pseudo);
  return copy[value] ?? value;
}

/** A line's spec as stored ("8GB+256GB · Midnight Black") with each part in catalogue `i18n`. */
export function specText(spec: string, i18n: string): string {
  return spec
    .split(' · ')
    .map((part) => specValueText(part, i18n))
    .join(' · ');
}
