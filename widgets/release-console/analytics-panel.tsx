import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../lib/strings';
import { ANALYTICS_MAX_PERIOD_DAYS } from '../../server/schemas/analytics-dashboard';
import type { AnalyticsQuery, AnalyticsSummary, ErrorGroup, ReleasesApi } from './api';
import { periodOf, periodProblem, type PeriodChoice } from './analytics-model';
import { FunnelChart, VisitsChart } from './analytics-charts';
import { BREAKDOWNS, BreakdownTable, RevenueTable, TopLists } from './analytics-tables';
import { VitalsTables } from './analytics-vitals';
import { ErrorGroupsTable } from './analytics-errors';
import { count, day } from './format';

type Strings = Record<string, string> | undefined;

const CHOICES = {
  last7: 'console.analytics.period.last7',
  last30: 'console.analytics.period.last30',
  dates: 'console.analytics.period.dates',
} as const satisfies Record<PeriodChoice, string>;
const PROBLEM = {
  missing: 'console.analytics.period.missing',
  reversed: 'console.analytics.period.reversed',
  tooLong: 'console.analytics.period.tooLong',
} as const;

/**
 * "Traffic and sales": a period (the last 7 or 30 days, or dates) and a storefront (or all of the release
 * manager's), then the totals, visits per day, the funnel, revenue per currency, the breakdowns per storefront,
 * release, campaign and channel, top pages, searches without results, real visitors' page speed per page type and
 * per release, and the front-end error groups. `storefronts` are the console's; the server's answer narrows them to
 * the ones this release manager looks after.
 */
