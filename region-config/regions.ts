import regionsJson from './region-data.json';
import type { RegionSettings } from './region.schema';
import { defaultRegionSettings } from './defaults';

/**
 * Every country, in the order of the storefront table (docs/contracts.md).
 * The JSON is checked against region.schema.ts by validateRegionSettings() (validate.ts) in tests and at build
 * start; importing it statically keeps this module free of fs and ajv so widgets can use it.
 */
export const regionSettings: readonly RegionSettings[] = regionsJson as unknown as RegionSettings[];

// Pure annotations let bundlers drop the data when a widget imports nothing that reads it.
const byLocal = /* @__PURE__ */ new Map(regionSettings.map((r) => [r.local, r]));

/** Settings of a country (`local`, e.g. 'de'); an unknown code gets en-US defaults with siteCode = code. */
export function getRegionSettings(local: string): RegionSettings {
  return byLocal.get(local.toLowerCase()) ?? defaultRegionSettings(local);
}

/** True when the code names a configured country. */
export function isKnownLocal(local: string): boolean {
  return byLocal.has(local.toLowerCase());
}
