/**
 * Which words of a page in some language are English that leaked into it. A word counts as English when English
 * uses it (the store's English texts, or one of the common English words below) and the page's language does not:
 * neither its catalogues nor its content copy write it, it is not a reviewed neutral term, and it is not part of a
 * name (brand and model names stay as they are: "Xiaomi Smart Band 9" reads so everywhere; so do stores' names and
 * postal addresses). So "a" and "in"
 * are Italian words, "to" a Polish one, and "the" is English everywhere but in English.
 */
import fs from 'node:fs';
import path from 'node:path';
import { catalogueCandidates } from '../../region-config/storefronts';
import { readLanguage } from './catalogue-files';
import { NEUTRAL_TERMS, sameAsEnglish } from './neutral-terms';

/**
 * Common English words that are in no store text but would be in any English sentence written into the code (a
 * text that never went through a catalogue): function words, pronouns, auxiliaries.
 */
const COMMON_ENGLISH =
  `the a an and or but if of to in on at by for with from into about as is are was were be been being
  has have had do does did will would can could should may might must shall not no yes this that these those it its
  you your yours we our us they their them he she his her i my me all any some each every more most other such only
  own same than too very just now here there when where which who whom whose what why how please`
    .split(/\s+/)
    .filter(Boolean);

export interface Vocabulary {
  lang: string;
  /** Words of English that are not words of `lang`, lower case. */
  english: ReadonlySet<string>;
  /** Names, read past as a whole: they are in no language of ours. */
  names: RegExp;
}

const contentRoot = path.resolve(__dirname, '..');

/** The words of a text as `lang` segments it (Intl.Segmenter: also for Japanese, Chinese, Thai and Khmer). */
export function wordsOf(text: string, lang: string): string[] {
  const segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
  return [...segmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);
}

/** A catalogue value without its placeholders and markup: "{{count}} <1>items</1>" → " items". */
const plain = (text: string) => text.replace(/\{\{[^}]*\}\}|\{\w+\}|<\/?\w+[^>]*>/g, ' ');

function vocabularyOf(texts: Iterable<string>, lang: string): Set<string> {
  const words = new Set<string>();
  for (const text of texts) for (const word of wordsOf(plain(text), lang)) words.add(word.toLocaleLowerCase(lang));
  return words;
}

/**
 * Every product's name and the brand names among its spec values (chips, sensors, panels: "Light Fusion 800",
 * "Snapdragon 8 Elite"), as the catalogue snapshot spells them; spec values with ordinary words are translated
 * (they are copy sources) and not names.
 */
function productNames(root: string): string[] {
  const file = path.join(root, 'snapshots', 'catalogue', 'products.json');
  const sources = new Set(JSON.parse(fs.readFileSync(path.join(root, 'copy', 'sources.json'), 'utf8')) as string[]);
  const products = (
    JSON.parse(fs.readFileSync(file, 'utf8')) as { products: { name: string; specs: { value: string }[] }[] }
  ).products;
  return products.flatMap((p) => [p.name, ...p.specs.map((s) => s.value).filter((value) => !sources.has(value))]);
}

/** Stores' names and postal addresses: written as the store and the post know them, in no language of ours. */
function storeNames(root: string): string[] {
  const file = path.join(root, 'snapshots', 'stores', 'stores.json');
  const countries = (
    JSON.parse(fs.readFileSync(file, 'utf8')) as {
      countries: { stores: { name: string; address: string; city: string }[] }[];
    }
  ).countries;
  return countries.flatMap((c) => c.stores.flatMap((store) => [store.name, store.address, store.city]));
}

/** Names that read the same in every language: reviewed neutral terms, products, chips and sensors, stores. */
const namesOf = (root: string) => [...NEUTRAL_TERMS, ...productNames(root), ...storeNames(root)];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for all names, longest first, each a whole phrase ("The Dubai Mall", not every "the"). */
function namesPattern(names: readonly string[]): RegExp {
  const alternatives = [...new Set(names)]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  // Bounded by Latin letters and digits only: in Korean or Japanese a particle follows a name without a space.
  return new RegExp(`(?<![\\p{Script=Latin}\\p{N}])(?:${alternatives.join('|')})(?![\\p{Script=Latin}\\p{N}])`, 'gu');
}

