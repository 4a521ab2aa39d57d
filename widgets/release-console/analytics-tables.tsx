import type { ComponentChildren } from 'preact';
import { t } from '../lib/strings';
import type { AnalyticsSummary } from './api';
import { STEP_NAME } from './analytics-charts';
import { count, minorMoney, percent } from './format';

type Strings = Record<string, string> | undefined;

/**
 * A table with a caption, column headers and the first cell of each row as its header; `empty` instead of an empty
 * body.
 */
export function DataTable({
  caption,
  head,
  rows,
  empty,
  testId,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ComponentChildren[] }[];
  empty: string;
  testId: string;
}) {
  return (
    <table data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={head.length}>{empty}</td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.cells[0]}</th>
              {row.cells.slice(1).map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

type Revenue = AnalyticsSummary['revenue'];
/** Each currency's revenue on a line of its own (currencies are never added up). */
export const revenueText = (revenue: Revenue): string =>
  revenue.map((r) => minorMoney(r.amount, r.currency)).join('\n') || '–';

/** Revenue per currency: amount and orders. */
export function RevenueTable({ s, revenue }: { s: Strings; revenue: Revenue }) {
  return (
    <DataTable
      testId="analytics-revenue"
      caption={t(s, 'console.analytics.revenue.title')}
      head={[
        t(s, 'console.analytics.col.currency'),
        t(s, 'console.analytics.col.amount'),
        t(s, 'console.analytics.totals.orders'),
      ]}
      rows={revenue.map((r) => ({
        key: r.currency,
        cells: [r.currency, minorMoney(r.amount, r.currency), count(r.orders)],
      }))}
      empty={t(s, 'console.analytics.empty')}
    />
  );
}

/** The breakdowns the summary has, with their caption and first column's heading. */
export const BREAKDOWNS = {
  byStorefront: { caption: 'console.analytics.by.storefront', column: 'console.analytics.col.storefront' },
  byRelease: { caption: 'console.analytics.by.release', column: 'console.analytics.col.release' },
  byCampaign: { caption: 'console.analytics.by.campaign', column: 'console.analytics.col.campaign' },
  byChannel: { caption: 'console.analytics.by.channel', column: 'console.analytics.col.channel' },
} as const;

/**
 * One breakdown (per storefront, release, campaign or channel): visits, visits at each later funnel step,
 * conversion and revenue. An empty key is a visit without a campaign, or a page of a development build.
 */
export function BreakdownTable({
  s,
  which,
  rows,
}: {
  s: Strings;
  which: keyof typeof BREAKDOWNS;
  rows: AnalyticsSummary['byStorefront'];
}) {
  const { caption, column } = BREAKDOWNS[which];
  const none = which === 'byCampaign' ? t(s, 'console.analytics.campaign.none') : t(s, 'console.analytics.release.dev');
  return (
    <DataTable
      testId={`analytics-${which}`}
      caption={t(s, caption)}
      head={[
        t(s, column),
        t(s, 'console.analytics.totals.visits'),
        t(s, STEP_NAME.cart),
        t(s, STEP_NAME.checkout),
        t(s, STEP_NAME.paid),
        t(s, 'console.analytics.col.conversion'),
        t(s, 'console.analytics.totals.revenue'),
      ]}
      rows={rows.map((r) => ({
        key: r.key,
        cells: [
          r.key === '' ? <em>{none}</em> : which === 'byRelease' ? <code>{r.key}</code> : r.key,
          count(r.visits),
          ...r.funnel.slice(1).map((f) => count(f.visits)),
          percent(r.conversion),
          <span class="analytics-lines">{revenueText(r.revenue)}</span>,
        ],
      }))}
      empty={t(s, 'console.analytics.empty')}
    />
  );
}

/** The most viewed pages and the searches that found nothing. */
export function TopLists({ s, summary }: { s: Strings; summary: AnalyticsSummary }) {
  return (
    <>
      <DataTable
        testId="analytics-top-pages"
        caption={t(s, 'console.analytics.topPages')}
        head={[t(s, 'console.analytics.col.page'), t(s, 'console.analytics.col.views')]}
        rows={summary.topPages.map((p) => ({ key: p.path, cells: [<code>{p.path}</code>, count(p.views)] }))}
        empty={t(s, 'console.analytics.empty')}
      />
      <DataTable
        testId="analytics-empty-searches"
        caption={t(s, 'console.analytics.emptySearches')}
        head={[
          t(s, 'console.analytics.col.query'),
          t(s, 'console.analytics.col.storefront'),
          t(s, 'console.analytics.col.searches'),
        ]}
        rows={summary.emptySearches.map((q) => ({
          key: `${q.storefront} ${q.query}`,
          cells: [q.query, q.storefront, count(q.searches)],
        }))}
        empty={t(s, 'console.analytics.empty')}
      />
    </>
  );
}
