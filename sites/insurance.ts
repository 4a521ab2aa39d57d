/**
 * Device insurance plans per country, from sites/insurance.json: the cover (a default with each country's changes)
 * and the country's price by the device's unit price. The server reads them through insuranceOf() and planFor();
 * validateInsurancePlans() (validate.ts) checks the file with the cross rules below.
 */
import insuranceJson from './insurance.json';
import type { RuleIssue } from '../region-config/rules';
import type { InsuranceCountry, InsuranceCover, InsuranceFile } from './insurance.schema';

export type { InsuranceCountry, InsuranceCover, InsuranceFile };
export const INSURANCE_FILE = 'sites/insurance.json';

const file = insuranceJson as InsuranceFile;

/** What a country sells: the cover with its changes, the currency and the price bands. */
export type CountryInsurance = InsuranceCover & Pick<InsuranceCountry, 'currency' | 'bands'>;

/** The plan one device unit gets: its cover and its price in minor units. */
export interface InsurancePlan extends InsuranceCover {
  currency: string;
  price: number;
}

/** The plans of a country (its two-letter local), or null where the store sells no insurance. */
export function insuranceOf(local: string, plans: InsuranceFile = file): CountryInsurance | null {
  const country = plans.countries[local];
  if (!country) return null;
  const { currency, bands, ...changes } = country;
  return { ...plans.default, ...changes, currency, bands };
}

/**
 * The plan for one unit of a device of `category` priced `unitPrice` (minor units of the country's currency), or null
 * when the category is not insured there.
 * @example planFor(insuranceOf('de'), 'phones', 149999) // → { price: 9900, coverMonths: 24, … }
 */
export function planFor(country: CountryInsurance | null, category: string, unitPrice: number): InsurancePlan | null {
  if (!country?.categories.includes(category) || unitPrice <= 0) return null;
  const band = country.bands.find((b) => b.upTo === undefined || unitPrice <= b.upTo);
  if (!band) return null;
  const { bands: _bands, ...cover } = country;
  return { ...cover, price: band.price };
}

/** Countries named in the file exist and price in their own currency. */
export function insuranceCountriesAreKnown(plans: InsuranceFile, currencies: ReadonlyMap<string, string>): RuleIssue[] {
  return Object.entries(plans.countries).flatMap(([local, c]): RuleIssue[] => {
    const currency = currencies.get(local);
    if (currency === undefined)
      return [{ message: `insurance plans for unknown country "${local}"`, path: `/countries/${local}` }];
    return currency === c.currency
      ? []
      : [{ message: `currency ${c.currency} is not ${local}'s ${currency}`, path: `/countries/${local}/currency` }];
  });
}

/** Bands rise (each `upTo` above the last, each price at least the last) and only the last is open. */
export function insuranceBandsAreOrdered(plans: InsuranceFile): RuleIssue[] {
  return Object.entries(plans.countries).flatMap(([local, c]) =>
    c.bands.flatMap((band, i): RuleIssue[] => {
      const path = `/countries/${local}/bands/${i}`;
      const last = i === c.bands.length - 1;
      const before = c.bands[i - 1];
      if (last && band.upTo !== undefined) return [{ message: 'the last band must be open (no upTo)', path }];
      if (!last && band.upTo === undefined) return [{ message: 'only the last band may be open', path }];
      if (before?.upTo !== undefined && band.upTo !== undefined && band.upTo <= before.upTo)
        return [{ message: 'upTo must rise from band to band', path: `${path}/upTo` }];
      if (before && band.price < before.price)
        return [{ message: 'a dearer device never gets a cheaper plan', path: `${path}/price` }];
      return [];
    }),
  );
}

/** The categories insured are the catalogue's (a misspelt one would quietly insure nothing). */
export function insuranceCategoriesAreKnown(plans: InsuranceFile, categories: ReadonlySet<string>): RuleIssue[] {
  const entries: [string, readonly string[] | undefined][] = [
    ['/default/categories', plans.default.categories],
    ...Object.entries(plans.countries).map(([l, c]): [string, readonly string[] | undefined] => [
      `/countries/${l}/categories`,
      c.categories,
    ]),
  ];
  return entries.flatMap(([path, list]) =>
    (list ?? []).flatMap((category, i) =>
      categories.has(category) ? [] : [{ message: `unknown category "${category}"`, path: `${path}/${i}` }],
    ),
  );
}
