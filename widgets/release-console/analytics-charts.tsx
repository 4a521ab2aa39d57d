import { t } from '../lib/strings';
import type { AnalyticsSummary } from './api';
import { barShares } from './analytics-model';
import { count, day, percent } from './format';

type Strings = Record<string, string> | undefined;

const CHART_HEIGHT = 120;
const BAR_GAP = 2;

/**
 * Visits per day as SVG bars, one bar per day of the period, each with its day and figures as a tooltip. Screen
 * readers get the chart as one image named by its caption, and the figures as the table under "show as a table".
 */
export function VisitsChart({ s, days }: { s: Strings; days: AnalyticsSummary['days'] }) {
  const shares = barShares(days.map((d) => d.visits));
  const width = Math.max(days.length * 12, 240);
  const barWidth = width / Math.max(days.length, 1) - BAR_GAP;
  const label = (d: AnalyticsSummary['days'][number]) =>
    t(s, 'console.analytics.chart.dayLabel', {
      day: day(d.day),
      visits: count(d.visits),
      pageViews: count(d.pageViews),
    });
  return (
    <figure class="analytics-chart" data-testid="analytics-visits-chart">
      <figcaption id="analytics-visits-title">{t(s, 'console.analytics.chart.visits')}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby="analytics-visits-title"
        class="analytics-bars"
      >
        <title>{t(s, 'console.analytics.chart.visits')}</title>
        {days.map((d, i) => {
          const height = Math.max(shares[i]! * CHART_HEIGHT, d.visits > 0 ? 1 : 0);
          return (
            <rect key={d.day} x={i * (barWidth + BAR_GAP)} y={CHART_HEIGHT - height} width={barWidth} height={height}>
              <title>{label(d)}</title>
            </rect>
          );
        })}
      </svg>
      <div class="analytics-axis" aria-hidden="true">
        <span>{days[0] && day(days[0].day)}</span>
        <span>{days.length > 1 && day(days[days.length - 1]!.day)}</span>
      </div>
      <details>
        <summary>{t(s, 'console.analytics.chart.asTable')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t(s, 'console.analytics.col.day')}</th>
              <th scope="col">{t(s, 'console.analytics.totals.visits')}</th>
              <th scope="col">{t(s, 'console.analytics.totals.pageViews')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{day(d.day)}</th>
                <td>{count(d.visits)}</td>
                <td>{count(d.pageViews)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The funnel step names, written out so the string scan lists them. */
export const STEP_NAME = {
  view: 'console.analytics.funnel.view',
  cart: 'console.analytics.funnel.cart',
  checkout: 'console.analytics.funnel.checkout',
  paid: 'console.analytics.funnel.paid',
} as const;

/**
 * The funnel as horizontal bars, each step's visits as a share of the visits that viewed a page. It is a list whose
 * items say the step, its visits, its share and its share of the step before in words, so it needs no table twin.
 */
export function FunnelChart({ s, funnel }: { s: Strings; funnel: AnalyticsSummary['funnel'] }) {
  const shares = barShares(funnel.map((f) => f.visits));
  return (
    <figure class="analytics-chart" data-testid="analytics-funnel">
      <figcaption>{t(s, 'console.analytics.funnel.title')}</figcaption>
      <ol class="analytics-funnel">
        {funnel.map((f, i) => (
          <li key={f.step}>
            <span class="analytics-funnel-label">
              {i === 0
                ? t(s, 'console.analytics.funnel.firstLabel', {
                    step: t(s, STEP_NAME[f.step]),
                    visits: count(f.visits),
                  })
                : t(s, 'console.analytics.funnel.stepLabel', {
                    step: t(s, STEP_NAME[f.step]),
                    visits: count(f.visits),
                    rate: percent(f.rate),
                    fromPrevious: percent(f.fromPrevious),
                  })}
            </span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" class="analytics-funnel-bar">
              <rect x="0" y="0" width={Math.max(shares[i]! * 100, f.visits > 0 ? 0.5 : 0)} height="10" />
            </svg>
          </li>
        ))}
      </ol>
    </figure>
  );
}
