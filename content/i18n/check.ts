/**
 * What makes a UI catalogue complete and honest, as pure functions over loaded catalogues (content/load.ts): every
 * key of English, the same placeholders, every plural form its language needs, and no value that is simply the
 * English text (a copy hides a missing translation; only reviewed neutral terms may read the same).
 */
import { PLURAL_SUFFIX, pluralCategories } from './plural';
import { bareText, MODEL_NAME, NEUTRAL_TERMS, sameAsEnglish } from './neutral-terms';

export interface CatalogueProblem {
  code: string;
  key: string;
  /**
   * obsolete: a key English no longer has (a renamed or removed text, or a counted text now split into plural forms).
   */
  problem: 'missing' | 'placeholders' | 'plural' | 'english' | 'obsolete';
  detail?: string;
}

type Catalogues = Readonly<Record<string, Readonly<Record<string, string>>>>;

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

/** The texts of English as units: a plain key, or a counted text (its base key, without plural suffix). */
export function textUnits(english: Readonly<Record<string, string>>): { key: string; plural: boolean }[] {
  const plural = new Set(
    Object.keys(english)
      .filter((k) => PLURAL_SUFFIX.test(k))
      .map((k) => k.replace(PLURAL_SUFFIX, '')),
  );
  const plain = Object.keys(english).filter((k) => !PLURAL_SUFFIX.test(k));
  return [...plain.map((key) => ({ key, plural: false })), ...[...plural].map((key) => ({ key, plural: true }))];
}

/** Everything wrong with the catalogue of `code` measured against English (empty: complete). */
export function catalogueProblems(catalogues: Catalogues, code: string, lang = code): CatalogueProblem[] {
  const english = catalogues['en'] ?? {};
  const own = catalogues[code] ?? {};
  const problems: CatalogueProblem[] = [];
  for (const { key, plural } of textUnits(english)) {
    if (plural) {
      const englishOther = english[`${key}_other`] ?? '';
      for (const category of pluralCategories(lang)) {
        const text = own[`${key}_${category}`];
        if (text === undefined)
          problems.push({ code, key: `${key}_${category}`, problem: code === 'en' ? 'plural' : 'missing' });
        else if (
          placeholders(text) !== placeholders(englishOther) &&
          !(category !== 'other' && placeholders(text) === '')
        ) {
          problems.push({ code, key: `${key}_${category}`, problem: 'placeholders', detail: placeholders(text) });
        }
      }
      continue;
    }
    const text = own[key];
    if (text === undefined) problems.push({ code, key, problem: 'missing' });
    else if (placeholders(text) !== placeholders(english[key]!))
      problems.push({
        code,
        key,
        problem: 'placeholders',
        detail: `${placeholders(text)} ≠ ${placeholders(english[key]!)}`,
      });
    else if (code !== 'en' && text === english[key] && !isNeutral(text, code))
      problems.push({ code, key, problem: 'english' });
  }
  const plurals = new Set(
    textUnits(english)
      .filter((u) => u.plural)
      .map((u) => u.key),
  );
  for (const key of Object.keys(own)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (!(key in english) && !(base !== key && plurals.has(base))) problems.push({ code, key, problem: 'obsolete' });
  }
  return problems;
}

/**
 * A text `lang` may share with English: only symbols and placeholders, a neutral term, or a word it shares, reviewed.
 */
export function isNeutral(text: string, lang: string): boolean {
  const bare = bareText(text);
  const name = bare.replace(/\s+\d+$/, ''); // "Black Friday 2026" is the event's name with its year
  return (
    bare.replace(/[\s\d]/g, '') === '' ||
    NEUTRAL_TERMS.has(name) ||
    MODEL_NAME.test(bare) ||
    sameAsEnglish(lang).has(bare)
  );
}
