import overridesJson from './host-overrides.json';
// Direct module imports keep dayjs and its locales out of widget bundles that only need hosts.
import { getRegionSettings } from '../region-config/regions';
import { getStorefront } from '../region-config/storefronts';
import { hostFamilies, type HostFamily } from './site.schema';

/**
 * Origin templates per host family for a real deployment, e.g.
 * `{ "go": "https://go.{deployArea}.mistore.shop/{urlLocal}", "www": "https://www.mistore.shop/{urlLocal}" }`.
 * Placeholders: {urlLocal}, {local}, {deployArea}. A family not named keeps its embedded default.
 */
export type HostOverrides = Partial<Record<HostFamily, string>>;

/** The deployment's map (sites/host-overrides.json); empty in the embedded default. */
export const hostOverrides: HostOverrides = overridesJson as HostOverrides;

/** Embedded default: one origin serves the storefront at /<urlLocal> and every API family at /api/<urlLocal>. */
export function embeddedHost(urlLocal: string, family: HostFamily): string {
  return family === 'www' ? `/${urlLocal}` : `/api/${urlLocal}`;
}

function fill(template: string, urlLocal: string): string {
  // An unknown prefix is an unknown country with default settings (deploy area sgp), as everywhere else.
  const region = getStorefront(urlLocal)?.region ?? getRegionSettings(urlLocal);
  return template
    .replaceAll('{urlLocal}', urlLocal)
    .replaceAll('{local}', region.local)
    .replaceAll('{deployArea}', region.deployArea);
}

/**
 * Base URL of a host family for a storefront: `hostFor('id', 'go')` → '/api/id', `hostFor('id', 'www')` → '/id'.
 * `overrides` defaults to sites/host-overrides.json.
 */
export function hostFor(urlLocal: string, family: HostFamily, overrides: HostOverrides = hostOverrides): string {
  const template = overrides[family];
  return template ? fill(template, urlLocal) : embeddedHost(urlLocal, family);
}

/** Every host family of a storefront. */
export function hostsFor(urlLocal: string, overrides: HostOverrides = hostOverrides): Record<HostFamily, string> {
  return Object.fromEntries(hostFamilies.map((f) => [f, hostFor(urlLocal, f, overrides)])) as Record<
    HostFamily,
    string
  >;
}
