import { CATEGORY, effectiveConsent, parseConsent } from '../../sites/consent';
import type { CookiePolicyLevel } from '../../sites/site.schema';
import type { AnalyticsBatch } from '../schemas/analytics';

/** What decides whether a batch may be stored. */
export interface AnalyticsConsentInput {
  /** The batch's `consent`: the preference the page acted on, or 'app'. */
  batchConsent: AnalyticsBatch['consent'];
  /** The batch's `context.app`. */
  app: AnalyticsBatch['context']['app'];
  /** The request's own consent cookie (prefix form), when it has one. */
  cookie: string | undefined;
  /** The storefront's cookie policy level: at 'low' everything is allowed while nothing is stored, at 'high' not. */
  level: CookiePolicyLevel;
}

/**
 * Whether the analytical category is allowed, by the store's one consent rule (sites/consent.ts). Inside the app
 * (context.app 'app' or 'ios' and consent 'app') every category counts as given, as the consent gate counts it.
 * Elsewhere both must allow it: the preference the page says it acted on, and the consent cookie the request
 * carries, read at the storefront's level (a page cannot claim a consent its browser does not hold).
 */
export function analyticsConsented({ batchConsent, app, cookie, level }: AnalyticsConsentInput): boolean {
  const inApp = app !== 'web';
  if (batchConsent === 'app') return inApp;
  if (!parseConsent(batchConsent)?.has(CATEGORY.analytical)) return false;
  return effectiveConsent({ stored: cookie, level, inApp: false }).has(CATEGORY.analytical);
}
