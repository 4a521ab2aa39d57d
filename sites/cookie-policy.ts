import type { CookiePolicyLevel } from './site.schema';

/**
 * Countries whose law requires opt-in consent before non-essential cookies are set; they get the 'high' level
 * (only required cookies until the user chooses). Everyone else gets the default 'low'.
 * - EU/EEA: GDPR with ePrivacy Directive art. 5(3) (the EU members here plus Norway).
 * - uk: UK GDPR and PECR reg. 6.
 * - ch: the revised FADP (2023) does not demand opt-in by itself, but Swiss shops serve EU visitors and follow
 *   the EU standard; treated as opt-in.
 * - tr: KVKK and the Turkish DPA's 2022 cookie guide require explicit consent for non-essential cookies.
 * - kr: PIPA requires prior consent to collect personal information, behavioural tracking included.
 * - br: LGPD with the ANPD's 2022 cookie guide: consent for non-essential cookies.
 * - cn: PIPL art. 13–14 makes consent the legal basis for this kind of processing.
 * Not opt-in (notice or opt-out regimes): us, in (DPDP Act rules not in force for cookies), ru, jp, sg, ...
 */
export const HIGH_COOKIE_POLICY_LOCALS: readonly string[] = [
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pl',
  'be',
  'at',
  'pt',
  'gr',
  'cz',
  'sk',
  'hu',
  'ro',
  'bg',
  'hr',
  'se',
  'dk',
  'fi',
  'ie',
  'no',
  'uk',
  'ch',
  'tr',
  'kr',
  'br',
  'cn',
];

export function cookiePolicyLevelFor(local: string): CookiePolicyLevel {
  return HIGH_COOKIE_POLICY_LOCALS.includes(local) ? 'high' : 'low';
}

/** The stored-preference form assumed when the user has not chosen yet. */
export function cookieDefaultOnCatFor(level: CookiePolicyLevel): '0,1,2,3:' | '0:' {
  return level === 'high' ? '0:' : '0,1,2,3:';
}
