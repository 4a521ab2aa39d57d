/**
 * Rules between site data and region settings, pure functions returning `{ message, path }` (path: JSON pointer
 * into price-displays.json).
 */
import type { PriceDisplay, RegionSettings } from '../region-config';
import type { RuleIssue } from '../region-config/rules';

type Displays = Readonly<Record<string, PriceDisplay>>;

/** Every country has a price display, and no display belongs to an unknown country. */
export function everyCountryHasPriceDisplay(regions: readonly RegionSettings[], displays: Displays): RuleIssue[] {
  const locals = new Set(regions.map((r) => r.local));
  return [
    ...regions
      .filter((r) => !displays[r.local])
      .map((r) => ({ message: `${r.local} has no price display`, path: `/${r.local}` })),
    ...Object.keys(displays)
      .filter((l) => !locals.has(l))
      .map((l) => ({ message: `price display for unknown country "${l}"`, path: `/${l}` })),
  ];
}

/** A display shows the country's own currency. */
export function displayCurrencyMatchesCountry(regions: readonly RegionSettings[], displays: Displays): RuleIssue[] {
  return regions.flatMap((r) => {
    const display = displays[r.local];
    return display && display.currency !== r.currency
      ? [
          {
            message: `${r.local}: display currency ${display.currency} differs from ${r.currency}`,
            path: `/${r.local}/currency`,
          },
        ]
      : [];
  });
}

/** The side named by `position` carries the currency text, and separators differ so numbers stay readable. */
export function displayIsCoherent(_regions: readonly RegionSettings[], displays: Displays): RuleIssue[] {
  return Object.entries(displays).flatMap(([local, d]) => {
    const issues: RuleIssue[] = [];
    if (d.position === 'prefix' ? d.prefix.trim() === '' : d.suffix.trim() === '') {
      issues.push({
        message: `${local}: position is ${d.position} but the ${d.position} is empty`,
        path: `/${local}/${d.position}`,
      });
    }
    if (d.thousandsSeparator === d.decimalSeparator) {
      issues.push({
        message: `${local}: thousands and decimal separators are equal`,
        path: `/${local}/thousandsSeparator`,
      });
    }
    return issues;
  });
}

/** The lists name only configured countries (a typo such as 'gb' for uk would silently do nothing). */
export function listsNameKnownLocals(
  regions: readonly RegionSettings[],
  lists: Readonly<Record<string, readonly string[]>>,
): RuleIssue[] {
  const locals = new Set(regions.map((r) => r.local));
  return Object.entries(lists).flatMap(([name, list]) =>
    list.flatMap((local, i) =>
      locals.has(local) ? [] : [{ message: `${name} names unknown country "${local}"`, path: `${name}/${i}` }],
    ),
  );
}