export function AnalyticsPanel({ s, api, storefronts }: { s: Strings; api: ReleasesApi; storefronts: string[] }) {
  const choice = useSignal<PeriodChoice>('last30');
  const typed = useSignal({ from: '', to: '' });
  const storefront = useSignal('all');
  const mine = useSignal<string[] | null>(null);
  const summary = useSignal<AnalyticsSummary | null>(null);
  const errors = useSignal<ErrorGroup[]>([]);
  const message = useSignal('');
  const busy = useSignal(false);

  const load = async () => {
    const period = periodOf(choice.value, new Date(), typed.value);
    const problem = periodProblem(period.from, period.to);
    if (problem) {
      message.value = t(s, PROBLEM[problem], { count: ANALYTICS_MAX_PERIOD_DAYS });
      return;
    }
    const query: AnalyticsQuery = { ...period, storefront: storefront.value };
    message.value = '';
    busy.value = true;
    try {
      const [answer, groups] = await Promise.all([api.analyticsSummary(query), api.analyticsErrors(query)]);
      summary.value = answer;
      errors.value = groups;
      if (storefront.value === 'all') mine.value = answer.storefronts;
    } catch (e) {
      message.value = t(s, 'console.analytics.refused', { message: (e as Error).message });
    } finally {
      busy.value = false;
    }
  };
  useEffect(() => void load(), []);

  const choices = mine.value ?? storefronts;
  const data = summary.value;
  return (
    <section class="analytics-panel" aria-labelledby="analytics-title" data-testid="analytics-panel">
      <h3 id="analytics-title">{t(s, 'console.analytics.title')}</h3>
      <form
        class="analytics-filters"
        onSubmit={(e) => {
          e.preventDefault();
          void load();
        }}
      >
        <fieldset>
          <legend>{t(s, 'console.analytics.period')}</legend>
          {(Object.keys(CHOICES) as PeriodChoice[]).map((c) => (
            <label key={c}>
              <input
                type="radio"
                name="analytics-period"
                value={c}
                checked={choice.value === c}
                onChange={() => (choice.value = c)}
              />
              {t(s, CHOICES[c])}
            </label>
          ))}
          {choice.value === 'dates' && (
            <>
              <label>
                {t(s, 'console.analytics.from')}
                <input
                  type="date"
                  required
                  value={typed.value.from}
                  onInput={(e) => (typed.value = { ...typed.value, from: (e.target as HTMLInputElement).value })}
                />
              </label>
              <label>
                {t(s, 'console.analytics.to')}
                <input
                  type="date"
                  required
                  value={typed.value.to}
                  onInput={(e) => (typed.value = { ...typed.value, to: (e.target as HTMLInputElement).value })}
                />
              </label>
            </>
          )}
        </fieldset>
        <label>
          {t(s, 'console.analytics.storefront')}
          <select
            data-testid="analytics-storefront"
            value={storefront.value}
            onChange={(e) => (storefront.value = (e.target as HTMLSelectElement).value)}
          >
            <option value="all">{t(s, 'console.analytics.storefront.all')}</option>
            {choices.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" data-testid="analytics-show" disabled={busy.value}>
          {t(s, 'console.analytics.show')}
        </button>
      </form>
      {message.value && <p role="alert">{message.value}</p>}
      {!data && !message.value && <p aria-busy="true">{t(s, 'common.loading')}</p>}
      {data && (
        <div aria-busy={busy.value} data-testid="analytics-results">
          <p class="analytics-period-shown">
            {t(s, 'console.analytics.periodShown', { from: day(data.from), to: day(data.to) })}
          </p>
          <dl class="analytics-totals" data-testid="analytics-totals">
            <div>
              <dt>{t(s, 'console.analytics.totals.visits')}</dt>
              <dd>{count(data.totals.visits)}</dd>
            </div>
            <div>
              <dt>{t(s, 'console.analytics.totals.pageViews')}</dt>
              <dd>{count(data.totals.pageViews)}</dd>
            </div>
            <div>
              <dt>{t(s, 'console.analytics.totals.orders')}</dt>
              <dd>{count(data.totals.orders)}</dd>
            </div>
          </dl>
          <VisitsChart s={s} days={data.days} />
          <FunnelChart s={s} funnel={data.funnel} />
          <RevenueTable s={s} revenue={data.revenue} />
          {(Object.keys(BREAKDOWNS) as (keyof typeof BREAKDOWNS)[]).map((which) => (
            <BreakdownTable key={which} s={s} which={which} rows={data[which]} />
          ))}
          <TopLists s={s} summary={data} />
          <VitalsTables s={s} summary={data} />
          <ErrorGroupsTable s={s} groups={errors.value} />
        </div>
      )}
    </section>
  );
}

/** The panel's layout: bars in the accent colour, ratings in words and colour, tables that scroll when narrow. */
export const ANALYTICS_CSS = `.analytics-filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin:.5rem 0}
.analytics-filters fieldset{display:flex;flex-wrap:wrap;gap:.75rem;border:1px solid #ddd;padding:.5rem}
.analytics-filters label{display:inline-flex;gap:.25rem;align-items:center}
.analytics-totals{display:flex;flex-wrap:wrap;gap:1.5rem;margin:.75rem 0}
.analytics-totals dt{font-size:.875rem;color:#555}.analytics-totals dd{margin:0;font-size:1.5rem;font-weight:700}
.analytics-chart{margin:1rem 0}.analytics-chart figcaption{font-weight:700;margin-bottom:.25rem}
.analytics-bars{width:100%;height:120px;display:block}.analytics-bars rect{fill:#ff6900}
.analytics-axis{display:flex;justify-content:space-between;font-size:.75rem;color:#555}
.analytics-funnel{list-style:none;padding:0;margin:0}.analytics-funnel li{margin:.25rem 0}
.analytics-funnel-bar{display:block;width:100%;height:.75rem}.analytics-funnel-bar rect{fill:#ff6900}
.analytics-lines{white-space:pre-line}.analytics-message{overflow-wrap:anywhere}
.analytics-vital-good{color:#0a7d32}.analytics-vital-needsImprovement{color:#8a5a00}.analytics-vital-poor{color:#b3261e}
.analytics-delta-better{color:#0a7d32}.analytics-delta-worse{color:#b3261e}
.analytics-panel details summary{cursor:pointer}
.analytics-panel summary:focus-visible{outline:2px solid #ff6900;outline-offset:2px}`;
