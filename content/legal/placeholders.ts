/**
 * The per-country facts a legal text may name as {{placeholder}}: the build fills them from the sites' legal facts
 * and return rules (plugins/storefront-pages/pages/legal-facts-values.ts); a name outside this list stops the build.
 */
export const LEGAL_PLACEHOLDERS = [
  'seller.name',
  'seller.address',
  'seller.registration',
  'privacyEmail',
  'serviceEmail',
  'authority.name',
  'authority.url',
  'privacyLaw',
  'consumerLaw',
  'legalGuaranteeMonths',
  'warrantyMonths',
  'withdrawalDays',
  'refurbishedWithdrawalDays',
  'retention.invoiceYears',
  'retention.ticketYears',
  'retention.securityLogDays',
] as const;
export type LegalPlaceholder = (typeof LEGAL_PLACEHOLDERS)[number];
export type LegalValues = Readonly<Record<LegalPlaceholder, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z.]+)\s*\}\}/g;

/** The placeholders a text names, in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/** An inline piece of a legal paragraph: plain text, or a link to a storefront page or another site. */
export type LegalInline = { text: string } | { text: string; href: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/**
 * Fills a text's placeholders and splits it at its links; a storefront-relative link ('/user/') gets the storefront's
 * prefix.
 * @example inlineParts('Write to [us](/contact/) at {{privacyEmail}}.', values, '/de')
 */
export function inlineParts(text: string, values: LegalValues, prefix: string): LegalInline[] {
  const filled = text.replace(PLACEHOLDER, (_, name: string) => values[name as LegalPlaceholder] ?? '');
  const parts: LegalInline[] = [];
  let at = 0;
  for (const m of filled.matchAll(LINK)) {
    if (m.index > at) parts.push({ text: filled.slice(at, m.index) });
    const href = m[2] ?? '';
    parts.push({ text: m[1] ?? '', href: href.startsWith('/') ? `${prefix}${href}` : href });
    at = m.index + m[0].length;
  }
  if (at < filled.length) parts.push({ text: filled.slice(at) });
  return parts;
}
