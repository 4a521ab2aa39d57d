/** What the build hands the legal template (src/templates/legal.tsx): one document, resolved for one storefront. */
import type { LegalInline } from '../content/legal/placeholders';

export type LegalBlock = { kind: 'p'; parts: LegalInline[] } | { kind: 'ul'; items: LegalInline[][] };

export interface LegalCookieRow {
  name: string;
  category: string;
  purpose: string;
  lifetime: string;
}

export interface LegalCookieTable {
  columns: { name: string; category: string; purpose: string; lifetime: string };
  rows: LegalCookieRow[];
}

export interface LegalSectionView {
  id: string;
  heading: string;
  blocks: LegalBlock[];
  table?: LegalCookieTable;
}

export interface LegalData {
  document: string;
  /** The language the document is written in (BCP 47): the storefront's, or 'en' while its translation is pending. */
  lang: string;
  title: string;
  version: string;
  effectiveDate: string;
  /** "Effective from 1 December 2026 · version 1.0", in the document's language. */
  effective: string;
  contentsLabel: string;
  /** In the storefront's language, when the document is shown in English because its translation is pending. */
  notice?: string;
  sections: LegalSectionView[];
}
