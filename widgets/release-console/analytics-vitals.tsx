import { t } from '../lib/strings';
import { VITALS, type Vital } from '../../server/schemas/analytics-dashboard';
import type { AnalyticsSummary } from './api';
import { DataTable } from './analytics-tables';
import { deltaDirection, vitalRating } from './analytics-model';
import { count, vitalValue } from './format';

type Strings = Record<string, string> | undefined;
type P75 = AnalyticsSummary['vitalsByPage'][number]['p75'];

/** The metrics' names as column headings: the abbreviations web.dev uses in every language. */
const HEADING: Record<Vital, string> = { lcp: 'LCP', inp: 'INP', cls: 'CLS', ttfb: 'TTFB' };
const RATING = {
  good: 'console.analytics.vitals.good',
  needsImprovement: 'console.analytics.vitals.needsImprovement',
  poor: 'console.analytics.vitals.poor',
} as const;
const CHANGE = {
  better: 'console.analytics.vitals.better',
  worse: 'console.analytics.vitals.worse',
  same: 'console.analytics.vitals.same',
} as const;

/** A p75 with its rating in words (colour only repeats it), or a dash where no page sent the metric. */
function Rated({ s, vital, value }: { s: Strings; vital: Vital; value: number | null }) {
  if (value === null) return <span>–</span>;
  const rating = vitalRating(vital, value);
  return (
    <span class={`analytics-vital analytics-vital-${rating}`} data-rating={rating}>
      {vitalValue(vital, value)} <small>{t(s, RATING[rating])}</small>
    </span>
  );
}

/** A change since the release before: signed, with "better" or "worse" in words (lower is better). */
function Change({ s, vital, delta }: { s: Strings; vital: Vital; delta: number | null }) {
  if (delta === null) return null;
  const direction = deltaDirection(delta);
  return (
    <span class={`analytics-delta analytics-delta-${direction}`}>
      {' '}
      ({vitalValue(vital, delta, true)}, {t(s, CHANGE[direction])})
    </span>
  );
}

const vitalColumns = VITALS.map((v) => ({ id: v, label: HEADING[v] }));

/**
 * Real visitors' page speed, the 75th percentile of each web vital rated as web.dev does (good, needs improvement,
 * poor): per storefront and page type, and per release with the change since the storefront's release before.
 */
export function VitalsTables({ s, summary }: { s: Strings; summary: AnalyticsSummary }) {
  const cells = (p75: P75, delta?: P75) =>
    Object.fromEntries(
      VITALS.map((v) => [
        v,
        <>
          <Rated s={s} vital={v} value={p75[v]} />
          {delta && <Change s={s} vital={v} delta={delta[v]} />}
        </>,
      ]),
    );
  return (
    <>
      <DataTable
        testId="analytics-vitals-by-page"
        caption={t(s, 'console.analytics.vitals.byPage')}
        columns={[
          { id: 'storefront', label: t(s, 'console.analytics.col.storefront') },
          { id: 'pageType', label: t(s, 'console.analytics.col.pageType') },
          ...vitalColumns,
          { id: 'samples', label: t(s, 'console.analytics.col.samples') },
        ]}
        rows={summary.vitalsByPage.map((r) => ({
          key: `${r.storefront} ${r.pageType}`,
          cells: { storefront: r.storefront, pageType: r.pageType, ...cells(r.p75), samples: count(r.samples) },
        }))}
        empty={t(s, 'console.analytics.empty')}
      />
      <DataTable
        testId="analytics-vitals-by-release"
        caption={t(s, 'console.analytics.vitals.byRelease')}
        columns={[
          { id: 'storefront', label: t(s, 'console.analytics.col.storefront') },
          { id: 'release', label: t(s, 'console.analytics.col.release') },
          { id: 'previous', label: t(s, 'console.analytics.col.previousRelease') },
          ...vitalColumns,
          { id: 'samples', label: t(s, 'console.analytics.col.samples') },
        ]}
        rows={summary.vitalsByRelease.map((r) => ({
          key: `${r.storefront} ${r.release}`,
          cells: {
            storefront: r.storefront,
            release: r.release === '' ? <em>{t(s, 'console.analytics.release.dev')}</em> : <code>{r.release}</code>,
            previous: r.previousRelease === null ? '–' : <code>{r.previousRelease}</code>,
            ...cells(r.p75, r.delta),
            samples: count(r.samples),
          },
        }))}
        empty={t(s, 'console.analytics.empty')}
      />
    </>
  );
}
