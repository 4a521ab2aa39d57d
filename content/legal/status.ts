/**
 * The legal documents' part of `npm run i18n:status`: how many of them each language shows in its own words, and
 * which are still to translate (missing, of an older version, or without a cookie's purpose). A storefront shows
 * English for each of them meanwhile, with a notice in its language.
 */
import path from 'node:path';
import { LEGAL_DOCUMENTS } from '../schemas/legal-document.schema';
import { legalGaps, loadLegalDocuments } from './load';

const library = loadLegalDocuments(path.resolve(import.meta.dirname, '.'));

export const legalDocumentsStatus = {
  /** '3/5': the documents current in `language`. */
  done(language: string): string {
    return `${LEGAL_DOCUMENTS.length - legalGaps(library, [language]).length}/${LEGAL_DOCUMENTS.length}`;
  },
  /** One line per language with documents still to translate. */
  summary(languages: readonly string[]): string {
    const gaps = legalGaps(library, languages);
    if (gaps.length === 0) return 'Legal documents (content/legal): every language is complete.';
    const lines = languages
      .map((language) => [language, gaps.filter((g) => g.language === language)] as const)
      .filter(([, list]) => list.length > 0)
      .map(([language, list]) => `  ${language}: ${list.map((g) => `${g.document} (${g.gap})`).join(', ')}`);
    return `Legal documents still to translate (content/legal; English is shown meanwhile):\n${lines.join('\n')}`;
  },
};
