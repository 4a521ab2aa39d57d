/**
 * The cookie consent rule, shared by the consent gate in the browser and the server (the analytics collector): the
 * categories, the stored prefix form ('0,1,3:') and what is allowed when nothing is stored. Pure functions only.
 */
import type { CookiePolicyLevel } from './site.schema';
import { cookieDefaultOnCatFor } from './cookie-policy';

/** Cookie categories. */
export const CATEGORY = { required: 0, functional: 1, advertising: 2, analytical: 3 } as const;
export type CategoryName = keyof typeof CATEGORY;
export type Category = (typeof CATEGORY)[CategoryName];
export const ALL_CATEGORIES: readonly Category[] = [0, 1, 2, 3];

/** Defaults when nothing is stored: everything at level low, only required at level high. */
export const DEFAULT_CONSENT: Record<CookiePolicyLevel, string> = {
  low: cookieDefaultOnCatFor('low'),
  high: cookieDefaultOnCatFor('high'),
};

/**
 * Parses the stored prefix form `'0,1,3:'` (categories, then a colon and an optional suffix).
 * Returns null for anything that is not that form. Required (0) is always allowed.
 */
export function parseConsent(stored: string | null | undefined): Set<Category> | null {
  if (!stored) return null;
  const m = /^([0-3](?:,[0-3])*)?:/.exec(stored.trim());
  if (!m) return null;
  const set = new Set<Category>([CATEGORY.required]);
  for (const part of (m[1] ?? '').split(',')) if (part !== '') set.add(Number(part) as Category);
  return set;
}

/** Writes the prefix form, sorted: `{0,1,3}` → `'0,1,3:'`. */
export function serializeConsent(categories: Iterable<Category>): string {
  const set = new Set<Category>([CATEGORY.required, ...categories]);
  return `${[...set].sort((a, b) => a - b).join(',')}:`;
}

export interface ConsentInput {
  stored: string | null | undefined;
  level: CookiePolicyLevel;
  /** Inside the app or iOS webview every category counts as consented. */
  inApp: boolean;
}

/** The categories allowed right now. */
export function effectiveConsent({ stored, level, inApp }: ConsentInput): Set<Category> {
  if (inApp) return new Set(ALL_CATEGORIES);
  return parseConsent(stored) ?? (parseConsent(DEFAULT_CONSENT[level]) as Set<Category>);
}

/** Whether the visitor still has to choose (the banner shows): nothing valid stored and not in the app. */
export function needsChoice({ stored, inApp }: Pick<ConsentInput, 'stored' | 'inApp'>): boolean {
  return !inApp && parseConsent(stored) === null;
}
