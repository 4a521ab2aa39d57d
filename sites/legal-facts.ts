/**
 * The per-country facts of the legal pages, from sites/legal-facts.json: the default, then the country's group
 * (the EU seller), then the country's own entry. The build reads them through legalFactsFor(); validateLegalFacts()
 * checks the file (schema, known countries, every country with its own authority, one group per country).
 */
import legalFactsJson from './legal-facts.json';
import type { RuleIssue } from '../region-config/rules';
import type { LegalFacts, LegalFactsFile } from './legal-facts.schema';

export type { LegalFacts, LegalFactsFile };
export const LEGAL_FACTS_FILE = 'sites/legal-facts.json';

const file = legalFactsJson as LegalFactsFile;

/**
 * The legal facts of a country (its two-letter local) as a storefront in `language` shows them: the default, its
 * group's changes, its own, then the names it gives in that language.
 */
export function legalFactsFor(local: string, language?: string, facts: LegalFactsFile = file): LegalFacts {
  const group = Object.values(facts.groups).find((g) => g.countries.includes(local));
  const { inLanguage, ...own } = facts.countries[local] ?? {};
  return { ...facts.default, ...group?.facts, ...own, ...(language ? inLanguage?.[language] : undefined) };
}

/** The group a country belongs to ('eu'), or null. */
export function legalGroupOf(local: string, facts: LegalFactsFile = file): string | null {
  return Object.entries(facts.groups).find(([, g]) => g.countries.includes(local))?.[0] ?? null;
}

/** Countries named in the file exist, and no country is in two groups. */
export function legalCountriesAreKnown(facts: LegalFactsFile, locals: ReadonlySet<string>): RuleIssue[] {
  const seen = new Map<string, string>();
  const issues: RuleIssue[] = Object.keys(facts.countries)
    .filter((local) => !locals.has(local))
    .map((local) => ({ message: `legal facts for unknown country "${local}"`, path: `/countries/${local}` }));
  for (const [name, group] of Object.entries(facts.groups))
    group.countries.forEach((local, i) => {
      const path = `/groups/${name}/countries/${i}`;
      if (!locals.has(local)) issues.push({ message: `unknown country "${local}"`, path });
      const other = seen.get(local);
      if (other) issues.push({ message: `"${local}" is in the groups ${other} and ${name}`, path });
      seen.set(local, name);
    });
  return issues;
}

/** Names given in a language are for a storefront of the country in that language. */
export function namesInStorefrontLanguages(
  facts: LegalFactsFile,
  languagesOf: (local: string) => readonly string[],
): RuleIssue[] {
  return Object.entries(facts.countries).flatMap(([local, entry]) =>
    Object.keys(entry.inLanguage ?? {})
      .filter((language) => !languagesOf(local).includes(language))
      .map((language) => ({
        message: `${local} has no storefront in "${language}"`,
        path: `/countries/${local}/inLanguage/${language}`,
      })),
  );
}

/**
 * Every country names its own data-protection authority: the default's would send a shopper to another country's
 * regulator, which is wrong everywhere but the default's own country.
 */
export function everyCountryHasItsAuthority(facts: LegalFactsFile, locals: ReadonlySet<string>): RuleIssue[] {
  return [...locals]
    .filter((local) => !facts.countries[local]?.authority)
    .map((local) => ({ message: `${local} names no data-protection authority`, path: `/countries/${local}` }));
}
