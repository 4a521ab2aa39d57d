import { VITALS, type P75View, type Vital, type VitalsByReleaseView } from '../../schemas/analytics-dashboard';

/** One row of the vitals queries: the p75 and count of one metric (as the events name it: 'LCP') in one group. */
export interface VitalRow {
  storefront: string;
  key: string;
  metric: string;
  p75: number;
  samples: number;
}

/** A group's p75 of each metric, and the measurements of its most measured metric. */
export interface VitalGroup {
  storefront: string;
  key: string;
  samples: number;
  p75: P75View;
}

/** Milliseconds to the millisecond, CLS (unitless) to the thousandth: what the console shows and compares. */
export const roundVital = (vital: Vital, value: number): number =>
  vital === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);

const empty = (): P75View => ({ lcp: null, inp: null, cls: null, ttfb: null });

/** The rows of one metric per group, gathered into one row per group (storefront and key), in query order. */
export function groupVitals(rows: VitalRow[]): VitalGroup[] {
  const groups = new Map<string, VitalGroup>();
  for (const row of rows) {
    const vital = row.metric.toLowerCase() as Vital;
    if (!VITALS.includes(vital)) continue;
    const id = `${row.storefront}\n${row.key}`;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { storefront: row.storefront, key: row.key, samples: 0, p75: empty() }));
    group.p75[vital] = roundVital(vital, row.p75);
    group.samples = Math.max(group.samples, row.samples);
  }
  return [...groups.values()];
}

/**
 * Each storefront's releases, newest first, each with the change of every p75 since the storefront's release before
 * it (release ids sort by build time: r-<UTC stamp>-…). A development build's release ('') has no place in that
 * order: it is listed without a previous release.
 */
export function releaseDeltas(groups: VitalGroup[]): VitalsByReleaseView[] {
  const byStorefront = new Map<string, VitalGroup[]>();
  for (const g of groups) byStorefront.set(g.storefront, [...(byStorefront.get(g.storefront) ?? []), g]);
  const out: VitalsByReleaseView[] = [];
  for (const storefront of [...byStorefront.keys()].sort()) {
    const releases = byStorefront.get(storefront)!.sort((a, b) => b.key.localeCompare(a.key));
    releases.forEach((g, i) => {
      const previous = g.key === '' ? undefined : releases.slice(i + 1).find((p) => p.key !== '');
      const delta = empty();
      if (previous)
        for (const v of VITALS) {
          const now = g.p75[v];
          const before = previous.p75[v];
          delta[v] = now === null || before === null ? null : roundVital(v, now - before);
        }
      out.push({
        storefront,
        release: g.key,
        previous_release: previous?.key ?? null,
        samples: g.samples,
        p75: g.p75,
        delta,
      });
    });
  }
  return out;
}
