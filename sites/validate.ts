/**
 * Node-side validation of the site data: price-displays.json and host-overrides.json against their schemas,
 * the cross rules of rules.ts, then every computed site config against site.schema.ts.
 * Kept out of index.ts so the browser never ships ajv.
 */
import { regionSettings, storefronts, type PriceDisplay } from '../region-config';
import { priceDisplaySchema } from '../region-config/price-display.schema';
import { RegionConfigError, ajvIssues, getAjv, validateRegionSettings } from '../region-config/validate';
import priceDisplaysJson from './price-displays.json';
import hostOverridesJson from './host-overrides.json';
import { hostFamilies, siteConfigSchema, type SiteConfig } from './site.schema';
import { getSiteConfig } from './site-config';
import returnsJson from './returns.json';
import { returnRulesFileSchema } from './returns.schema';
import paymentMethodsJson from './payment-methods.json';
import { paymentMethodsFileSchema } from './payment-methods.schema';
import {
  PAYMENT_METHODS_FILE,
  defaultHasNoAmounts,
  methodCountriesAreKnown,
  methodEntriesAreCoherent,
  type PaymentMethodsFile,
} from './payment-methods';
import { validateLegalFacts } from './legal-facts-validate';
import { validateStudentDomains, validateStudentOffers } from './student-program-validate';
import { validateFriendCodes } from './friend-codes-validate';
import insuranceJson from './insurance.json';
import { insuranceFileSchema } from './insurance.schema';
import categoriesJson from '../content/snapshots/catalogue/categories.json';
import {
  INSURANCE_FILE,
  insuranceBandsAreOrdered,
  insuranceCategoriesAreKnown,
  insuranceCountriesAreKnown,
  type InsuranceFile,
} from './insurance';
import { RETURNS_FILE, returnCountriesAreKnown, returnWindowsHoldTheMinimum, type ReturnRulesFile } from './returns';
import {
  displayCurrencyMatchesCountry,
  displayIsCoherent,
  everyCountryHasPriceDisplay,
  listsNameKnownLocals,
} from './rules';
import { HIGH_COOKIE_POLICY_LOCALS } from './cookie-policy';
import { CHAT_PAGE_LOCALS, VISITOR_CHAT_REFUSED, VISITOR_CHAT_REMOVED } from './live-chat';
import {
  CATEGORY_ENTRY_LOCALS,
  EXCLUDED_FROM_LANGUAGE_LIST,
  FULL_SEARCH_LOCALS,
  NAVIGATION_VERSIONS,
  POCO_MENU_LOCALS,
  PRODUCT_ONLY_SEARCH_LOCALS,
  SHOW_ALL_PRODUCTS_IN_MOBILE,
} from './local-constants';

/** Every per-local list of sites/, by the name of its constant. */
export const localLists: Readonly<Record<string, readonly string[]>> = {
  FULL_SEARCH_LOCALS,
  PRODUCT_ONLY_SEARCH_LOCALS,
  SHOW_ALL_PRODUCTS_IN_MOBILE,
  POCO_MENU_LOCALS,
  CATEGORY_ENTRY_LOCALS,
  EXCLUDED_FROM_LANGUAGE_LIST,
  NAVIGATION_VERSIONS: Object.keys(NAVIGATION_VERSIONS),
  HIGH_COOKIE_POLICY_LOCALS,
  VISITOR_CHAT_REFUSED,
  VISITOR_CHAT_REMOVED,
  CHAT_PAGE_LOCALS,
};

export const PRICE_DISPLAYS_FILE = 'sites/price-displays.json';
export const HOST_OVERRIDES_FILE = 'sites/host-overrides.json';

const priceDisplayMapSchema = { type: 'object', additionalProperties: priceDisplaySchema } as const;
const hostOverridesSchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(hostFamilies.map((f) => [f, { type: 'string', minLength: 1 }])),
} as const;

function check(schema: object, data: unknown, file: string): void {
  const validate = getAjv().compile(schema);
  if (!validate(data)) {
    const issues = ajvIssues(validate.errors);
    const first = issues[0] ?? { path: '', message: 'invalid' };
    throw new RegionConfigError(file, first.path, first.message, issues);
  }
}

