/**
 * Rules across entries that a JSON Schema cannot express. Each is a pure function over the parsed settings and
 * returns the problems found as `{ message, path }` (path: JSON pointer into region-data.json); validate.ts runs them
 * all.
 */
import type { RegionSettings } from './region.schema';

export interface RuleIssue {
  message: string;
  path: string;
}

export type RegionRule = (regions: readonly RegionSettings[]) => RuleIssue[];

/** Tags whose catalogue is the full tag (contracts.md); every other language uses its subtag. */
export const FULL_TAG_CATALOGUES: readonly string[] = ['zh-HK', 'zh-TW', 'zh-CN', 'pt-BR'];
const RTL_LANGUAGES = ['ar', 'he', 'fa', 'ur'];

/** Exactly one language per country is the default, and it is the first (the country's bare storefront). */
export const oneDefaultLanguage: RegionRule = (regions) =>
  regions.flatMap((r, i) => {
    const defaults = r.languages.filter((l) => l.isDefault).length;
    if (defaults !== 1)
      return [{ message: `${r.local} has ${defaults} default languages, expected exactly 1`, path: `/${i}/languages` }];
    if (!r.languages[0]?.isDefault)
      return [{ message: `${r.local}: the default language must come first`, path: `/${i}/languages/0/isDefault` }];
    return [];
  });

/** Country codes are unique. */
export const uniqueLocals: RegionRule = (regions) => {
  const seen = new Set<string>();
  return regions.flatMap((r, i) => {
    if (seen.has(r.local)) return [{ message: `duplicate local "${r.local}"`, path: `/${i}/local` }];
    seen.add(r.local);
    return [];
  });
};

/** URL prefixes are unique across all countries and start with the country code. */
export const uniqueUrlLocals: RegionRule = (regions) => {
  const seen = new Set<string>();
  return regions.flatMap((r, i) =>
    r.languages.flatMap((l, j) => {
      const path = `/${i}/languages/${j}/urlLocal`;
      const issues: RuleIssue[] = [];
      if (seen.has(l.urlLocal)) issues.push({ message: `duplicate urlLocal "${l.urlLocal}"`, path });
      if (l.urlLocal !== r.local && !l.urlLocal.startsWith(`${r.local}-`))
        issues.push({ message: `urlLocal "${l.urlLocal}" does not start with "${r.local}"`, path });
      seen.add(l.urlLocal);
      return issues;
    }),
  );
};

/** Every language names its translation catalogue: the full tag for zh-* and pt-BR, otherwise the language subtag. */
export const catalogueCodes: RegionRule = (regions) =>
  regions.flatMap((r, i) =>
    r.languages.flatMap((l, j) => {
      const expected = FULL_TAG_CATALOGUES.includes(l.lang) ? l.lang : l.lang.split('-')[0];
      return l.i18n === expected
        ? []
        : [
            {
              message: `${l.urlLocal}: catalogue "${l.i18n}" should be "${expected}"`,
              path: `/${i}/languages/${j}/i18n`,
            },
          ];
    }),
  );

/** Arabic-script languages are right-to-left, all others left-to-right. */
export const textDirection: RegionRule = (regions) =>
  regions.flatMap((r, i) =>
    r.languages.flatMap((l, j) => {
      const expected = RTL_LANGUAGES.includes(l.lang.split('-')[0] ?? '') ? 'rtl' : 'ltr';
      return l.dir === expected
        ? []
        : [{ message: `${l.urlLocal}: dir should be ${expected}`, path: `/${i}/languages/${j}/dir` }];
    }),
  );

/** The country-level lang, dayjs locale and XMS language are those of its default language. */
export const countryFollowsDefaultLanguage: RegionRule = (regions) =>
  regions.flatMap((r, i) => {
    const def = r.languages.find((l) => l.isDefault);
    if (!def) return [];
    const issues: RuleIssue[] = [];
    if (r.lang !== def.lang)
      issues.push({
        message: `${r.local}: lang ${r.lang} differs from default language ${def.lang}`,
        path: `/${i}/lang`,
      });
    if (r.dayjsLocal !== def.dayjsLocal)
      issues.push({ message: `${r.local}: dayjsLocal differs from the default language's`, path: `/${i}/dayjsLocal` });
    if (r.xmsLanguage !== def.xmsLanguage)
      issues.push({
        message: `${r.local}: xmsLanguage differs from the default language's`,
        path: `/${i}/xmsLanguage`,
      });
    return issues;
  });

/** Time zones are IANA names the runtime (and so dayjs's timezone plugin, which uses Intl) knows. */
export const validTimezones: RegionRule = (regions) =>
  regions.flatMap((r, i) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: r.dayjsTimezone });
      return [];
    } catch {
      return [{ message: `${r.local}: unknown time zone "${r.dayjsTimezone}"`, path: `/${i}/dayjsTimezone` }];
    }
  });

/** dayjs locales are registered in dayjs-locales.ts (so formatting never falls back silently). */
export function registeredDayjsLocales(known: readonly string[]): RegionRule {
  return (regions) =>
    regions.flatMap((r, i) => [
      ...(known.includes(r.dayjsLocal)
        ? []
        : [{ message: `${r.local}: dayjs locale "${r.dayjsLocal}" is not registered`, path: `/${i}/dayjsLocal` }]),
      ...r.languages.flatMap((l, j) =>
        known.includes(l.dayjsLocal)
          ? []
          : [
              {
                message: `${l.urlLocal}: dayjs locale "${l.dayjsLocal}" is not registered`,
                path: `/${i}/languages/${j}/dayjsLocal`,
              },
            ],
      ),
    ]);
}

/** Unicode property escapes compile as regular expressions (a typo such as Script=Latn would throw at use). */
export const compilableScripts: RegionRule = (regions) =>
  regions.flatMap((r, i) =>
    r.unicodePropertyEscapes.flatMap((propertyEscape, j) => {
      try {
        new RegExp(propertyEscape, 'u');
        return [];
      } catch {
        return [
          {
            message: `${r.local}: "${propertyEscape}" is not a valid property escape`,
            path: `/${i}/unicodePropertyEscapes/${j}`,
          },
        ];
      }
    }),
  );
