/**
 * Cross-file rules of the stores snapshot (content/snapshots/stores/stores.json): each country once and known to
 * the region settings, store ids unique across countries (they are URLs), no day listed twice in a store's hours,
 * and every opening range ends after it starts (stores here do not stay open past midnight).
 */
import type { Located } from './cross-file-rules';
import type { StoresSnapshot } from './schemas/stores.schema';
import type { SnapshotIssue } from './snapshot-error';

export function storesHold(stores: Located<StoresSnapshot>, knownCountries: ReadonlySet<string>): SnapshotIssue[] {
  const issues: SnapshotIssue[] = [];
  const countries = new Set<string>();
  const ids = new Map<string, string>();
  stores.data.countries.forEach((country, c) => {
    const at = (pointer: string, message: string) =>
      issues.push({ file: stores.file, pointer: `/countries/${c}${pointer}`, message });
    if (!knownCountries.has(country.local)) at('/local', `"${country.local}" is not a country of region-config`);
    if (countries.has(country.local)) at('/local', `country "${country.local}" is listed twice`);
    countries.add(country.local);
    country.stores.forEach((store, s) => {
      const first = ids.get(store.storeId);
      if (first) at(`/stores/${s}/storeId`, `store id "${store.storeId}" is already used by ${first}`);
      else ids.set(store.storeId, `${country.local} "${store.name}"`);
      const days = new Set<string>();
      store.hours.forEach((range, h) => {
        for (const day of range.days) {
          if (days.has(day)) at(`/stores/${s}/hours/${h}/days`, `"${day}" already has opening hours`);
          days.add(day);
        }
        if (range.closes <= range.opens)
          at(`/stores/${s}/hours/${h}/closes`, `closes at ${range.closes}, not after it opens (${range.opens})`);
      });
    });
  });
  return issues;
}
