/**
 * Resolves one legal document for one country: fills its facts, keeps the parts whose condition holds, drops a
 * section left empty, and generates the cookie table from the store's cookie register. Pure, so tests and the
 * byte report render documents without a build.
 */
import type { LegalDocument, LegalPart } from '../../../content/schemas/legal-document.schema';
import { inlineParts, type LegalValues } from '../../../content/legal/placeholders';
import type { LegalBlock, LegalCookieTable, LegalData, LegalSectionView } from '../../../src/legal-data';
import type { CookieLifetime, RegisteredCookie } from '../../../widgets/consent-gate/cookie-register';
import { CATEGORY, type CategoryName } from '../../../widgets/consent-gate/categories';

export type LegalCondition = NonNullable<Exclude<LegalPart, string>['when']>;

export interface LegalViewInput {
  doc: LegalDocument;
  /** The BCP 47 tag the document's dates and numbers are written in. */
  lang: string;
  values: LegalValues;
  conditions: ReadonlySet<LegalCondition>;
  /** The storefront's prefix for storefront-relative links ('/de'). */
  prefix: string;
  cookies: readonly RegisteredCookie[];
  notice?: string;
}

const categoryName = Object.fromEntries(Object.entries(CATEGORY).map(([name, n]) => [n, name])) as Record<
  number,
  CategoryName
>;

function lifetimeText(lifetime: CookieLifetime, lang: string, untilClosed: string): string {
  if (lifetime === 'session') return untilClosed;
  const [unit, value] = 'days' in lifetime ? ['day', lifetime.days] : ['minute', lifetime.minutes];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

function cookieTable(doc: LegalDocument, lang: string, cookies: readonly RegisteredCookie[]): LegalCookieTable {
  const words = doc.cookies;
  if (!words) throw new Error(`${doc.document}/${doc.language}: a cookie table without the cookie words`);
  return {
    columns: words.columns,
    rows: cookies.map((c) => ({
      name: c.name,
      category: words.categories[categoryName[c.category] ?? 'required'],
      purpose: words.purposes[c.name] ?? '',
      lifetime: lifetimeText(c.lifetime, lang, words.untilClosed),
    })),
  };
}

/** The document as the page shows it in one storefront. */
export function legalView(input: LegalViewInput): LegalData {
  const { doc, lang, values, conditions, prefix } = input;
  const inline = (text: string) => inlineParts(text, values, prefix);
  const applies = (part: LegalPart) => typeof part === 'string' || !part.when || conditions.has(part.when);
  const sections: LegalSectionView[] = [];
  for (const section of doc.sections) {
    const blocks: LegalBlock[] = section.body.filter(applies).map((part) => {
      if (typeof part === 'string') return { kind: 'p', parts: inline(part) };
      if ('text' in part) return { kind: 'p', parts: inline(part.text) };
      return { kind: 'ul', items: part.list.map(inline) };
    });
    if (blocks.length === 0) continue;
    sections.push({
      id: section.id,
      heading: section.heading,
      blocks,
      ...(section.cookieTable ? { table: cookieTable(doc, lang, input.cookies) } : {}),
    });
  }
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${doc.effectiveDate}T00:00:00Z`),
  );
  return {
    document: doc.document,
    lang,
    title: doc.title,
    version: doc.version,
    effectiveDate: doc.effectiveDate,
    effective: doc.labels.effective.replace('{{date}}', date).replace('{{version}}', doc.version),
    contentsLabel: doc.labels.contents,
    ...(input.notice ? { notice: input.notice } : {}),
    sections,
  };
}
