/**
 * Node-side validation of region-data.json: JSON Schema (ajv) then the cross-entry rules of rules.ts.
 * Called by the tests and at build start; kept out of index.ts so the browser never ships ajv.
 */
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import regionsJson from './region-data.json';
import { dayjsLocales } from './dayjs-locales';
import { regionListSchema, type RegionSettings } from './region.schema';
import {
  catalogueCodes,
  compilableScripts,
  countryFollowsDefaultLanguage,
  oneDefaultLanguage,
  registeredDayjsLocales,
  textDirection,
  uniqueLocals,
  uniqueUrlLocals,
  validTimezones,
  type RegionRule,
  type RuleIssue,
} from './rules';

export const REGIONS_FILE = 'region-config/region-data.json';

/**
 * A bad config entry: message "file pointer: reason", e.g. "region-config/region-data.json /18/phoneCode: must match
 * ...".
 */
export class RegionConfigError extends Error {
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly reason: string,
    readonly issues: readonly RuleIssue[] = [{ message: reason, path: pointer }],
  ) {
    super(`${file} ${pointer || '/'}: ${reason}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`);
    this.name = 'RegionConfigError';
  }
}

/** Turns ajv errors into pointer + reason; a missing property points at the property itself. */
export function ajvIssues(errors: readonly ErrorObject[] | null | undefined): RuleIssue[] {
  return (errors ?? []).map((e) => {
    const missing =
      e.keyword === 'required' ? `/${String((e.params as { missingProperty: string }).missingProperty)}` : '';
    const extra =
      e.keyword === 'additionalProperties'
        ? ` "${String((e.params as { additionalProperty: string }).additionalProperty)}"`
        : '';
    const allowed =
      e.keyword === 'enum' ? ` ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}` : '';
    return { path: `${e.instancePath}${missing}`, message: `${e.message ?? e.keyword}${extra}${allowed}` };
  });
}

let ajv: Ajv | undefined;
/** One ajv instance (with formats) shared by region-config and sites validation. */
export function getAjv(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: true });
    addFormats(ajv);
  }
  return ajv;
}

export const regionRules: readonly RegionRule[] = [
  oneDefaultLanguage,
  uniqueLocals,
  uniqueUrlLocals,
  catalogueCodes,
  textDirection,
  countryFollowsDefaultLanguage,
  validTimezones,
  registeredDayjsLocales(Object.keys(dayjsLocales)),
  compilableScripts,
];

/**
 * Validates region settings (default: region-data.json) and returns them typed; throws RegionConfigError naming the
 * file, JSON pointer and reason of the first problem (all problems are in `issues`).
 */
export function validateRegionSettings(data: unknown = regionsJson, file: string = REGIONS_FILE): RegionSettings[] {
  const validate = getAjv().compile<RegionSettings[]>(regionListSchema);
  if (!validate(data)) {
    const issues = ajvIssues(validate.errors);
    const first = issues[0] ?? { path: '', message: 'invalid' };
    throw new RegionConfigError(file, first.path, first.message, issues);
  }
  const issues = regionRules.flatMap((rule) => rule(data));
  const first = issues[0];
  if (first) throw new RegionConfigError(file, first.path, first.message, issues);
  return data;
}
