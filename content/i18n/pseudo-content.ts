/**
 * A loaded content bundle in a pseudo-locale (pseudo.ts): the UI catalogues, every Localized text of the snapshots
 * and the texts the header-footer snapshots carry already resolved, all pseudo-translated from English.
 */
import type { HeaderFooter } from '../schemas/header-footer.schema';
import { pseudoCatalogue, pseudoLocalized, pseudoText, type PseudoLocale } from './pseudo';

/** The header-footer fields a shopper reads (the rest are links, images, ids and settings). */
const HEADER_FOOTER_TEXTS = new Set([
  'title',
  'text',
  'content',
  'catName',
  'name',
  'category',
  'category2',
  'sitesText',
  'buttonText',
  'placeholder',
  'googlePlayDesc',
  'paymentTerms',
  'product_energy',
  'description',
  'complianceQrCodeDesc',
  'alt',
]);

/** Every UI catalogue pseudo-translated from English. */
export function pseudoCatalogues(
  catalogues: Record<string, Record<string, string>>,
  locale: PseudoLocale,
): Record<string, Record<string, string>> {
  const english = catalogues['en'] ?? {};
  return Object.fromEntries(
    Object.entries(catalogues).map(([code, own]) => [code, pseudoCatalogue(english, own, locale)]),
  );
}

/**
 * A header-footer snapshot's shopper-facing texts pseudo-translated (they are English-based in every storefront's
 * snapshot alike).
 */
export function pseudoHeaderFooter(hf: HeaderFooter, locale: PseudoLocale): HeaderFooter {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node as Record<string, unknown>).map(([key, value]) => [
        key,
        typeof value === 'string' &&
        HEADER_FOOTER_TEXTS.has(key) &&
        /\p{L}{2}/u.test(value) &&
        !/^(\/|https?:)/.test(value)
          ? pseudoText(value, locale)
          : visit(value),
      ]),
    );
  };
  return visit(hf) as HeaderFooter;
}

export { pseudoLocalized };