/** Validates a price-display map (default: price-displays.json) against the schema and the region settings. */
export function validatePriceDisplays(
  data: unknown = priceDisplaysJson,
  file: string = PRICE_DISPLAYS_FILE,
): Record<string, PriceDisplay> {
  check(priceDisplayMapSchema, data, file);
  const displays = data as Record<string, PriceDisplay>;
  const issues = [everyCountryHasPriceDisplay, displayCurrencyMatchesCountry, displayIsCoherent].flatMap((rule) =>
    rule(regionSettings, displays),
  );
  const first = issues[0];
  if (first) throw new RegionConfigError(file, first.path, first.message, issues);
  return displays;
}

/** Validates the return rules (default: returns.json) against their schema, the countries and the minimum window. */
export function validateReturnRules(data: unknown = returnsJson, file: string = RETURNS_FILE): ReturnRulesFile {
  check(returnRulesFileSchema, data, file);
  const rules = data as ReturnRulesFile;
  const locals = new Set(regionSettings.map((r) => r.local));
  const issues = [...returnCountriesAreKnown(rules, locals), ...returnWindowsHoldTheMinimum(rules)];
  const first = issues[0];
  if (first) throw new RegionConfigError(file, first.path, first.message, issues);
  return rules;
}

/**
 * Validates everything region-config and sites hold, and returns the site config of every storefront.
 * Throws RegionConfigError (file, JSON pointer, reason) on the first problem.
 */
export function validateSiteConfigs(): SiteConfig[] {
  validateRegionSettings();
  validatePriceDisplays();
  check(hostOverridesSchema, hostOverridesJson, HOST_OVERRIDES_FILE);
  validateReturnRules();
  validateLegalFacts();
  validateFriendCodes();
  validatePaymentMethods();
  validateStudentDomains();
  validateStudentOffers();
  validateInsurancePlans();
  const listIssue = listsNameKnownLocals(regionSettings, localLists)[0];
  if (listIssue) throw new RegionConfigError('sites/local-constants.ts', listIssue.path, listIssue.message);
  const validate = getAjv().compile<SiteConfig>(siteConfigSchema);
  return storefronts.map((s) => {
    const config = getSiteConfig(s.urlLocal);
    if (!validate(config)) {
      const first = ajvIssues(validate.errors)[0] ?? { path: '', message: 'invalid' };
      throw new RegionConfigError(`sites (computed config of ${s.urlLocal})`, first.path, first.message);
    }
    return config;
  });
}

/** Validates the payment methods (default: payment-methods.json) against their schema, the countries and coherence. */
export function validatePaymentMethods(
  data: unknown = paymentMethodsJson,
  file: string = PAYMENT_METHODS_FILE,
): PaymentMethodsFile {
  check(paymentMethodsFileSchema, data, file);
  const methods = data as PaymentMethodsFile;
  const currencies = new Map(regionSettings.map((r) => [r.local, r.currency]));
  const issues = [
    ...methodCountriesAreKnown(methods, currencies),
    ...defaultHasNoAmounts(methods),
    ...methodEntriesAreCoherent(methods),
  ];
  const first = issues[0];
  if (first) throw new RegionConfigError(file, first.path, first.message, issues);
  return methods;
}

/** Validates the insurance plans (default: insurance.json): schema, countries and currencies, bands, categories. */
export function validateInsurancePlans(data: unknown = insuranceJson, file: string = INSURANCE_FILE): InsuranceFile {
  check(insuranceFileSchema, data, file);
  const plans = data as InsuranceFile;
  const currencies = new Map(regionSettings.map((r) => [r.local, r.currency]));
  const categories = new Set(categoriesJson.categories.map((c) => c.id));
  const issues = [
    ...insuranceCountriesAreKnown(plans, currencies),
    ...insuranceBandsAreOrdered(plans),
    ...insuranceCategoriesAreKnown(plans, categories),
  ];
  const first = issues[0];
  if (first) throw new RegionConfigError(file, first.path, first.message, issues);
  return plans;
}
