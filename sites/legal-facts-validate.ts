/** Node-side check of sites/legal-facts.json (ajv stays out of the browser's bundles). */
import { regionSettings } from '../region-config';
import { RegionConfigError, ajvIssues, getAjv } from '../region-config/validate';
import legalFactsJson from './legal-facts.json';
import {
  LEGAL_FACTS_FILE,
  everyCountryHasItsAuthority,
  legalCountriesAreKnown,
  namesInStorefrontLanguages,
  type LegalFactsFile,
} from './legal-facts';
import { legalFactsFileSchema } from './legal-facts.schema';

/** Validates the legal facts (default: legal-facts.json): schema, countries, an authority for each country. */
export function validateLegalFacts(data: unknown = legalFactsJson, file: string = LEGAL_FACTS_FILE): LegalFactsFile {
  const validate = getAjv().compile(legalFactsFileSchema);
  if (!validate(data)) {
    const issues = ajvIssues(validate.errors);
    const first = issues[0] ?? { path: '', message: 'invalid' };
    throw new RegionConfigError(file, first.path, first.message, issues);
  }
  const facts = data as LegalFactsFile;
  const locals = new Set(regionSettings.map((r) => r.local));
  const languagesOf = (local: string) =>
    regionSettings.filter((r) => r.local === local).flatMap((r) => r.languages.map((l) => l.i18n));
  const issues = [
    ...legalCountriesAreKnown(facts, locals),
    ...everyCountryHasItsAuthority(facts, locals),
    ...namesInStorefrontLanguages(facts, languagesOf),
  ];
  const first = issues[0];
  if (first) throw new RegionConfigError(file, first.path, first.message, issues);
  return facts;
}
