/**
 * The legal pages of a storefront (terms of sale, privacy, cookies, returns and refunds, warranty): the documents of
 * content/legal in the storefront's language, or in English with a notice in its language while their translation is
 * pending, filled with the country's facts (sites/legal-facts.json, the return rules, the service e-mail).
 */
import path from 'node:path';
import { getRegionSettings } from '../../../region-config';
import { documentFor, legalGap, loadLegalDocuments, type LegalLibrary } from '../../../content/legal/load';
import type { LegalValues } from '../../../content/legal/placeholders';
import { LEGAL_DOCUMENTS, type LegalDocumentId } from '../../../content/schemas/legal-document.schema';
import { localize } from '../../../content/localize';
import { legalFactsFor, legalGroupOf } from '../../../sites/legal-facts';
import { returnRulesFor } from '../../../sites/returns';
import { cookieRegister } from '../../../widgets/consent-gate/cookie-register';
import type { LegalData } from '../../../src/legal-data';
import { breadcrumbs, type PageEmitter, type StorefrontBuild } from '../storefront-build';
import { legalView, type LegalCondition } from './legal-document-view';

/** Where each document lives in a storefront: the paths the footer and the support pages already link. */
export const LEGAL_PATHS: Readonly<Record<LegalDocumentId, string>> = {
  'terms-of-sale': '/support/terms/terms-of-sale/',
  'terms-of-use': '/support/terms/terms-of-use/',
  'privacy-policy': '/support/policy/privacy-policy/',
  'cookie-policy': '/support/policy/cookie-policy/',
  'returns-and-refunds': '/support/policy/returns-and-refunds/',
  warranty: '/warranty/',
};

let library: LegalLibrary | undefined;

/** The legal documents, read and checked once per process (a broken one throws SnapshotError). */
export function legalLibrary(root = path.resolve('content/legal')): LegalLibrary {
  library ??= loadLegalDocuments(root, { cookies: cookieRegister().map((c) => c.name) });
  return library;
}

/** The facts a country's documents name. */
export function legalValues(local: string): LegalValues {
  const facts = legalFactsFor(local);
  const returns = returnRulesFor(local);
  return {
    'seller.name': facts.seller.name,
    'seller.address': facts.seller.address,
    'seller.registration': facts.seller.registration,
    privacyEmail: facts.privacyEmail,
    serviceEmail: getRegionSettings(local).serviceEmail,
    'authority.name': facts.authority.name,
    'authority.url': facts.authority.url,
    privacyLaw: facts.privacyLaw,
    consumerLaw: facts.consumerLaw,
    legalGuaranteeMonths: String(facts.legalGuaranteeMonths),
    warrantyMonths: String(facts.warrantyMonths),
    withdrawalDays: String(returns.windowDays),
    refurbishedWithdrawalDays: String(returns.refurbishedWindowDays),
    'retention.invoiceYears': String(facts.retention.invoiceYears),
    'retention.ticketYears': String(facts.retention.ticketYears),
    'retention.securityLogDays': String(facts.retention.securityLogDays),
  };
}

/** Which conditional parts apply in a country. */
export function legalConditions(local: string): Set<LegalCondition> {
  const facts = legalFactsFor(local);
  const eu = legalGroupOf(local) === 'eu';
  return new Set<LegalCondition>([
    eu ? 'eu' : 'notEu',
    facts.legalGuaranteeMonths > 0 ? 'legalGuarantee' : 'noLegalGuarantee',
    facts.transfersAbroad ? 'transfersAbroad' : 'noTransfersAbroad',
  ]);
}

/** One document as one storefront shows it (also used by the byte report and the tests). */
export function legalPageData(
  id: LegalDocumentId,
  storefront: { local: string; urlLocal: string; lang: string; i18n: string },
  notice: string,
  docs: LegalLibrary = legalLibrary(),
): LegalData {
  const translated = legalGap(docs, id, storefront.i18n) === null;
  return legalView({
    doc: documentFor(docs, id, storefront.i18n),
    lang: translated ? storefront.lang : 'en',
    values: legalValues(storefront.local),
    conditions: legalConditions(storefront.local),
    prefix: `/${storefront.urlLocal}`,
    cookies: cookieRegister(),
    ...(translated ? {} : { notice }),
  });
}

export function emitLegalPages(build: StorefrontBuild, pages: PageEmitter): void {
  const { context, scope } = build;
  const storefront = { local: scope.local, urlLocal: context.urlLocal, lang: context.lang, i18n: scope.i18n };
  for (const id of LEGAL_DOCUMENTS) {
    const relativePath = LEGAL_PATHS[id];
    const data = legalPageData(id, storefront, build.t('page.legal.untranslated'));
    // The title and description crawlers read are in the storefront's language even while the text is English.
    const cms = build.content.pages.find((p) => p.path === relativePath);
    const title = data.notice
      ? cms
        ? localize(cms.title, scope.i18n)
        : build.t('page.legal.returnsTitle')
      : data.title;
    const description = data.notice
      ? cms
        ? localize(cms.description, scope.i18n)
        : build.t('page.legal.returnsDescription')
      : documentFor(legalLibrary(), id, scope.i18n).description;
    pages.emit<LegalData>({
      relativePath,
      template: 'legal',
      routeId: `legal:${id}`,
      title,
      description,
      breadcrumbs: breadcrumbs(build, [title, relativePath]),
      data,
      app: true,
      ogType: 'article',
      // An English stand-in would be a duplicate of the English storefronts' page: kept out of search engines.
      ...(data.notice ? { noindex: true } : {}),
    });
  }
}
