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

const headings = () => VITALS.map((v) => HEADING[v]);

/**
 * Real visitors' page speed, the 75th percentile of each web vital rated as web.dev does (good, needs improvement,
 * poor): per storefront and page type, and per release with the change since the storefront's release before.
 */
export function VitalsTables({ s, summary }: { s: Strings; summary: AnalyticsSummary }) {
  const cells = (p75: P75, delta?: P75) =>
    VITALS.map((v) => (
      <>
        <Rated s={s} vital={v} value={p75[v]} />
        {delta && <Change s={s} vital={v} delta={delta[v]} />}
      </>
    ));
  return (
    <>
      <DataTable
        testId="analytics-vitals-by-page"
        caption={t(s, 'console.analytics.vitals.byPage')}
        head={[
          t(s, 'console.analytics.col.storefront'),
          t(s, 'console.analytics.col.pageType'),
          ...headings(),
          t(s, 'console.analytics.col.samples'),
        ]}
        rows={summary.vitalsByPage.map((r) => ({
          key: `${r.storefront} ${r.pageType}`,
          cells: [r.storefront, r.pageType, ...cells(r.p75), count(r.samples)],
        }))}
        empty={t(s, 'console.analytics.empty')}
      />
      <DataTable
        testId="analytics-vitals-by-release"
        caption={t(s, 'console.analytics.vitals.byRelease')}
        head={[
          t(s, 'console.analytics.col.storefront'),
          t(s, 'console.analytics.col.release'),
          t(s, 'console.analytics.col.previousRelease'),
          ...headings(),
          t(s, 'console.analytics.col.samples'),
        ]}
        rows={summary.vitalsByRelease.map((r) => ({
          key: `${r.storefront} ${r.release}`,
          cells: [
            r.storefront,
            r.release === '' ? <em>{t(s, 'console.analytics.release.dev')}</em> : <code>{r.release}</code>,
            r.previousRelease === null ? '–' : <code>{r.previousRelease}</code>,
            ...cells(r.p75, r.delta),
            count(r.samples),
          ],
        }))}
        empty={t(s, 'console.analytics.empty')}
      />
    </>
  );
}
