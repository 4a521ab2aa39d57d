/**
 * The versions of the terms of sale and the privacy policy in force, as the storefronts show them: read once from
 * content/legal (the documents the build publishes), in the language a storefront shows each (its own when its
 * translation is current, else English).
 */
import path from 'node:path';
import { catalogueCandidates } from '../../region-config';
import { documentFor, legalGap, loadLegalDocuments, type LegalLibrary } from '../../content/legal/load';
import type { LegalDocumentId } from '../../content/schemas/legal-document.schema';
import type { LegalAcceptance } from '../repositories/legal-acceptances';
import { serverDir } from '../here';

let library: LegalLibrary | undefined;

function legalDocuments(): LegalLibrary {
  library ??= loadLegalDocuments(path.resolve(serverDir, '../content/legal'));
  return library;
}

function shown(id: LegalDocumentId, lang: string, docs: LegalLibrary): { version: string; language: string } {
  const language = catalogueCandidates(lang).find((code) => legalGap(docs, id, code) === null) ?? 'en';
  return { version: documentFor(docs, id, language).version, language };
}

/**
 * What a shopper of a storefront in `lang` accepts at checkout now.
 * @example currentAcceptance('de-DE') // { termsVersion: '1.0', termsLanguage: 'de', … }
 */
export function currentAcceptance(lang: string, docs: LegalLibrary = legalDocuments()): LegalAcceptance {
  const terms = shown('terms-of-sale', lang, docs);
  const privacy = shown('privacy-policy', lang, docs);
  return {
    termsVersion: terms.version,
    termsLanguage: terms.language,
    privacyVersion: privacy.version,
    privacyLanguage: privacy.language,
  };
}
