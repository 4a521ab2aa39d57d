/**
 * The language check of built pages: a storefront's pages speak its language. A crawler indexes the title and the
 * meta description, so those carry no English word at all and, for a language with its own script, are written in
 * it; the visible text may hold a few English words (a shopper's own review is left out already, but a spec value
 * or a partner's name may remain), never English sentences. Pure: the crawl (tests/seo/crawl-built.ts) reads the
 * files, this names the problems.
 */
import type { EnglishCount } from '../../../content/i18n/english-words';
import type { PageText } from './page-text';

export const languageProblemKinds = [
  /** A title with an English word in a storefront of another language. */
  'title-language',
  /** A meta description with an English word, or not in its language's script. */
  'description-language',
  /** Visible text of which more than the allowed share of words is English, or a text in it that is English. */
  'text-language',
] as const;

export type LanguageProblemKind = (typeof languageProblemKinds)[number];

export interface LanguageProblem {
  kind: LanguageProblemKind;
  url: string;
  detail: string;
}

/**
 * The share of English words a page may show: 3 %, what the German and Indonesian storefronts showed when their
 * translation was complete (units and spec words that stay English in practice, "Instalments" in a partner's name).
 */
export const MAX_ENGLISH_SHARE = 0.03;

/** The script of each language that has its own (by primary subtag); Latin-script languages are not listed. */
export const LANGUAGE_SCRIPTS: Readonly<Record<string, RegExp>> = {
  ar: /\p{Script=Arabic}/u,
  ko: /\p{Script=Hangul}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  zh: /\p{Script=Han}/u,
  th: /\p{Script=Thai}/u,
  ru: /\p{Script=Cyrillic}/u,
  uk: /\p{Script=Cyrillic}/u,
  bg: /\p{Script=Cyrillic}/u,
  kk: /\p{Script=Cyrillic}/u,
  el: /\p{Script=Greek}/u,
  km: /\p{Script=Khmer}/u,
};

const quoted = (words: string[]) =>
  [...new Set(words)]
    .slice(0, 8)
    .map((w) => `"${w}"`)
    .join(', ');

/**
 * Everything on one page that is not in the page's language `lang` (none for an English page); `english` counts the
 * English words of texts in that language (englishCounter).
 */
export function auditPageLanguage(
  url: string,
  page: PageText,
  lang: string,
  english: (texts: readonly string[]) => EnglishCount,
  indexable: boolean,
): LanguageProblem[] {
  const problems: LanguageProblem[] = [];
  const title = english([page.title]);
  if (title.english.length > 0)
    problems.push({ kind: 'title-language', url, detail: `English in the title: ${quoted(title.english)}` });
  if (indexable) {
    const description = english([page.description]);
    const script = LANGUAGE_SCRIPTS[(lang.split('-')[0] ?? '').toLowerCase()];
    if (description.english.length > 0)
      problems.push({
        kind: 'description-language',
        url,
        detail: `English in the description: ${quoted(description.english)}`,
      });
    else if (script !== undefined && page.description !== '' && !script.test(page.description))
      problems.push({
        kind: 'description-language',
        url,
        detail: `description not in the ${lang} script: "${page.description.slice(0, 60)}"`,
      });
  }
  const text = english(page.texts);
  const sentence = page.texts.find((one) => isEnglishSentence(english([one])));
  // A floor of two words, so a short page (a form, an error page) may keep a unit or a partner's name.
  if (text.english.length > Math.max(2, MAX_ENGLISH_SHARE * text.words)) {
    const share = ((100 * text.english.length) / Math.max(1, text.words)).toFixed(1);
    problems.push({
      kind: 'text-language',
      url,
      detail: `${share} % of ${text.words} words English: ${quoted(text.english)}`,
    });
  } else if (sentence !== undefined) {
    problems.push({ kind: 'text-language', url, detail: `an English text: "${sentence.slice(0, 80)}"` });
  }
  return problems;
}

/**
 * A text that is English rather than a foreign word in a sentence: three English words or more, and at least half its
 * words.
 */
export function isEnglishSentence(count: EnglishCount): boolean {
  return count.english.length >= 3 && 2 * count.english.length >= count.words;
}