const cache = new Map<string, { english: ReadonlySet<string>; names: RegExp }>();

/** The English of the store's texts (and common English words), and its names, read once per content folder. */
function englishOf(root: string): { english: ReadonlySet<string>; names: RegExp } {
  let found = cache.get(root);
  if (!found) {
    const texts = readLanguage('en', root);
    const sources = JSON.parse(fs.readFileSync(path.join(root, 'copy', 'sources.json'), 'utf8')) as string[];
    const english = vocabularyOf([...Object.values(texts.ui), ...sources, ...COMMON_ENGLISH], 'en');
    for (const word of english) if (!/^\p{Script=Latin}[\p{Script=Latin}'’-]*$/u.test(word)) english.delete(word);
    cache.set(root, (found = { english, names: namesPattern(namesOf(root)) }));
  }
  return found;
}

/** The English words that are no words of `lang`, and the names to read past. */
export function vocabulary(lang: string, root = contentRoot): Vocabulary {
  const { english, names } = englishOf(root);
  const code =
    catalogueCandidates(lang).find((candidate) => fs.existsSync(path.join(root, 'locales', candidate))) ?? 'en';
  if (code === 'en') return { lang, english: new Set(), names };
  const own = readLanguage(code, root);
  const ownWords = vocabularyOf([...Object.values(own.ui), ...Object.values(own.copy), ...sameAsEnglish(code)], lang);
  return { lang, english: new Set([...english].filter((word) => !ownWords.has(word))), names };
}

export interface EnglishCount {
  /** Words in the text. */
  words: number;
  /** The English ones, in the order they appear. */
  english: string[];
}

/** An abbreviation or a single letter ("EU", "TV", the energy class "B"): no English prose. */
const abbreviation = (word: string) => word.length === 1 || !/\p{Ll}/u.test(word);

/**
 * A text without its web and mail addresses: a link in a mail ("…/site/register/verify?token=…") is no prose of any
 * language, whatever words its path happens to spell.
 */
const withoutAddresses = (text: string) => text.replace(/\bhttps?:\/\/\S+|[^\s@]+@[^\s@]+\.[^\s@]+/g, ' ');

/** How many of a text's words are English where `vocabulary.lang` is expected. */
export function englishIn(text: string, vocab: Vocabulary): EnglishCount {
  const prose = withoutAddresses(text);
  const words = wordsOf(prose, vocab.lang).length;
  if (vocab.english.size === 0) return { words, english: [] };
  // A name becomes one capital letter, an abbreviation to the count below, that keeps its place and joins what is
  // attached to it: Turkish "eSIM'in" becomes "X'in", one word. (A digit would not: "0'in" splits into "0" and "in".)
  const withoutNames = wordsOf(prose.replace(vocab.names, 'X'), vocab.lang);
  return {
    words,
    english: withoutNames.filter(
      (word) => !abbreviation(word) && vocab.english.has(word.toLocaleLowerCase(vocab.lang)),
    ),
  };
}

/** How many distinct short texts a counter remembers: a site's header, footer and labels, not every page's prose. */
const REMEMBERED_TEXTS = 20_000;

/**
 * englishIn for many texts of one language, each repeated short text counted once: a site repeats its header and footer
 * on every page.
 */
export function englishCounter(vocab: Vocabulary): (texts: readonly string[]) => EnglishCount {
  const counted = new Map<string, EnglishCount>();
  return (texts) => {
    const total: EnglishCount = { words: 0, english: [] };
    for (const text of texts) {
      let count = counted.get(text);
      if (!count) {
        count = englishIn(text, vocab);
        if (text.length <= 120 && counted.size < REMEMBERED_TEXTS) counted.set(text, count);
      }
      total.words += count.words;
      total.english.push(...count.english);
    }
    return total;
  };
}
