/**
 * Pseudo-locales, for finding text that does not come from a catalogue: with PSEUDO_LOCALE set, every catalogue and
 * content text is replaced by a pseudo-translation of its English: accented letters, about 35 % longer (what German
 * or Finnish does to a layout), between ⟦ and ⟧. A text on a page without those marks was written in code.
 * PSEUDO_LOCALE=rtl also wraps each text in a right-to-left override and makes the pages right-to-left.
 */
export type PseudoLocale = 'accent' | 'rtl';

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** The pseudo-locale this process builds or serves in, or null (PSEUDO_LOCALE=1 or accent; rtl). */
export function pseudoLocale(value: string | undefined = process.env['PSEUDO_LOCALE']): PseudoLocale | null {
  if (!value || value === '0') return null;
  return value === 'rtl' ? 'rtl' : 'accent';
}

/** The direction a page of a storefront is written in: its own, or right to left in the right-to-left pseudo-locale. */
export function pageDirection(dir: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  return pseudoLocale() === 'rtl' ? 'rtl' : dir;
}

const ACCENTS: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** What a pseudo-translation leaves alone: placeholders ({{count}}, {name}), markup and entities. */
const KEEP = /(\{\{\s*\w+\s*\}\}|\{\w+\}|<[^>]+>|&[#\w]+;)/;

/** Markup in a text: a sentence with links in it (`<terms>…</terms>`) reaches the page as several text nodes. */
const TAG = /(<[^>]+>)/;

/**
 * The pseudo-translation of an English text. Each run of text between tags is marked on its own, since each is a text
 * node of its own on the page.
 */
export function pseudoText(text: string, locale: PseudoLocale): string {
  if (!TAG.test(text)) return pseudoRun(text, locale);
  return text
    .split(TAG)
    .map((part, i) => (i % 2 === 1 || !/[A-Za-z]/.test(part) ? part : pseudoRun(part, locale)))
    .join('');
}

function pseudoRun(text: string, locale: PseudoLocale): string {
  let letters = 0;
  const body = text
    .split(KEEP)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      letters += part.replace(/[^A-Za-z]/g, '').length;
      return part.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c);
    })
    .join('');
  const padding = '·'.repeat(Math.ceil(letters * 0.35));
  const marked = `${PSEUDO_OPEN}${body}${padding ? ` ${padding}` : ''}${PSEUDO_CLOSE}`;
  return locale === 'rtl' ? `\u202e${marked}\u202c` : marked;
}

/** A flat catalogue's every text pseudo-translated from English (keys English lacks keep their own text). */
export function pseudoCatalogue(
  english: Readonly<Record<string, string>>,
  own: Readonly<Record<string, string>>,
  locale: PseudoLocale,
): Record<string, string> {
  return Object.fromEntries(
    Object.keys({ ...own, ...english }).map((key) => [key, pseudoText(english[key] ?? own[key]!, locale)]),
  );
}

/**
 * Every Localized text (an object with an English string and other languages) under `value`, replaced in place by
 * its pseudo-translation in every language it has; returns `value`.
 */
export function pseudoLocalized<T>(value: T, locale: PseudoLocale): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      const english = record['en'];
      if (typeof english === 'string' && Object.values(record).every((v) => typeof v === 'string')) {
        for (const code of Object.keys(record)) record[code] = pseudoText(english, locale);
      } else Object.values(record).forEach(visit);
    }
  };
  visit(value);
  return value;
}
