import regionData from '../region-config/region-data.json';

/**
 * The storefronts as content/ needs them: which header-footer files must exist, which catalogue each storefront
 * reads, which currency each country prices in. They are read from region-config's data file, the one storefront
 * table; content/ reads that data but none of region-config's code (docs/architecture.md).
 */
export interface ContentStorefront {
  urlLocal: string;
  local: string;
  lang: string;
  /** The translation catalogue it reads before falling back to `en`. */
  i18n: string;
}

interface RegionRow {
  local: string;
  currency: string;
  languages: { urlLocal: string; lang: string; i18n: string; isDefault: boolean }[];
}
const regions = regionData as RegionRow[];

/** Every storefront (one per urlLocal), in table order. */
export const contentStorefronts: readonly ContentStorefront[] = regions.flatMap((region) =>
  region.languages.map(({ urlLocal, lang, i18n }) => ({ urlLocal, local: region.local, lang, i18n })),
);

/** Country code → ISO currency of its prices. */
export const countryCurrency: Readonly<Record<string, string>> = Object.fromEntries(
  regions.map((r) => [r.local, r.currency]),
);

/** Country code → the catalogue codes of its storefront languages, the country's default language first. */
export const countryLanguages: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  regions.map((r) => [
    r.local,
    [...r.languages].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)).map((l) => l.i18n),
  ]),
);

/** Every catalogue code the storefronts need (plus en). */
export const requiredCatalogues: readonly string[] = [...new Set(['en', ...contentStorefronts.map((s) => s.i18n)])];
